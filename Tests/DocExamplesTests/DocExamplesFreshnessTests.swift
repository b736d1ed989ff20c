import Foundation
import Testing

/// DocExamples.swift is generated from the `///` examples in Sources/: this fails when an
/// example was changed (or added) without running `python3 Tests/DocExamplesTests/extract.py`.
@Test func docExamplesAreUpToDate() throws {
    let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "Tests/DocExamplesTests/extract.py", "--check"]
    process.currentDirectoryURL = root
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(message)")
}
