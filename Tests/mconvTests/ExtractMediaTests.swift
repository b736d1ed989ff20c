import Foundation
import Testing

/// `--extract-media DIR`: `data:` images written to DIR under their content hash, the images
/// pointed at them from where the output is.
@Suite("mconv --extract-media")
struct ExtractMediaCLITests {
    /// `GIF89a` as a data: URI, and its file name (SHA-256 + extension).
    static let gif = "data:image/gif;base64,R0lGODlh"
    static let gifName = "610f5ae4d76e332636a17bd357fd6ce99029316a99d320280d4d77a746bf29e8.gif"
    static let page = Array(
        #"<p><img alt="a" src="\#(gif)"> <img alt="b" src="https://example.com/b.png"></p>"#.utf8)

    func files(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    @Test("standard output: the references name DIR as given")
    func standardOutput() throws {
        let page = try temporaryFile("page.html", contents: Self.page)
        let media = (page as NSString).deletingLastPathComponent + "/media"
        let r = try runMconv(["--extract-media", media, page])
        #expect(r.status == 0)
        #expect(r.stdout == "![a](\(media)/\(Self.gifName)) ![b](https://example.com/b.png)\n")
        #expect(files(media) == [Self.gifName])
        let written = try Data(contentsOf: URL(fileURLWithPath: media + "/" + Self.gifName))
        #expect(Array(written) == Array("GIF89a".utf8))
    }

    @Test("-o: the references are relative to the output file's folder")
    func relativeToOutput() throws {
        let page = try temporaryFile("page.html", contents: Self.page)
        let root = (page as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(
            atPath: root + "/out/docs", withIntermediateDirectories: true)
        let r = try runMconv([
            page, "--extract-media", root + "/out/media", "-o", root + "/out/docs/page.md",
        ])
        #expect(r.status == 0)
        let output = try String(contentsOfFile: root + "/out/docs/page.md", encoding: .utf8)
        #expect(output == "![a](../media/\(Self.gifName)) ![b](https://example.com/b.png)\n")
        #expect(files(root + "/out/media") == [Self.gifName])
    }

    @Test("--output-dir: each output points at DIR from its own folder")
    func batch() throws {
        let page = try temporaryFile("a.html", contents: Self.page)
        let root = (page as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(
            atPath: root + "/in/sub", withIntermediateDirectories: true)
        try Data(Self.page).write(to: URL(fileURLWithPath: root + "/in/sub/b.html"))
        try FileManager.default.moveItem(atPath: page, toPath: root + "/in/a.html")
        let r = try runMconv([
            "--output-dir", root + "/out", "--extract-media", root + "/out/media", "--jobs", "2",
            root + "/in",
        ])
        #expect(r.status == 0)
        let a = try String(contentsOfFile: root + "/out/in/a.md", encoding: .utf8)
        let b = try String(contentsOfFile: root + "/out/in/sub/b.md", encoding: .utf8)
        #expect(a.hasPrefix("![a](../media/\(Self.gifName))"))
        #expect(b.hasPrefix("![a](../../media/\(Self.gifName))"))
        #expect(files(root + "/out/media") == [Self.gifName])
    }

    @Test("names with ../ in a data: URI never reach the file system")
    func traversal() throws {
        let html =
            #"<p><img alt="a" src="data:image/png;name=../../evil.sh;base64,R0lGODlh">"#
            + #" <img alt="b" src="data:image/../../x;base64,R0lGODlh"></p>"#
        let page = try temporaryFile("hostile.html", contents: Array(html.utf8))
        let root = (page as NSString).deletingLastPathComponent
        let r = try runMconv(["--extract-media", root + "/a/media", page])
        #expect(r.status == 0)
        let png = "610f5ae4d76e332636a17bd357fd6ce99029316a99d320280d4d77a746bf29e8.png"
        #expect(
            r.stdout == "![a](\(root)/a/media/\(png)) b\n")
        // (Not an image type: not extracted, and written as its description in safe mode.)
        #expect(
            r.stderr == "mconv: \(page): note: media.not-image: a data: image of type"
                + " image/../../x was not extracted (not an image type)\n"
                + "mconv: \(page): warning: lossy.unsafe-url: unsafe image source"
                + " data:image/../../x;base64,R0lGODlh written as its description"
                + " (--unsafe keeps it)\n")
        let all = FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []
        #expect(all.sorted() == ["a", "a/media", "a/media/\(png)", "hostile.html"])
    }

    @Test("invalid data is reported and kept; a media folder that cannot be made: exit 4")
    func problems() throws {
        let bad = Array(#"<p><img alt="x" src="data:image/png;base64,@@@@"></p>"#.utf8)
        let page = try temporaryFile("bad.html", contents: bad)
        let root = (page as NSString).deletingLastPathComponent
        let r = try runMconv(["--extract-media", root + "/media", page])
        #expect(r.status == 0)
        #expect(r.stdout == "![x](data:image/png;base64,@@@@)\n")
        #expect(
            r.stderr == "mconv: \(page): warning: media.invalid-data: a data: image that does"
                + " not decode was kept as it is (data:image/png;base64,@@@@)\n")
        #expect(files(root + "/media") == [])
        // A file where the media folder should be.
        let good = try temporaryFile("good.html", contents: Self.page)
        let blocked = (good as NSString).deletingLastPathComponent + "/media"
        try Data().write(to: URL(fileURLWithPath: blocked))
        let refused = try runMconv(["--extract-media", blocked, good, "-o", good + ".md"])
        #expect(refused.status == 4)
        #expect(refused.stderr == "mconv: cannot write media into '\(blocked)': not a folder\n")
        #expect(!FileManager.default.fileExists(atPath: good + ".md"))
    }
}
