import MarkupAST
import MarkupConverter
import Testing

@Suite struct MarkupFormatStringTests {
    @Test func htmlArgumentsAreText() {
        let s = MarkupFormatString.substitute(
            "Hello <b>%@</b>, see <a href='%@'>this</a>",
            arguments: ["<i>Bob</i> & co", "x' onclick='alert(1)"], syntax: .html)
        #expect(
            s
                == "Hello <b>&lt;i&gt;Bob&lt;/i&gt; &amp; co</b>, see <a href='x&#39; onclick=&#39;alert(1)'>this</a>"
        )
    }

    @Test func specifiers() {
        let s = MarkupFormatString.substitute(
            "%d%% of %@ (%i, %.2f, %f) %2$@-%1$d %q", arguments: [42, "all", 7, 3.14159, 1.5],
            syntax: .plain)
        #expect(s == "42% of all (7, 3.14, 1.500000) all-42 %q")
    }

    @Test func missingArgumentsStayAsWritten() {
        #expect(
            MarkupFormatString.substitute("a %@ b %3$@", arguments: [], syntax: .plain)
                == "a %@ b %3$@")
    }

    @Test func markdownEscapesPunctuation() {
        #expect(
            MarkupFormatString.substitute("**%@**", arguments: ["*x* [y](z) #1"], syntax: .markdown)
                == ##"**\*x\* \[y\]\(z\) \#1**"##)
    }

    @Test func bbcodeArgumentsCannotOpenTags() throws {
        let template = "Hello [b]%@[/b]"
        #expect(
            MarkupFormatString.substitute(template, arguments: ["[url=x]y[/url]"], syntax: .bbcode)
                == "Hello [b][noparse][url=x]y[/url][/noparse][/b]")
        let document = try Converter.format(template, arguments: ["[i]Bob[/i]"], from: "bbcode")
        #expect(
            document
                == Document([
                    .paragraph([.text("Hello "), .strong([.text("[i]Bob[/i]")], .none)], .none)
                ]))
    }

    @Test func syntaxFromFormatName() {
        #expect(MarkupFormatString.Syntax(formatName: "gfm") == .markdown)
        #expect(MarkupFormatString.Syntax(formatName: "HTML") == .html)
        #expect(MarkupFormatString.Syntax(formatName: "bbcode") == .bbcode)
        #expect(MarkupFormatString.Syntax(formatName: "plain") == .plain)
    }
}
