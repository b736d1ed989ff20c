import Foundation

/// Runs the built `mconv` binary with `arguments` and `input` on standard input; through
/// `launcher` when given (its program and arguments, then mconv's path and `arguments`, as
/// `["/usr/bin/taskset", "-c", "0"]`).
func runMconv(_ arguments: [String], input: String = "", through launcher: [String] = []) throws
    -> (stdout: String, stderr: String, status: Int32)
{
    let binary = try findMconv()
    let process = Process()
    if let program = launcher.first {
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = launcher.dropFirst() + [binary.path] + arguments
    } else {
        process.executableURL = binary
        process.arguments = arguments
    }
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    // mconv may exit without reading standard input (a file argument, a refusal): the write
    // then fails with EPIPE instead of killing the test process with SIGPIPE.
    _ = ignoreBrokenPipes
    try process.run()
    if !input.isEmpty { try? stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8)) }
    try? stdin.fileHandleForWriting.close()
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    let err = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
        String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self),
        process.terminationStatus
    )
}

/// Set once: SIGPIPE ignored in the test process.
let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

struct MissingBinary: Error {}

func findMconv() throws -> URL {
    let fm = FileManager.default
    let me = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var dir = me.deletingLastPathComponent()
    for _ in 0..<6 {
        let candidate = dir.appendingPathComponent("mconv")
        if fm.isExecutableFile(atPath: candidate.path) && !candidate.hasDirectoryPath {
            return candidate
        }
        dir = dir.deletingLastPathComponent()
    }
    let local = URL(fileURLWithPath: fm.currentDirectoryPath).appendingPathComponent(
        ".build/debug/mconv")
    if fm.isExecutableFile(atPath: local.path) { return local }
    throw MissingBinary()
}

func temporaryFile(_ name: String, contents: [UInt8]) throws -> String {
    let dir = fm.temporaryDirectory.appendingPathComponent("mconv-tests-\(UUID().uuidString)")
    try fm.createDirectory(at: dir, withIntermediateDirectories: true)
    let url = dir.appendingPathComponent(name)
    try Data(contents).write(to: url)
    return url.path
}

private let fm = FileManager.default
