import Foundation
import Testing

/// What `mconv` prints and fails on (issue #18 item 3): one line per code by default, info
/// only with `--verbose`, `--strict` on warnings only, `--fail-on` and `--ignore`.
@Suite("mconv diagnostic output")
struct DiagnosticOutputTests {
    static let page = """
        <style>p { color: red }</style>
        <p class="lead" id="top">Intro</p>
        <p class="note">See <abbr title="HyperText">HTML</abbr>.</p>
        <p>A <span data-x="1">span</span>.</p>

        """

    @Test("presentational losses are info: hidden by default, passing --strict")
    func presentational() throws {
        let path = try temporaryFile("lead.html", contents: Array(#"<p class="lead">a</p>"#.utf8))
        let r = try runMconv(["-t", "markdown", "--strict", path])
        #expect(r.status == 0)
        #expect(r.stdout == "a\n")
        #expect(r.stderr == "")
        let v = try runMconv(["-t", "markdown", "--strict", "--verbose", path])
        #expect(v.status == 0)
        #expect(
            v.stderr
                == "mconv: \(path): info: lossy.attributes: class of 1 element dropped (first <p>)\n"
        )
    }

    @Test("a class or an id dropped by the BBCode and range JSON writers is info too")
    func presentationalInOtherWriters() throws {
        let html = #"<div class="box"><p>a <span id="s">b</span></p></div>"#
        let path = try temporaryFile("box.html", contents: Array(html.utf8))
        let bbcode = try runMconv(["-t", "bbcode", "--strict", path])
        #expect(bbcode.status == 0)
        #expect(bbcode.stdout == "a b\n")
        #expect(bbcode.stderr == "")
        let verbose = try runMconv(["-t", "bbcode", "-v", path])
        #expect(
            verbose.stderr == "mconv: \(path): info: lossy.div: class of a div dropped\n"
                + "mconv: \(path): info: lossy.span: id of a span dropped\n")
        let range = try runMconv(["-t", "rangejson", "--strict", path])
        #expect(range.status == 0)
        #expect(range.stderr == "")
    }

    @Test("to BBCode, CSS bold is [b], a data-* is info and a span's title a warning")
    func bbcodeStylesAndAttributes() throws {
        let html =
            #"<div data-x="1"><p>a <span style="font-weight:bold" data-y="2">b</span></p></div>"#
        let path = try temporaryFile("styled.html", contents: Array(html.utf8))
        let strict = try runMconv(["-t", "bbcode", "--strict", path])
        #expect(strict.status == 0)
        #expect(strict.stdout == "a [b]b[/b]\n")
        #expect(strict.stderr == "")
        let verbose = try runMconv(["-t", "bbcode", "-v", path])
        #expect(verbose.stdout == "a [b]b[/b]\n")
        #expect(
            verbose.stderr == "mconv: \(path): info: lossy.div: data-x of a div dropped\n"
                + "mconv: \(path): info: lossy.span: data-y of a span dropped\n")
        let titled = try temporaryFile(
            "titled.html", contents: Array(#"<p><span title="HyperText">HTML</span></p>"#.utf8))
        let lost = try runMconv(["-t", "bbcode", "--strict", titled])
        #expect(lost.status == 3)
        #expect(lost.stdout == "")
        #expect(
            lost.stderr == "mconv: \(titled): warning: lossy.span: title of a span dropped\n"
                + "mconv: --strict: the conversion to bbcode lost content (see the lossy.*"
                + " diagnostics)\n")
    }

