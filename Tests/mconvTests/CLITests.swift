import Foundation
import Testing

@Suite("mconv command line")
struct CLITests {
    @Test("unknown output format names the valid choices and exits 2")
    func unknownFormat() throws {
        let r = try runMconv(["-t", "mdown"], input: "x")
        #expect(r.status == 2)
        #expect(
            r.stderr
                == "mconv: unknown output format 'mdown'; choose one of: ansi, ast, bbcode, commonmark, gfm, html, json, markdown, plain, rangejson, styled\n"
        )
        #expect(r.stdout == "")
    }

    @Test("unknown extension exits 2; a bad option value is a usage error (1)")
    func unknownExtension() throws {
        let r = try runMconv(["-f", "markdown+tables", "-t", "html"], input: "x")
        #expect(r.status == 2)
        #expect(
            r.stderr.hasPrefix(
                "mconv: unknown extension 'tables' for format 'markdown'; choose one of: table, strikethrough"
            ))
        let option = try runMconv(
            ["-f", "html", "-t", "markdown", "--html-mode", "bogus"], input: "x")
        #expect(option.status == 1)
        #expect(
            option.stderr == "mconv: --html-mode takes auto, document or fragment, not 'bogus'\n")
        let listing = try runMconv(["--list-extensions=nope"])
        #expect(listing.status == 2)
        #expect(listing.stdout == "")
    }

    @Test("unreadable file exits 2 and names the file")
    func unreadable() throws {
        let r = try runMconv(["/nonexistent/a.md"])
        #expect(r.status == 2)
        #expect(r.stderr == "mconv: cannot read '/nonexistent/a.md': No such file or directory\n")
    }

    @Test("invalid JSON names line and column, exits 2, writes nothing to -o")
    func invalidJSON() throws {
        let out = NSTemporaryDirectory() + "mconv-out-\(UUID().uuidString).html"
        let r = try runMconv(
            ["-f", "json", "-t", "html", "-o", out], input: "{\n  \"blocks\": [,]\n}\n")
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("mconv: <stdin>:2:"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("json output reads back to the same AST")
    func jsonRoundTrip() throws {
        let doc = "# Title\n\nSome *emphasis* and `code`.\n\n- a\n- b\n"
        let json = try runMconv(["-f", "markdown", "-t", "json"], input: doc)
        #expect(json.status == 0)
        let ast1 = try runMconv(["-f", "markdown", "-t", "ast"], input: doc)
        let ast2 = try runMconv(["-f", "json", "-t", "ast"], input: json.stdout)
        #expect(ast1.stdout == ast2.stdout)
        #expect(!ast1.stdout.isEmpty)
        // -t json of -f json gives back the same bytes: attributes and metadata included.
        let page =
            #"<html lang="en"><title>T</title><p class="k" style="color: red">a <b id="x">b</b>"#
            + #" <a href="/l" title="L">l</a></p><table><tr><td colspan="2">c</td></tr></table>"#
        let first = try runMconv(["-f", "html", "-t", "json"], input: page)
        #expect(first.stdout.contains(#""lang" : "en""#))
        let second = try runMconv(["-f", "json", "-t", "json"], input: first.stdout)
        #expect(second.status == 0)
        #expect(second.stdout == first.stdout)
        #expect(second.stderr == "")
    }

    @Test("range JSON: a lone surrogate escape in text is reported, not replaced silently")
    func loneSurrogate() throws {
        let input = #"{"paragraphs":[{"type":"P","text":"a\ud800b","markups":[]}]}"#
        let r = try runMconv(["-f", "rangejson", "-t", "markdown"], input: input)
        #expect(r.status == 0)
        #expect(r.stdout == "a\u{FFFD}b\n")
        #expect(
            r.stderr == "mconv: <stdin>: 1:37: warning: input.invalid-utf16: a lone surrogate"
                + " escape in a JSON string was replaced with U+FFFD\n")
        let strict = try runMconv(["-f", "rangejson", "-t", "markdown", "--strict"], input: input)
        #expect(strict.status == 3)
    }

    @Test("list formats and extensions")
    func listings() throws {
        #expect(
            try runMconv(["--list-input-formats"]).stdout
                == "markdown\ngfm\ncommonmark\nhtml\nplain\nbbcode\nrangejson\njson\n")
        #expect(
            try runMconv(["--list-extensions=commonmark"]).stdout
                == "-table\n-strikethrough\n-autolink\n-tagfilter\n-tasklist\n-footnotes\n-smart\n"
                + "-frontmatter\n")
        #expect(
            try runMconv(["--list-extensions=gfm"]).stdout
                == "+table\n+strikethrough\n+autolink\n+tagfilter\n+tasklist\n+footnotes\n-smart\n"
                + "+frontmatter\n")
        #expect(try runMconv(["--list-extensions=html"]).stdout == "(html has no extensions)\n")
    }

    @Test("--help lists every reader and writer option; unknown options and bad values exit 1")
    func help() throws {
        let help = try runMconv(["--help"])
        #expect(help.status == 0)
        for option in [
            "--from", "--list-extensions", "--heading-style <atx|setext|atx-closed>",
            "--bullet-marker <-|*|+>", "--[no-]raw-html", "--custom-tag <custom-tag>",
            "--encoding <encoding>", "--[no-]autolink", "--strict-ranges",
            "--hard-break <backslash|spaces|html>", "--thematic-break <thematic-break>",
            "--reference-style <full|collapsed|shortcut>",
            "-s, --standalone", "--css <css>", "--metadata <metadata>",
        ] {
            #expect(help.stdout.contains(option), "\(option)")
        }
        let unknown = try runMconv(["--wrapp", "auto"], input: "x")
        #expect(unknown.status == 1)
        #expect(unknown.stderr.hasPrefix("mconv: unknown option '--wrapp'\n"))
        let value = try runMconv(["-t", "markdown", "--heading-style", "under"], input: "x")
        #expect(value.status == 1)
        #expect(
            value.stderr == "mconv: --heading-style takes atx, setext or atx-closed, not 'under'\n")
        let rule = try runMconv(["-t", "markdown", "--thematic-break", "-*-"], input: "x")
        #expect(rule.status == 1)
        #expect(
            rule.stderr
                == "mconv: --thematic-break takes three or more of one of *, - or _ with spaces"
                + " or tabs between (such as ***, ---, ___ or * * *), not '-*-'\n")
        let metadata = try runMconv(["-t", "html", "-s", "--metadata", "title"], input: "x")
        #expect(metadata.status == 1)
        #expect(metadata.stderr == "mconv: --metadata needs KEY=VALUE, not 'title'\n")
        let dash = try runMconv(["-t", "markdown", "--bullet-marker", "-"], input: "* a")
        #expect(dash.stdout == "- a\n")
    }

    @Test("invalid UTF-8 is replaced and reported, output still produced")
    func invalidUTF8() throws {
        let path = try temporaryFile("bad.txt", contents: [0x61, 0xFF, 0x62, 0x0A])
        let r = try runMconv(["-f", "plain", "-t", "ast", path])
        #expect(r.status == 0)
        #expect(r.stdout == "paragraph\n  text \"a\u{FFFD}b\"\n")
        // The file is named once.
        #expect(
            r.stderr == "mconv: \(path): 1:2: warning: input.invalid-utf8: invalid UTF-8 replaced"
                + " with U+FFFD (1 place); if the file is in a legacy encoding, name it:"
                + " --encoding windows-1252\n")
    }

    @Test("--encoding, a UTF-16 byte order mark and an HTML <meta charset> choose the encoding")
    func encodings() throws {
        let latin1 = try temporaryFile("old.txt", contents: [0x63, 0x61, 0x66, 0xE9, 0x0A])
        let named = try runMconv(["--encoding", "latin1", "-f", "plain", "-t", "plain", latin1])
        #expect(named.status == 0)
        #expect(named.stdout == "café\n")
        #expect(named.stderr == "")
        let unknown = try runMconv(["--encoding", "klingon", "-f", "plain", latin1])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("unknown encoding 'klingon'"))
        let utf16 = try temporaryFile(
            "wide.html",
            contents: [0xFF, 0xFE]
                + Array("<p>é</p>".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        #expect(try runMconv(["-t", "plain", utf16]).stdout == "é\n")
        let page = try temporaryFile(
            "meta.html",
            contents: Array("<meta charset=windows-1252><p>".utf8) + [0x93, 0x78, 0x94]
                + Array("</p>".utf8))
        let sniffed = try runMconv(["-t", "plain", page])
        #expect(sniffed.stdout == "“x”\n")
        #expect(sniffed.stderr.contains("note: input.encoding"))
    }

    @Test("--quote-attribution sets the line a quoted author gets; '' turns it off")
    func quoteAttribution() throws {
        let input = "[quote=Al]hi[/quote]"
        #expect(
            try runMconv(["-f", "bbcode", "-t", "markdown"], input: input).stdout
                == "> **Al** wrote:\n>\n> hi\n")
        let german = try runMconv(
            ["-f", "bbcode", "-t", "markdown", "--quote-attribution", "%@ schrieb:"], input: input)
        #expect(german.stdout == "> **Al** schrieb:\n>\n> hi\n")
        #expect(
            try runMconv(
                ["-f", "bbcode", "-t", "markdown", "--quote-attribution", ""], input: input
            ).stdout == "> hi\n")
    }

    @Test("format inferred from file extensions")
    func inference() throws {
        let path = try temporaryFile("page.txt", contents: Array("hello\n".utf8))
        let r = try runMconv([path, "-t", "ast"])
        #expect(r.stdout == "paragraph\n  text \"hello\"\n")
    }
}
