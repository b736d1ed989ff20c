import Foundation
import Testing

/// The CLI's start-up and exit shortcuts (`--quiet` skips parse-error collection, large inputs
/// get a prepared heap, the output is written with write(2) and the process exits without
/// releasing the document) must not change outputs, messages or exit codes.
@Suite("mconv process costs")
struct ProcessCostsTests {
    @Test("parse errors only with -v; -q prints no notes; same output, exit 0")
    func quietNotes() throws {
        let plain = try runMconv(["-f", "html", "-t", "markdown"], input: "<p>a</b></p>")
        #expect(plain.stderr == "")
        #expect(plain.stdout == "a\n")
        let loud = try runMconv(["-f", "html", "-t", "markdown", "-v"], input: "<p>a</b></p>")
        #expect(
            loud.stderr == "mconv: <stdin>: 1:5: note: parse.unexpected-end-tag: HTML parse error\n"
        )
        let quiet = try runMconv(
            ["-f", "html", "-t", "markdown", "-q", "-v"], input: "<p>a</b></p>")
        #expect(quiet.stdout == "a\n")
        #expect(quiet.stdout == loud.stdout)
        #expect(quiet.stderr == "")
        #expect(quiet.status == 0)
    }

    @Test("-q --strict still fails with exit 3 and says why")
    func quietStrict() throws {
        let r = try runMconv(
            ["-f", "html", "-t", "commonmark", "-q", "--strict"],
            input: "<p>a<span title=\"t\">b</span></b></p>")
        #expect(r.status == 3)
        #expect(
            r.stderr == "mconv: --strict: the conversion to commonmark lost content"
                + " (see the lossy.* diagnostics)\n")
    }

    @Test("-q still reports an unreadable file with exit 2")
    func quietUnreadable() throws {
        let r = try runMconv(["-q", "-f", "html", "/nonexistent/a.html"])
        #expect(r.status == 2)
        #expect(
            r.stderr == "mconv: cannot read '/nonexistent/a.html': No such file or directory\n")
        let dir = try runMconv(["-q", "-f", "html", NSTemporaryDirectory()])
        #expect(dir.status == 2)
        #expect(
            dir.stderr == "mconv: \(NSTemporaryDirectory()): is a directory (use --output-dir)\n")
    }

    /// Above 256 KiB the CLI prepares the heap before reading; the output must be complete.
    @Test("large input from a file, several files, standard input and -o")
    func largeInput() throws {
        let count = 12_000  // 288 KB: above the 256 KiB threshold
        let html = String(repeating: "<p>word <b>bold</b></p>\n", count: count)
        let expected = String(repeating: "word **bold**\n\n", count: count - 1) + "word **bold**\n"
        let path = try temporaryFile("large.html", contents: Array(html.utf8))
        let fromFile = try runMconv(["-f", "html", "-t", "markdown", "-q", path])
        #expect(fromFile.status == 0)
        #expect(fromFile.stdout == expected)
        let fromStdin = try runMconv(["-f", "html", "-t", "markdown", "-q"], input: html)
        #expect(fromStdin.stdout == expected)
        let twice = try runMconv(["-f", "html", "-t", "markdown", "-q", path, path])
        #expect(twice.stdout == expected + "\n" + expected)
        let out = NSTemporaryDirectory() + "mconv-large-\(UUID().uuidString).md"
        let toFile = try runMconv(["-f", "html", "-t", "markdown", "-q", "-o", out, path])
        #expect(toFile.status == 0)
        #expect(toFile.stdout == "")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == expected)
    }

    #if os(Linux)
        @Test("a failed write to standard output exits 4 with a message")
        func writeError() throws {
            let process = Process()
            process.executableURL = try findMconv()
            process.arguments = ["-f", "html", "-t", "markdown"]
            let stdin = Pipe()
            let stderr = Pipe()
            process.standardInput = stdin
            process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
            process.standardError = stderr
            _ = ignoreBrokenPipes
            try process.run()
            try? stdin.fileHandleForWriting.write(contentsOf: Data("<p>a</p>".utf8))
            try stdin.fileHandleForWriting.close()
            let err = stderr.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationStatus == 4)
            #expect(
                String(decoding: err, as: UTF8.self)
                    == "mconv: cannot write to standard output: No space left on device\n")
        }
    #endif
}
