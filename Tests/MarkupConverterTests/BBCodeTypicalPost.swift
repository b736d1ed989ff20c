import BBCodeFormat
import HTMLFormat
import MarkupAST
import MarkupConverter
import Testing

/// An everyday post and the HTML it converts to.
struct TypicalPost: Sendable, CustomTestStringConvertible {
    /// What the post is (the test's argument label).
    var name: String
    /// The BBCode.
    var input: String
    /// The expected HTML.
    var html: String

    var testDescription: String { name }

    /// The posts, with their HTML.
    static let all: [TypicalPost] = [
        TypicalPost(
            name: "paragraphs with formatting, a link and a colour",
            input: """
                Hi [b]all[/b], see [url=https://example.com/a?b=1&c=2]this [i]page[/i][/url].
                It's [color=red]red[/color] & <fine>.

                Second paragraph with www.example.org in it.
                """,
            html: """
                <p>Hi <strong>all</strong>, see <a href="https://example.com/a?b=1&amp;c=2">this <em>page</em></a>.<br />
                It's <span style="color: red">red</span> &amp; &lt;fine&gt;.</p>
                <p>Second paragraph with <a href="http://www.example.org">www.example.org</a> in it.</p>

                """),
        TypicalPost(
            name: "a quote with an author",
            input: """
                [quote="Carol D" post_id=12 time=3]I said [u]this[/u].

                And that.[/quote]
                I agree.
                """,
            html: """
                <blockquote author="Carol D" post_id="12" time="3">
                <p>I said <u>this</u>.</p>
                <p>And that.</p>
                </blockquote>
                <p>I agree.</p>

                """),
        TypicalPost(
            name: "a list",
            input: """
                Steps:
                [list=1]
                [*]Open [i]the[/i] box
                [*]Take it out
                [/list]
                """,
            html: """
                <p>Steps:</p>
                <ol>
                <li>Open <em>the</em> box</li>
                <li>Take it out</li>
                </ol>

                """),
        TypicalPost(
            name: "a code block",
            input: """
                Try this:
                [code=swift]
                let a = 1 < 2
                [/code]
                Works?
                """,
            html: """
                <p>Try this:</p>
                <pre><code class="language-swift">let a = 1 &lt; 2
                </code></pre>
                <p>Works?</p>

                """),
    ]
}
