import Foundation
import Testing

@Suite("--detect and --css")
struct StyledOptionsTests {
    @Test("a user stylesheet: bad rules named by file and line, the others applied")
    func userStylesheet() throws {
        let css = """
            :root { -mconv-tap-scheme: myapp }
            [role=mention] { color: #0a84ff; -mconv-attribute: AppAccent red }
            a:hover { color: blue }
            p { color: nonsense; text-shadow: 1px 1px }
            """
        let path = try temporaryFile("user.css", contents: Array(css.utf8))
        let r = try runMconv(
            ["-f", "html", "-t", "styled", "--detect", "mentions", "--css", path],
            input: "<p>hi @ann</p>")
        #expect(r.status == 0)
        #expect(
            r.stdout == """
                ¶ p
                  "hi " shadow=1 1 0
                  "@ann" color=#0a84ff; link="myapp://mention/ann"; role=mention; value="ann"; shadow=1 1 0; attr.AppAccent="red"

                """)
        #expect(
            r.stderr == """
                mconv: <stdin>: warning: style.unsupported-selector: \(path):3: ignored rule for selector 'a:hover'
                mconv: <stdin>: warning: style.invalid-value: \(path):4: ignored 'color: nonsense' (not a colour)

                """)
    }

    @Test("later --css files win; -t ansi applies them and links the scheme URL")
    func ansiAndOrder() throws {
        let first = try temporaryFile("a.css", contents: Array("b { color: red }".utf8))
        let second = try temporaryFile(
            "b.css", contents: Array(":root { -mconv-tap-scheme: app } b { color: #00ff00 }".utf8))
        let r = try runMconv(
            [
                "-f", "html", "-t", "ansi", "--color=always", "--detect", "hashtags", "--css",
                first, "--css", second,
            ], input: "<p><b>x</b> #t</p>")
        #expect(r.status == 0)
        #expect(
            r.stdout
                == "\u{1B}[1;38;2;0;255;0mx\u{1B}[0m \u{1B}]8;;app://hashtag/t\u{1B}\\#t\u{1B}]8;;\u{1B}\\\n"
        )
    }

    @Test("an unreadable --css file is an error; a bad --detect value names the choices")
    func errors() throws {
        let missing = try runMconv(
            ["-f", "html", "-t", "styled", "--css", "/nonexistent/user.css"], input: "<p>x</p>")
        #expect(missing.status != 0)
        #expect(missing.stderr == "mconv: --css: cannot read '/nonexistent/user.css'\n")
        let bad = try runMconv(["-f", "html", "-t", "styled", "--detect", "mentions,emoji"])
        #expect(bad.status != 0)
        #expect(
            bad.stderr
                == "mconv: --detect takes mentions, hashtags or urls, not 'emoji'\n")
    }

    @Test("--detect in HTML output: role spans and links")
    func detectInHTML() throws {
        let r = try runMconv(
            ["-f", "html", "-t", "html", "--detect", "mentions,hashtags,urls"],
            input: "<p>hi @ann #话题# https://x.org</p>")
        #expect(
            r.stdout
                == #"<p>hi <span role="mention">@ann</span> <span role="hashtag">#话题#</span> <a href="https://x.org" role="url">https://x.org</a></p>"#
                + "\n")
    }
}
