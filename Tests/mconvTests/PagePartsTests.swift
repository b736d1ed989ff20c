import Testing

/// `--select`, `--strip`, `--ignore-links`, `--ignore-images` through the built binary (the
/// outputs themselves: conformance/cases/cli/page-parts.md).
@Suite struct PagePartsTests {
    @Test("--select without a match: empty output, a warning naming the selector, exit 0")
    func selectWithoutMatch() throws {
        let r = try runMconv(
            ["-f", "html", "-t", "markdown", "--select", "main p"], input: "<p>x</p>")
        #expect(r.status == 0)
        #expect(r.stdout == "")
        #expect(
            r.stderr
                == "mconv: <stdin>: warning: select.no-match: no element matches the selector "
                + "'main p'; the output is empty\n")
    }

    @Test("a selector that does not parse is a usage error")
    func badSelector() throws {
        let r = try runMconv(["-f", "html", "-t", "markdown", "--select", "p:hover"], input: "x")
        #expect(r.status == 1)
        #expect(
            r.stderr == "mconv: --select: unsupported pseudo-class ':hover' at 1 in 'p:hover'\n")
    }

    @Test("the options work for every input and output pair")
    func everyPair() throws {
        let inputs = [
            ("html", "<p><a href='/l'>L</a> <img src='i.png' alt='I'> <b>B</b></p>"),
            ("markdown", "[L](/l) ![I](i.png) **B**\n"),
            ("bbcode", "[url=/l]L[/url] [img]i.png[/img] [b]B[/b]"),
        ]
        for (from, text) in inputs {
            for to in ["html", "markdown", "bbcode", "plain"] {
                let args = [
                    "-f", from, "-t", to, "--ignore-links", "--ignore-images", "--strip", "b",
                ]
                let r = try runMconv(args, input: text)
                #expect(r.status == 0)
                #expect(!r.stdout.contains("/l") && !r.stdout.contains("i.png"), "\(from) -> \(to)")
                #expect(r.stdout.contains("L") && r.stdout.contains("B"), "\(from) -> \(to)")
                #expect(
                    !r.stdout.contains("<strong>") && !r.stdout.contains("**"), "\(from) -> \(to)")
            }
        }
    }
}
