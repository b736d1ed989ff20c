import Foundation
import HTMLFormat
import MarkupAST
import Testing

@testable import StyledText

/// Answers from a table; records every URL asked for; `never` URLs never answer (until
/// cancelled).
private actor FakeLoader: ImageLoading {
    let images: [String: LoadedImage]
    let never: Set<String>
    private(set) var asked: [String] = []

    init(_ images: [String: LoadedImage], never: Set<String> = []) {
        self.images = images
        self.never = never
    }

    func image(at url: URL) async throws -> LoadedImage {
        asked.append(url.absoluteString)
        if never.contains(url.absoluteString) {
            try await Task.sleep(for: .seconds(86_400))
        }
        guard let image = images[url.absoluteString] else { throw URLError(.fileDoesNotExist) }
        return image
    }
}

/// Collects the updates `loadImages` delivers.
private actor Updates {
    private(set) var texts: [StyledText] = []
    func add(_ text: StyledText) { texts.append(text) }
}

private func styled(_ html: String) throws -> StyledText {
    StyledText(try HTMLReader().read(html).document)
}

private func sizes(_ text: StyledText) -> [String] {
    text.runs.compactMap(\.attachment).map {
        let s = ImageSizing.standard.size(of: $0)
        return "\($0.url) \(Int(s.width))x\(Int(s.height))"
    }
}

@Test func placeholderSizesComeFromAttributesCSSOrTheImage() throws {
    let text = try styled(
        #"<p><img src="https://x.org/a.png" width="120" height="80">"#
            + #"<img src="https://x.org/b.png" style="width: 60px">"#
            + #"<img src="https://x.org/c.png" height="30">"#
            + #"<img src="https://x.org/d.png">"#
            + #"<img src="https://x.org/e.png" width="1000000000" height="5"></p>"#)
    #expect(
        sizes(text) == [
            "https://x.org/a.png 120x80", "https://x.org/b.png 60x60", "https://x.org/c.png 30x30",
            "https://x.org/d.png 24x24", "https://x.org/e.png 4096x5",
        ])
    // Once loaded, a missing side follows the image's aspect ratio.
    var wide = TextAttachment(url: "w.png", width: 100)
    wide.image = LoadedImage(data: Data(), width: 400, height: 100)
    #expect(ImageSizing.standard.size(of: wide) == (100, 25))
    wide.width = nil
    #expect(ImageSizing.standard.size(of: wide) == (400, 100))
    let custom = ImageSizing(placeholderWidth: 40, placeholderHeight: 30, maximum: 200)
    #expect(custom.size(of: TextAttachment(url: "x", width: 80)) == (80, 60))
    #expect(custom.size(of: TextAttachment(url: "x", width: .infinity, height: -3)) == (200, 0))
}

@Test func onlyWebDataAndFileSourcesLoad() {
    #expect(ImageSizing.loadableURL("https://x.org/a.png") != nil)
    #expect(ImageSizing.loadableURL("HTTP://x.org/a.png") != nil)
    #expect(ImageSizing.loadableURL("data:image/png;base64,iVBO") != nil)
    #expect(ImageSizing.loadableURL("file:///tmp/a.png") != nil)
    #expect(ImageSizing.loadableURL("javascript:alert(1)") == nil)
    #expect(ImageSizing.loadableURL("ftp://x.org/a.png") == nil)
    #expect(ImageSizing.loadableURL("a.png") == nil)
}

@Test func oneRefreshPerImageAndAltTextOnFailure() async throws {
    let text = try styled(
        #"<p>1<img src="https://x.org/a.png" alt="A" width="10">2"#
            + #"<img src="https://x.org/missing.png" alt="lost">3</p><p>end</p>"#)
    #expect(text.string == "1\u{FFFC}2\u{FFFC}3\nend")
    let loaded = LoadedImage(data: Data([1, 2, 3]), width: 40, height: 20)
    let loader = FakeLoader(["https://x.org/a.png": loaded])
    let updates = Updates()
    await text.loadImages(with: loader) { await updates.add($0) }
    let texts = await updates.texts
    #expect(texts.count == 2)
    let last = try #require(texts.last)
    #expect(last.string == "1\u{FFFC}2lost3\nend")
    #expect(last.runs.compactMap(\.attachment?.image) == [loaded])
    #expect(sizes(last) == ["https://x.org/a.png 10x5"])
    #expect(last.paragraphs.map(\.range) == [0..<8, 9..<12])
    #expect(last.text(in: last.paragraphs[1].range) == "end")
    #expect(Set(await loader.asked) == ["https://x.org/a.png", "https://x.org/missing.png"])
    // The attributed string of the update carries the loaded image on Linux too.
    let attachment = last.attributedString().attribute(.mconvAttachment, at: 1, effectiveRange: nil)
    #expect((attachment as? TextAttachment)?.image == loaded)
}

@Test func unknownSchemesNeverLoadAndBecomeAltText() async throws {
    let text = try styled(
        #"<p><img src="ftp://x.org/a.png" alt="ftp"><img src="https://x.org/b.png" alt="B"></p>"#)
    let loader = FakeLoader([:])
    let updates = Updates()
    await text.loadImages(with: loader) { await updates.add($0) }
    #expect(await loader.asked == ["https://x.org/b.png"])
    #expect(await updates.texts.map(\.string) == ["ftp\u{FFFC}", "ftpB"])
}

@Test func aLoaderThatNeverAnswersDoesNotHoldTheOthers() async throws {
    let text = try styled(
        #"<p><img src="https://x.org/slow.png" alt="slow"><img src="https://x.org/a.png"></p>"#)
    let loaded = LoadedImage(data: Data([7]), width: 5, height: 5)
    let loader = FakeLoader(["https://x.org/a.png": loaded], never: ["https://x.org/slow.png"])
    var captured: AsyncStream<StyledText>.Continuation?
    let stream = AsyncStream<StyledText> { captured = $0 }
    let continuation = try #require(captured)
    let task = Task {
        await text.loadImages(with: loader) { continuation.yield($0) }
        continuation.finish()
    }
    var updates = stream.makeAsyncIterator()
    // The image that loads is shown while the other one is still a placeholder.
    let first = await updates.next()
    #expect(first?.string == "\u{FFFC}\u{FFFC}")
    #expect(first?.runs.compactMap(\.attachment?.image) == [loaded])
    // Cancelling the caller's task ends the stuck load; no further update, placeholder kept.
    task.cancel()
    await task.value
    #expect(await updates.next() == nil)
}

@Test func aTimeLimitTurnsAStuckImageIntoItsAltText() async throws {
    let text = try styled(#"<p>a<img src="https://x.org/slow.png" alt="slow">b</p>"#)
    let loader = FakeLoader([:], never: ["https://x.org/slow.png"])
    let updates = Updates()
    await text.loadImages(with: loader, timeout: .milliseconds(20)) { await updates.add($0) }
    #expect(await updates.texts.map(\.string) == ["aslowb"])
}
