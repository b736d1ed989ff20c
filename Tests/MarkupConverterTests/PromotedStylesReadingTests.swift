import HTMLFormat
import MarkupAST
import MarkupConverter
import Testing

/// The HTML reader's own style promotion (`HTMLReaderOptions.promoteStyles`, what the
/// converter uses for Markdown and plain text) gives the tree the `PromoteStyles` transform
/// gives after reading.
@Suite("Styles promoted while reading")
struct PromotedStylesReadingTests {
    static let inputs = [
        #"<p>a <span style="font-weight:bold">b</span> c</p>"#,
        #"<p><span style="font-weight:700">a</span><span style="font-weight:700">b</span></p>"#,
        #"<p><span style="font-style:italic"><span style="text-decoration:underline line-through">x</span></span></p>"#,
        #"<p><a href="/u"><span style="vertical-align:super;font-weight:bolder">1</span></a> <span style="vertical-align:sub">2</span></p>"#,
        #"<ul><li><span style="font-weight:bold">item</span></li></ul><h2><span style="font-style:oblique">h</span></h2>"#,
        #"<table><tr><th><span style="font-weight:600">h</span></th></tr><tr><td><span style="color:red;font-weight:bold">c</span></td></tr></table>"#,
        #"<p><span style="font-weight:bold"> spaced </span>x<span style="font-weight:bold"></span>y</p>"#,
        #"<b>a<span style="font-style:italic">b</b>c</span>d"#,
        #"<span style="font-weight:bold">a</span><br><span style="font-weight:bold">b</span>"#,
        #"<p><span style="color:red">plain</span> <span style="font-weight:normal">n</span></p>"#,
        #"<div><span style="font-weight:bold">a<div>block</div>b</span></div>"#,
        #"<font color=red><span style="text-decoration-line:underline">u</span></font>"#,
    ]

    @Test("same tree as reading, then PromoteStyles", arguments: inputs)
    func sameTree(html: String) throws {
        var options = HTMLReaderOptions()
        let plain = try HTMLReader(options: options).read(html).document
        options.promoteStyles = true
        let promoted = try HTMLReader(options: options).read(html).document
        #expect(promoted == PromoteStyles.apply(to: plain))
    }

    @Test("the converter reads HTML with promotion and skips the transform")
    func converterUsesReader() throws {
        // (Markdown output also gets the quote attribution: one transform, not two.)
        let converter = try Converter(from: "html", to: "markdown")
        #expect(converter.transforms.count == 1)
        #expect(
            try converter.convert(#"<span style="font-weight:bold">b</span>"#).output == "**b**\n")
        #expect(try Converter(from: "bbcode", to: "markdown").transforms.count == 2)
        // (HTML output: the attribution alone, which keeps the author.)
        #expect(try Converter(from: "html", to: "html").transforms.count == 1)
        #expect(
            try Converter(
                from: "html", to: "html",
                settings: ConversionSettings(values: ["quote-attribution": ""])
            )
            .transforms.isEmpty)
    }
}
