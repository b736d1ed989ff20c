import MarkupAST
import MarkupConverter
import Testing

/// `ExtractMedia` (`--extract-media`): `data:` images become files named by their content's
/// hash, references point at them, nothing else changes, and no name comes from the input.
@Suite struct ExtractMediaTests {
    func image(_ destination: String, alt: String = "x") -> Inline {
        .image([.text(alt)], Link(destination), .none)
    }

    func document(_ inlines: Inline...) -> Document { Document([.paragraph(inlines, .none)]) }

    /// The destinations of the images of a document, in document order.
    func destinations(_ document: Document) -> [String] {
        document.query { _ in true }.compactMap { node in
            if case .inline(.image(_, let link, _)) = node { link.destination } else { nil }
        }
    }

    @Test func dataURIsDecodeBase64AndPercentEncoding() {
        let png = DataURI("data:image/png;base64,iVBORw0KGgo=")
        #expect(png?.mediaType == "image/png")
        #expect(png?.bytes == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // Forgiving base64: white space and missing padding are fine; the scheme and the
        // media type are case-insensitive; parameters are dropped.
        let loose = DataURI(" DATA:Image/GIF;charset=x;BASE64,R0lG\nODlh ")
        #expect(loose?.mediaType == "image/gif")
        #expect(loose?.bytes == Array("GIF89a".utf8))
        let svg = DataURI("data:image/svg+xml,%3Csvg%2F%3E%zz")
        #expect(svg?.bytes == Array("<svg/>%zz".utf8))
        #expect(DataURI("data:,hi")?.mediaType == "text/plain")
        // Not data: URIs, or bodies that do not decode.
        for text in [
            "https://example.com/a.png", "data:image/png;base64", "dat:a,b",
            "data:image/png;base64,!!!!", "data:image/png;base64,A", "data:image/png;base64,AB=C",
        ] {
            #expect(DataURI(text) == nil, "\(text)")
        }
    }

    @Test func imagesBecomeFilesNamedByTheirHash() throws {
        // SHA-256("GIF89a") and SHA-256 of the PNG signature, as sha256sum gives them.
        let gif = "data:image/gif;base64,R0lGODlh"
        let png = "data:image/png;base64,iVBORw0KGgo="
        let doc = document(
            image(gif), .text(" "), image(png), .link([image(gif)], Link("/page"), .none),
            image("https://example.com/remote.png"), image("local.png"))
        let result = ExtractMedia(folder: "media").apply(to: doc)
        let gifName = "610f5ae4d76e332636a17bd357fd6ce99029316a99d320280d4d77a746bf29e8.gif"
        let pngName = "4c4b6a3be1314ab86138bef4314dde022e600960d8689a2c8f8631802d20dab6.png"
        #expect(result.files.map(\.name) == [gifName, pngName])
        #expect(result.files.map(\.mediaType) == ["image/gif", "image/png"])
        #expect(result.files[0].bytes == Array("GIF89a".utf8))
        #expect(
            destinations(result.document) == [
                "media/" + gifName, "media/" + pngName, "media/" + gifName,
                "https://example.com/remote.png", "local.png",
            ])
        #expect(result.diagnostics.isEmpty)
        // The folder as the references name it.
        let here = ExtractMedia(folder: ".").apply(to: document(image(gif)))
        #expect(destinations(here.document) == [gifName])
        let up = ExtractMedia(folder: "../m/").apply(to: document(image(gif)))
        #expect(destinations(up.document) == ["../m/" + gifName])
    }

    @Test func hostileURIsNeverNameAFile() throws {
        let hostile = [
            "data:image/../../etc/passwd;base64,AAAA", "data:image/png/../../x;base64,AAAA",
            "data:../../x.png;base64,AAAA", "data:image/png;name=../../evil.sh;base64,AAAA",
            "data:image/svg+xml;filename=/etc/passwd,%3Csvg%2F%3E",
            "data:image/png;base64,Li4vLi4vZXRjL3Bhc3N3ZA==",
        ]
        let doc = Document(hostile.map { .paragraph([image($0)], .none) })
        let result = ExtractMedia(folder: "out").apply(to: doc)
        #expect(result.files.count == 3)
        for file in result.files {
            #expect(file.name.wholeMatch(of: /[0-9a-f]{64}\.(png|svg)/) != nil, "\(file.name)")
        }
        // The types that are not image types were kept, with a note each.
        #expect(destinations(result.document).filter { $0.hasPrefix("data:") }.count == 3)
        #expect(result.diagnostics.map(\.code) == [.mediaNotImage, .mediaNotImage, .mediaNotImage])
    }

    @Test func invalidDataAndOtherTypesStayWithADiagnostic() {
        let doc = document(
            image("data:image/png;base64,!!!!"), image("data:image/png,"),
            image("data:text/html,<script>x</script>"), image("data:image/x-made-up;base64,AAAA"))
        let result = ExtractMedia(folder: "m").apply(to: doc)
        #expect(result.files.isEmpty)
        #expect(result.document == doc)
        #expect(
            result.diagnostics.map { "\($0.severity) \($0.code): \($0.message)" } == [
                "warning media.invalid-data: a data: image that does not decode was kept as it is"
                    + " (data:image/png;base64,!!!!)",
                "warning media.invalid-data: a data: image that does not decode was kept as it is"
                    + " (data:image/png,)",
                "note media.not-image: a data: image of type text/html was not extracted"
                    + " (not an image type)",
                "note media.not-image: a data: image of type image/x-made-up was not extracted"
                    + " (not an image type)",
            ])
    }

    @Test func theConverterReturnsTheFiles() throws {
        var converter = try Converter(from: "html", to: "markdown")
        converter.mediaExtraction = ExtractMedia(folder: "img")
        let result = try converter.convert(
            #"<p><img alt="dot" src="data:image/gif;base64,R0lGODlh"> <img src="data:x"></p>"#)
        let name = "610f5ae4d76e332636a17bd357fd6ce99029316a99d320280d4d77a746bf29e8.gif"
        // (`data:x` is no image: kept by the extraction, removed by Markdown's safe mode, with
        // the space before it.)
        #expect(result.output == "![dot](img/\(name))\n")
        #expect(result.media.map(\.name) == [name])
        #expect(result.diagnostics.map(\.code) == [.mediaInvalidData, .lossyUnsafeURL])
    }
}
