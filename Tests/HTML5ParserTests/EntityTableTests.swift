import Foundation
import Testing

/// NamedCharacterReferences+Table.swift is generated: this fails when it no longer matches what
/// `Sources/HTML5Parser/generate-entities.py` writes (a hand edit, or a changed generator).
@Test func namedCharacterReferenceTableMatchesItsGenerator() throws {
    let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "Sources/HTML5Parser/generate-entities.py", "--check"]
    process.currentDirectoryURL = root
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(message)")
}
