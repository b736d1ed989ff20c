import Foundation
import Testing

@testable import mconv

/// `-` for standard input and output, the input format from the content, attached short
/// options, joined inputs each read in its own format, and the errors that name a path.
@Suite("mconv conventions")
struct ConventionsTests {
    @Test("'-' reads standard input, '-o -' writes standard output")
    func dash() throws {
        let r = try runMconv(["-f", "html", "-t", "markdown", "-", "-o", "-"], input: "<b>x</b>")
        #expect(r.stdout == "**x**\n")
        #expect(r.stderr == "")
        #expect(r.status == 0)
        let parsed = try runMconv(["-qv", "-t", "plain", "-o", "-", "-"], input: "*y*")
        #expect(parsed.stdout == "y\n")
        let path = try temporaryFile("a.md", contents: Array("one\n".utf8))
        let joined = try runMconv(["-t", "plain", path, "-"], input: "two\n")
        #expect(joined.stdout == "one\n\ntwo\n")
    }

    @Test("without -f or an extension the content names the format; --verbose says the guess")
    func sniffing() throws {
        let cases: [(String, String, String)] = [
            ("<!DOCTYPE html><p>Hi <b>x</b>", "Hi **x**\n", "html (<!DOCTYPE html>)"),
            ("<p>Hi <b>x</b></p>", "Hi **x**\n", "html (it starts with a tag)"),
            ("Hi <b>x</b>", "Hi **x**\n", "html (an HTML tag </b>)"),
            ("[quote]Hi [b]x[/b][/quote]", "> Hi **x**\n", "bbcode (a [b] tag)"),
            ("[url=https://a.example]a[/url]", "[a](https://a.example)\n", "bbcode (a [url] tag)"),
            (
                #"{"paragraphs":[{"type":"P","text":"Hi","markups":[]}]}"#, "Hi\n",
                #"rangejson (a JSON object with "paragraphs")"#
            ),
            ("# Hi <b>x</b>", "# Hi <b>x</b>\n", "markdown (no other format recognised)"),
        ]
        for (input, markdown, guess) in cases {
            let quiet = try runMconv(["-t", "markdown"], input: input)
            #expect(quiet.stdout == markdown, "\(input)")
            #expect(quiet.stderr == "", "\(input)")
            let loud = try runMconv(["-t", "markdown", "-v"], input: input)
            #expect(
                loud.stderr == "mconv: <stdin>: note: read as \(guess); -f names the format\n",
                "\(input)")
        }
        // The AST as JSON, and a file whose extension names no format.
        let json = try runMconv(["-t", "json"], input: "*a*")
        let ast = try runMconv(["-t", "markdown", "-v"], input: json.stdout)
        #expect(ast.stdout == "*a*\n")
        #expect(
            ast.stderr == "mconv: <stdin>: note: read as json (a JSON object with \"blocks\");"
                + " -f names the format\n")
        let page = try temporaryFile("page.php", contents: Array("<p>Hi</p>".utf8))
        #expect(try runMconv(["-t", "markdown", page]).stdout == "Hi\n")
        // HTML input without -t: Markdown output, as with -f html.
        #expect(try runMconv([], input: "<p>Hi <i>x</i></p>").stdout == "Hi *x*\n")
    }

    @Test("a file's extension names its format, whatever the content looks like")
    func extensionWins() throws {
        // Each content alone would be sniffed as another format.
        let cases: [(String, String, String)] = [
            ("notes.txt", "*x* <b>y</b>", "<p>*x* &lt;b&gt;y&lt;/b&gt;</p>\n"),
            ("page.html", "# Title *x*", "<p># Title *x*</p>\n"),
            ("post.bbcode", "<p>*x*</p>", "<p>&lt;p&gt;*x*&lt;/p&gt;</p>\n"),
            ("doc.md", "[b]x[/b] <i>y</i>", "<p>[b]x[/b] <i>y</i></p>\n"),
        ]
        for (name, content, html) in cases {
            let path = try temporaryFile(name, contents: Array(content.utf8))
            let r = try runMconv(["-t", "html", "--unsafe", "-v", path])
            #expect(r.status == 0, "\(name)")
            #expect(r.stdout == html, "\(name)")
            #expect(r.stderr == "", "\(name)")
        }
    }

    @Test("attached short options: -fhtml -tmarkdown -ofile")
    func attached() throws {
        let out = NSTemporaryDirectory() + "mconv-attached-\(UUID().uuidString).md"
        let r = try runMconv(["-fhtml", "-tmarkdown", "-o\(out)"], input: "<i>x</i>")
        #expect(r.status == 0)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "*x*\n")
        // An option's value is left as it is.
        let value = try runMconv(
            ["-fbbcode", "-tmarkdown", "--quote-attribution=-t %@"], input: "[quote=Al]hi[/quote]")
        #expect(value.stdout == "> -t **Al**\n>\n> hi\n")
    }

    @Test("--help lists every option: the command's and every reader and writer option")
    func help() throws {
        let r = try runMconv(["--help"])
        #expect(r.status == 0)
        let help = r.stdout
        /// Whether `name` heads an entry: `--name`, `-x, --name` or `--[no-]name`, then its
        /// value or the end of the name.
        func lists(_ name: String) -> Bool {
            ["--\(name)", "--[no-]\(name)"].contains { form in
                [" ", "\n", "["].contains { help.contains(" " + form + $0) }
            }
        }
        let own = [
            "from", "to", "output", "output-dir", "jobs", "force", "extract-media",
            "list-input-formats", "list-output-formats", "list-extensions", "strict", "fail-on",
            "ignore", "quiet", "verbose", "color", "version", "help",
        ]
        for name in own + ConversionOption.all.map(\.name) {
            #expect(lists(name), "--\(name)")
        }
        for short in ["-f, --from", "-t, --to", "-o, --output", "-q, --quiet", "-v, --verbose"] {
            #expect(help.contains(short), "\(short)")
        }
        // The exit codes, each line whole (an 80-column help wraps a longer line).
        #expect(
            help.contains(
                "\nExit codes: 0 ok, 1 usage, 2 input unreadable or invalid,\n3 --strict and a"
                    + " lossy conversion, 4 output cannot be written, 130 interrupted.\n"))
    }

    @Test("joined inputs in different formats: each read in its own, with a warning")
    func joinedFormats() throws {
        let guide = try temporaryFile("guide.md", contents: Array("# Guide\n".utf8))
        let post = try temporaryFile("post.bbcode", contents: Array("[b]bold[/b]\n".utf8))
        let r = try runMconv(["-t", "markdown", guide, post])
        #expect(r.status == 0)
        #expect(r.stdout == "# Guide\n\n**bold**\n")
        #expect(
            r.stderr == "mconv: warning: the inputs are in different formats (\(guide): markdown,"
                + " \(post): bbcode); each is read in its own format\n")
        // -f names one format for all: no warning.
        let forced = try runMconv(["-f", "markdown", "-t", "markdown", guide, post])
        #expect(forced.stdout == "# Guide\n\n[b]bold[/b]\n")
        #expect(forced.stderr == "")
    }

    @Test("a directory without --output-dir is an error that says what to use")
    func directory() throws {
        let folder = NSTemporaryDirectory() + "mconv-folder-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let r = try runMconv(["-t", "html", folder])
        #expect(r.status == 2)
        #expect(r.stderr == "mconv: \(folder): is a directory (use --output-dir)\n")
        #expect(r.stdout == "")
    }

    @Test("output that cannot be written: exit 4, the path and the reason")
    func unwritable() throws {
        let missing = "/nonexistent-\(UUID().uuidString)/out.md"
        let r = try runMconv(["-t", "markdown", "-o", missing], input: "x")
        #expect(r.status == 4)
        #expect(r.stderr == "mconv: cannot write '\(missing)': No such file or directory\n")
        let folder = NSTemporaryDirectory()
        let onFolder = try runMconv(["-t", "markdown", "-o", folder], input: "x")
        #expect(onFolder.status == 4)
        #expect(onFolder.stderr.hasPrefix("mconv: cannot write '\(folder)': "))
    }

    @Test("-o replaces the file whole and leaves no temporary file")
    func atomicOutput() throws {
        let folder = NSTemporaryDirectory() + "mconv-atomic-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let out = folder + "/out.md"
        try Data(String(repeating: "old\n", count: 1000).utf8).write(to: URL(fileURLWithPath: out))
        let r = try runMconv(["-t", "markdown", "-o", out], input: "new")
        #expect(r.status == 0)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "new\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out.md"])
    }

    @Test("-o through a symbolic link replaces the file it names and keeps the link")
    func outputThroughLink() throws {
        let folder = NSTemporaryDirectory() + "mconv-link-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: folder + "/target.md"))
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/link.md", withDestinationPath: "target.md")
        let r = try runMconv(
            ["-f", "html", "-t", "markdown", "-o", folder + "/link.md"], input: "<b>x</b>")
        #expect(r.status == 0)
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/link.md")
                == "target.md")
        #expect(try String(contentsOfFile: folder + "/target.md", encoding: .utf8) == "**x**\n")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [
                "link.md", "target.md",
            ])
    }

    @Test("-o to a pipe writes into it and leaves it a pipe (as -o /dev/null must)")
    func outputToPipe() throws {
        let fifo = NSTemporaryDirectory() + "mconv-fifo-\(UUID().uuidString)"
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        // Opened for reading first, without blocking, so that mconv's open for writing does
        // not wait; a FIFO replaced by a renamed file would leave this end with no writer.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        let r = try runMconv(["-f", "html", "-t", "markdown", "-o", fifo], input: "<i>y</i>")
        #expect(r.status == 0)
        #expect(r.stderr == "")
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(reader, &buffer, buffer.count)
        #expect(count == 4)
        #expect(String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self) == "*y*\n")
        var info = stat()
        #expect(stat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }

    @Test("binary input is refused unless --force; UTF-16 and text with a NUL are not binary")
    func binary() throws {
        // A PNG header: NUL bytes, and neither UTF-8 nor UTF-16.
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D]
        let blob = try temporaryFile("blob.md", contents: png)
        let r = try runMconv(["-t", "plain", blob])
        #expect(r.status == 2)
        let refusal =
            "looks binary (NUL bytes and not UTF-8 or UTF-16); not converted (--force converts it)"
        #expect(r.stderr == "mconv: \(blob): \(refusal)\n")
        #expect(r.stdout == "")
        let forced = try runMconv(["-t", "plain", "--force", blob])
        #expect(forced.status == 0)
        #expect(forced.stdout == "\u{FFFD}PNG\n\u{1A}\n\u{FFFD}\u{FFFD}\u{FFFD}\n")
        #expect(
            forced.stderr == "mconv: \(blob): 1:1: warning: input.invalid-utf8: invalid UTF-8"
                + " replaced with U+FFFD (1 place); if the file is in a legacy encoding, name it:"
                + " --encoding windows-1252\nmconv: \(blob): warning: input.nul: NUL replaced"
                + " with U+FFFD (3 places)\n")
        let piped = try runMconv(["-t", "plain"], input: "a\u{0}b\u{FFFF}")
        #expect(piped.status == 0)
        #expect(piped.stderr.contains("input.nul"))
        let text = Array("<p>long enough text</p>".utf16)
        let wide = try temporaryFile(
            "wide.html", contents: text.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        let noMark = try runMconv(["-t", "plain", wide])
        #expect(noMark.stdout == "long enough text\n")
        let named = try runMconv(["-t", "plain", "--encoding", "utf-16le", wide])
        #expect(named.stdout == "long enough text\n")
    }
}
