import Foundation
import Testing

/// `--output-dir`: each input converted on its own, folders recursively, paths mirrored.
@Suite("mconv batches")
struct BatchTests {
    /// A fresh folder holding `files` (relative path -> contents).
    func folder(_ files: [String: [UInt8]]) throws -> String {
        let root = NSTemporaryDirectory() + "mconv-batch-\(UUID().uuidString)"
        for (relative, contents) in files {
            let url = URL(fileURLWithPath: root + "/" + relative)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents).write(to: url)
        }
        return root
    }

    /// Every file under `root`, relative, sorted.
    func listing(_ root: String) -> [String] {
        let all = FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []
        return all.filter { path in
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(
                atPath: root + "/" + path, isDirectory: &isFolder)
            return exists && !isFolder.boolValue
        }.sorted()
    }

    func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test("files and folders, each in its own format, mirrored with the output's extension")
    func mirrored() throws {
        let root = try folder([
            "a.html": Array("<p>one <b>b</b></p>".utf8),
            "docs/post.bbcode": Array("[i]two[/i]".utf8),
            "docs/sub/guide.md": Array("# three".utf8),
            "docs/sub/notes.txt": Array("four".utf8),
            "docs/picture.png": [0x89, 0x50, 0x00],
            "docs/.hidden/x.md": Array("hidden".utf8),
        ])
        let out = root + "/out"
        let r = try runMconv(
            [
                "-t", "markdown", "--output-dir", out, "--jobs", "2", root + "/a.html",
                root + "/docs/",
            ])
        #expect(r.status == 0)
        #expect(r.stdout == "")
        #expect(r.stderr == "mconv: 4 files: 4 converted, 0 failed, 0 lossy\n")
        #expect(listing(out) == ["a.md", "docs/post.md", "docs/sub/guide.md", "docs/sub/notes.md"])
        #expect(try read(out + "/a.md") == "one **b**\n")
        #expect(try read(out + "/docs/post.md") == "*two*\n")
        #expect(try read(out + "/docs/sub/guide.md") == "# three\n")
        // An output folder inside an input folder is not read as input.
        let inside = root + "/docs/html"
        let again = try runMconv(["-t", "html", "--output-dir", inside, root + "/docs"])
        #expect(again.status == 0)
        #expect(
            listing(inside) == ["docs/post.html", "docs/sub/guide.html", "docs/sub/notes.html"])
        #expect(try read(inside + "/docs/post.html") == "<p><em>two</em></p>\n")
    }

    @Test("a file that fails does not stop the others; worst status; summary counts")
    func failures() throws {
        let root = try folder([
            "good.md": Array("*ok*".utf8),
            "bad.json": Array("{ nope".utf8),
            "blob.md": [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D],
            "lossy.html": Array("<p><span title=\"t\">x</span></p>".utf8),
        ])
        let out = root + "/out"
        let files = ["bad.json", "blob.md", "good.md", "lossy.html", "missing.md"]
            .map { root + "/" + $0 }
        let r = try runMconv(["-t", "commonmark", "--output-dir", out, "--jobs", "1"] + files)
        #expect(r.status == 2)
        let lines = r.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines[0].hasPrefix("mconv: \(root)/bad.json:1:"))
        let refusal =
            "looks binary (NUL bytes and not UTF-8 or UTF-16); not converted (--force converts it)"
        #expect(lines[1] == "mconv: \(root)/blob.md: \(refusal)")
        #expect(lines[2].hasPrefix("mconv: \(root)/lossy.html: warning: lossy."))
        #expect(lines[3] == "mconv: cannot read '\(root)/missing.md': No such file or directory")
        #expect(lines[4] == "mconv: 5 files: 2 converted, 3 failed, 1 lossy")
        #expect(listing(out) == ["good.md", "lossy.md"])
        // --strict: the lossy file fails with 3, the worse failures win.
        let strict = try runMconv(
            ["-t", "commonmark", "--output-dir", out + "2", "--strict", "-q", root + "/lossy.html"])
        #expect(strict.status == 3)
        #expect(
            strict.stderr == "mconv: \(root)/lossy.html: --strict: the conversion to commonmark"
                + " lost content (see the lossy.* diagnostics)\n")
        #expect(listing(out + "2") == [])
    }

    @Test("two inputs with one output: the second is not written (exit 4)")
    func sameOutput() throws {
        let root = try folder(["a.md": Array("md".utf8), "a.bbcode": Array("[b]bb[/b]".utf8)])
        let out = root + "/out"
        let r = try runMconv(
            ["-t", "html", "--output-dir", out, "--jobs", "1", root + "/a.md", root + "/a.bbcode"])
        #expect(r.status == 4)
        #expect(
            r.stderr == "mconv: \(root)/a.bbcode: not written: '\(root)/a.md' has the same output"
                + " '\(out)/a.html'\nmconv: 2 files: 1 converted, 1 failed, 0 lossy\n")
        #expect(try read(out + "/a.html") == "<p>md</p>\n")
    }

    @Test(
        "an output that would replace its input is refused (exit 4), however the paths are spelled")
    func replacesInput() throws {
        let root = try folder(["a.md": Array("# a".utf8), "sub/b.html": Array("<p>b</p>".utf8)])
        let r = try runMconv(
            [
                "-t", "markdown", "--output-dir", root + "/sub/..", root + "/a.md",
                root + "/sub/b.html",
            ])
        #expect(r.status == 4)
        #expect(
            r.stderr == "mconv: \(root)/a.md: the output would replace the input\n"
                + "mconv: 2 files: 1 converted, 1 failed, 0 lossy\n")
        #expect(try read(root + "/a.md") == "# a")
        #expect(try read(root + "/b.md") == "b\n")
    }

    @Test("an output that cannot be written is reported with exit 4; the others are written")
    func unwritable() throws {
        let root = try folder(["a.md": Array("a".utf8), "b.md": Array("b".utf8)])
        let out = root + "/out"
        // A file where the folder of b's output would go.
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try Data().write(to: URL(fileURLWithPath: out + "/sub"))
        try FileManager.default.createDirectory(
            atPath: root + "/sub", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: root + "/b.md", toPath: root + "/sub/b.md")
        let r = try runMconv(
            ["-t", "html", "--output-dir", out, "--jobs", "1", root + "/a.md", root + "/sub"])
        #expect(r.status == 4)
        #expect(
            r.stderr == "mconv: \(root)/sub/b.md: cannot write '\(out)/sub/b.html': \(out)/sub:"
                + " not a folder\nmconv: 2 files: 1 converted, 1 failed, 0 lossy\n")
        #expect(try read(out + "/a.html") == "<p>a</p>\n")
    }

    @Test("a write that fails midway leaves no part of the file; the old output stays whole")
    func failedWrite() throws {
        let big = String(repeating: "<p>word</p>", count: 20_000)
        let root = try folder([
            "in/big.html": Array(big.utf8), "in/small.html": Array("<p>s</p>".utf8),
            "out/in/big.md": Array("old\n".utf8),
        ])
        // Files above 8 KiB cannot be written (EFBIG: SIGXFSZ ignored, as sh's trap sets it).
        let r = try runMconv(
            ["-t", "markdown", "--output-dir", root + "/out", "--jobs", "1", root + "/in"],
            through: ["/bin/sh", "-c", "trap '' XFSZ; ulimit -f 16; exec \"$0\" \"$@\""])
        #expect(r.status == 4)
        #expect(
            r.stderr
                == "mconv: \(root)/in/big.html: cannot write '\(root)/out/in/big.md': File too"
                + " large\nmconv: 2 files: 1 converted, 1 failed, 0 lossy\n")
        #expect(listing(root + "/out") == ["in/big.md", "in/small.md"])
        #expect(try read(root + "/out/in/big.md") == "old\n")
        #expect(try read(root + "/out/in/small.md") == "s\n")
    }

    #if os(Linux)
        @Test("a progress line when standard error is a terminal (util-linux script)")
        func progress() throws {
            let script = "/usr/bin/script"
            guard FileManager.default.isExecutableFile(atPath: script) else { return }
            let root = try folder([
                "a.md": Array("a".utf8), "b.md": Array("b".utf8), "c.md": Array("c".utf8),
            ])
            let process = Process()
            process.executableURL = URL(fileURLWithPath: script)
            let command = "'\(try findMconv().path)' --jobs 1 --output-dir '\(root)/out' '\(root)'"
            process.arguments = ["-qfec", command, "/dev/null"]
            let output = Pipe()
            process.standardOutput = output
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let bytes = output.fileHandleForReading.readDataToEndOfFile()
            let terminal = String(decoding: bytes, as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            #expect(terminal.hasPrefix("\r\u{1B}[Kmconv: 1/3 files, "))
            #expect(terminal.contains(" MB/s, ETA "))
            let summary = "mconv: 3 files: 3 converted, 0 failed, 0 lossy\r\n"
            #expect(terminal.hasSuffix("\r\u{1B}[K" + summary))
        }

        @Test("--jobs defaults to the cores the process may run on; -v says how many at a time")
        func defaultJobs() throws {
            let taskset = "/usr/bin/taskset"  // util-linux, in every Debian
            try #require(FileManager.default.isExecutableFile(atPath: taskset))
            let root = try folder([
                "in/a.md": Array("a".utf8), "in/b.md": Array("b".utf8), "in/c.md": Array("c".utf8),
            ])
            let input = root + "/in"
            func stderr(_ arguments: [String]) throws -> String {
                let r = try runMconv(arguments, through: [taskset, "-c", "0"])
                #expect(r.status == 0)
                return r.stderr
            }
            let summary = "mconv: 3 files: 3 converted, 0 failed, 0 lossy\n"
            // On one CPU (sched_setaffinity through taskset), one file at a time.
            #expect(
                try stderr(["-v", "-t", "html", "--output-dir", root + "/one", input])
                    == "mconv: 3 files, 1 at a time (1 core available)\n" + summary)
            #expect(listing(root + "/one") == ["in/a.html", "in/b.html", "in/c.html"])
            #expect(
                try stderr([
                    "-v", "-t", "html", "--output-dir", root + "/two", "--jobs", "2", input,
                ])
                    == "mconv: 3 files, 2 at a time (--jobs 2)\n" + summary)
            #expect(try stderr(["-t", "html", "--output-dir", root + "/three", input]) == summary)
        }
    #endif

    @Test("usage errors: -o with --output-dir, standard input, --jobs 0")
    func usage() throws {
        let both = try runMconv(["-o", "x.md", "--output-dir", "out", "a.md"])
        #expect(both.status == 1)
        #expect(both.stderr.hasPrefix("mconv: -o and --output-dir cannot be used together\n"))
        let stdin = try runMconv(["--output-dir", "out"])
        #expect(
            stdin.stderr.hasPrefix(
                "mconv: --output-dir converts files and folders, not standard input\n"))
        let jobs = try runMconv(["--output-dir", "out", "--jobs", "0", "a.md"])
        #expect(jobs.status == 1)
        #expect(
            jobs.stderr.hasPrefix("mconv: --jobs takes a number of files of at least 1, not 0\n"))
    }

    @Test("a dangling symbolic link or a FIFO in a folder is reported; the rest is converted")
    func unreadableInFolder() throws {
        let root = try folder(["in/good.md": Array("*ok*".utf8), "in/notes.txt": []])
        try FileManager.default.createSymbolicLink(
            atPath: root + "/in/dangling.md", withDestinationPath: "nowhere.md")
        try FileManager.default.createSymbolicLink(
            atPath: root + "/in/loop", withDestinationPath: ".")
        #expect(mkfifo(root + "/in/pipe.md", 0o600) == 0)
        // (A FIFO without an input extension, and a link without one, are not inputs.)
        #expect(mkfifo(root + "/in/pipe", 0o600) == 0)
        let out = root + "/out"
        let r = try runMconv(["-t", "html", "--output-dir", out, "--jobs", "1", root + "/in"])
        #expect(r.status == 2)
        #expect(
            r.stderr == "mconv: cannot read '\(root)/in/dangling.md': No such file or directory"
                + " (a dangling symbolic link)\n"
                + "mconv: cannot read '\(root)/in/pipe.md': not a regular file (skipped)\n"
                + "mconv: 4 files: 2 converted, 2 failed, 0 lossy\n")
        // The loop is entered once: its files are the folder's, under its name.
        #expect(listing(out) == ["in/good.html", "in/notes.html"])
    }

    @Test("Ctrl-C stops a batch with exit 130 and leaves no temporary file")
    func interrupted() throws {
        let root = try folder(["good.md": Array("*ok*".utf8)])
        // Reading a FIFO no one writes blocks: the batch is still running when interrupted.
        #expect(mkfifo(root + "/pipe.md", 0o600) == 0)
        let out = root + "/out"
        let process = Process()
        process.executableURL = try findMconv()
        process.arguments = [
            "--output-dir", out, "--jobs", "1", root + "/good.md", root + "/pipe.md",
        ]
        let stderr = Pipe()
        process.standardError = stderr
        try process.run()
        // Wait (up to a minute) for the first output, then interrupt.
        for _ in 0..<600 where !FileManager.default.fileExists(atPath: out + "/good.html") {
            usleep(100_000)
        }
        process.interrupt()
        let message = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 130)
        #expect(String(decoding: message, as: UTF8.self) == "mconv: interrupted\n")
        let all = FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []
        #expect(all.sorted() == ["good.md", "out", "out/good.html", "pipe.md"])
    }

    @Test("--jobs without --output-dir: a warning, and the conversion")
    func jobsWithoutOutputDir() throws {
        let r = try runMconv(["-f", "markdown", "-t", "html", "--jobs", "2"], input: "*a*")
        #expect(r.status == 0)
        #expect(r.stdout == "<p><em>a</em></p>\n")
        #expect(r.stderr == "mconv: warning: --jobs applies only with --output-dir; ignored\n")
        let quiet = try runMconv(["-q", "-t", "html", "--jobs", "2"], input: "*a*")
        #expect(quiet.stderr == "")
    }
}