    @Test("content-bearing attributes are a warning naming them; info is listed with -v")
    func contentAttributes() throws {
        let path = try temporaryFile("page.html", contents: Array(Self.page.utf8))
        let r = try runMconv(["-t", "markdown", path])
        #expect(r.status == 0)
        #expect(
            r.stderr
                == "mconv: \(path): warning: lossy.attributes: title of 1 element dropped"
                + " (first <abbr>)\n")
        let v = try runMconv(["-t", "markdown", "-v", path])
        #expect(
            v.stderr == """
                mconv: \(path): info: parse.dropped: dropped 1 <style> elements
                mconv: \(path): warning: lossy.attributes: title of 1 element dropped (first <abbr>)
                mconv: \(path): info: lossy.attributes: class, id and data-* of 3 elements \
                dropped (first <p>)

                """)
        let strict = try runMconv(["-t", "markdown", "--strict", path])
        #expect(strict.status == 3)
        #expect(
            strict.stderr.hasSuffix(
                "mconv: --strict: the conversion to markdown lost"
                    + " content (see the lossy.* diagnostics)\n"))
    }

    @Test("content losses (text, links, images, table structure, list numbering) are warnings")
    func contentLosses() throws {
        let nestedLink =
            #"{"version":1,"blocks":[{"type":"paragraph","children":[{"type":"link","#
            + #""destination":"/a","children":[{"type":"text","text":"a "},{"type":"link","#
            + #""destination":"/b","children":[{"type":"text","text":"b"}]}]}]}]}"#
        let cases: [(from: String, to: String, input: String, line: String)] = [
            (
                "html", "markdown", "<p>a <svg><text>label</text></svg></p>",
                "warning: parse.dropped: dropped 1 <svg> elements with text"
            ),
            (
                "json", "markdown", nestedLink,
                "warning: lossy.nested-link: link inside a link written as its text"
            ),
            (
                "html", "rangejson", #"<p>a <img src="i.png" alt="A"></p>"#,
                "warning: lossy.image: inline image i.png written as its description"
            ),
            (
                "html", "commonmark", "<table><tr><th>h</th></tr><tr><td>b</td></tr></table>",
                "warning: lossy.table: table written as pipe text (no table extension)"
            ),
            (
                "html", "rangejson", "<ol start=3><li>a</li></ol>",
                "warning: lossy.list-start: list start 3 dropped"
            ),
        ]
        for (from, to, input, line) in cases {
            let arguments = ["-f", from, "-t", to, "--no-raw-html"]
            let r = try runMconv(arguments, input: input)
            #expect(r.status == 0, "\(line)")
            #expect(!r.stdout.isEmpty, "\(line)")
            #expect(r.stderr == "mconv: <stdin>: \(line)\n")
            let strict = try runMconv(arguments + ["--strict"], input: input)
            #expect(strict.status == 3, "\(line)")
            #expect(strict.stdout == "", "\(line)")
            #expect(
                strict.stderr == "mconv: <stdin>: \(line)\nmconv: --strict: the conversion to"
                    + " \(to) lost content (see the lossy.* diagnostics)\n")
        }
    }

    @Test("a note is printed by default and passes --strict")
    func notePasses() throws {
        let r = try runMconv(
            ["-f", "html", "-t", "markdown", "--strict"], input: "<p>a<svg></svg></p>")
        #expect(r.status == 0)
        #expect(r.stdout == "a\n")
        #expect(r.stderr == "mconv: <stdin>: note: parse.dropped: dropped 1 <svg> elements\n")
    }

    @Test("--ignore hides a code and keeps it from failing --strict; prefixes match")
    func ignore() throws {
        let path = try temporaryFile("ignored.html", contents: Array(Self.page.utf8))
        for codes in ["lossy.attributes", "lossy.", "lossy.*", "parse.dropped,lossy.attributes"] {
            let r = try runMconv(["-t", "markdown", "--strict", "--ignore", codes, path])
            #expect(r.status == 0, "\(codes)")
            #expect(r.stderr == "", "\(codes)")
        }
        let other = try runMconv(["-t", "markdown", "--strict", "--ignore=lossy.table", path])
        #expect(other.status == 3)
    }

    @Test("--fail-on fails on the codes it names at any severity")
    func failOn() throws {
        let path = try temporaryFile("style.html", contents: Array("<style>a{}</style>b".utf8))
        let r = try runMconv(["-t", "markdown", "--fail-on", "parse.dropped", path])
        #expect(r.status == 3)
        #expect(r.stdout == "")
        #expect(r.stderr == "mconv: --fail-on: \(path): parse.dropped\n")
        #expect(try runMconv(["-t", "markdown", "--fail-on", "lossy.", path]).status == 0)
    }

    @Test("a repeated code is one line with a count and the first place; -v lists each")
    func grouped() throws {
        let input = "[b]a\n\n[i]b\n\n[u]c [/s]\n"
        let r = try runMconv(["-f", "bbcode", "-t", "markdown"], input: input)
        #expect(
            r.stderr == """
                mconv: <stdin>: warning: parse.unclosed-tag: [b] is not closed; closed at the end \
                of its block (and 2 more, first at line 1)
                mconv: <stdin>: 5:6: warning: parse.stray-close-tag: [/s] closes nothing; kept as text

                """)
        let v = try runMconv(["-f", "bbcode", "-t", "markdown", "-v"], input: input)
        #expect(v.stderr.split(separator: "\n").count == 4)
    }

    @Test("a group shows its most severe diagnostic: dropped text is not hidden by a note")
    func worstFirst() throws {
        let html = "<style>a{}</style><svg></svg><p>t</p><svg><text>x</text></svg>"
        let path = try temporaryFile("svg.html", contents: Array(html.utf8))
        let r = try runMconv(["-t", "markdown", "--strict", path])
        #expect(r.status == 3)
        #expect(
            r.stderr.hasPrefix(
                "mconv: \(path): warning: parse.dropped: dropped 1 <svg> elements with text"
                    + " (and 1 more)\n"))
    }
}
