import Foundation

extension StyledText {
    /// Loads the images of this text with `loader` and calls `onUpdate` with the text as it
    /// becomes, once per image: with the image set on its attachment when it loads (its
    /// placeholder size gives way to the image's aspect ratio), or with the attachment
    /// replaced by its alt text when it fails or takes longer than `timeout`.
    ///
    /// The text itself never waits: show it first (images are placeholders of
    /// `ImageSizing`'s size), then refresh the label in `onUpdate`. Sources other than
    /// `http`, `https`, `data` and `file` are never loaded: they become their alt text in one
    /// update before any image loads. The loads run as child tasks of the caller's task (no
    /// thread is made); cancelling that task cancels them and leaves the placeholders. A
    /// loader that never answers holds back only its own image, and with a `timeout` that
    /// image becomes its alt text (the loader must return when cancelled).
    ///
    /// ```swift
    /// struct Offline: ImageLoading {
    ///     func image(at url: URL) async throws -> LoadedImage { throw URLError(.notConnectedToInternet) }
    /// }
    /// let cat = Inline.image([.text("a cat")], Link("https://example.com/cat.png"), .none)
    /// let text = StyledText(Document([.paragraph([cat], .none)]))
    /// text.string // "\u{FFFC}"
    /// await text.loadImages(with: Offline(), timeout: .seconds(10)) { updated in
    ///     print(updated.string)  // "a cat": on Apple platforms, set label.attributedText here
    /// }
    /// ```
    public func loadImages(
        with loader: some ImageLoading, timeout: Duration? = nil,
        onUpdate: @escaping @Sendable (StyledText) async -> Void
    ) async {
        var current = self
        var pending: [(run: Int, url: URL)] = []
        var refused = false
        for (i, run) in runs.enumerated() {
            guard let a = run.attachment, a.kind == .image, a.image == nil else { continue }
            if let url = ImageSizing.loadableURL(a.url) {
                pending.append((i, url))
            } else {
                current = current.replacingAttachmentWithAlt(run: i)
                refused = true
            }
        }
        if refused { await onUpdate(current) }
        guard !pending.isEmpty else { return }
        await withTaskGroup(of: (Int, LoadedImage?).self) { group in
            for (run, url) in pending {
                group.addTask { (run, await Self.load(url, with: loader, timeout: timeout)) }
            }
            for await (run, image) in group {
                if Task.isCancelled { break }
                if let image {
                    current.runs[run].attachment?.image = image
                } else {
                    current = current.replacingAttachmentWithAlt(run: run)
                }
                await onUpdate(current)
            }
        }
    }

    /// One load, failures and a passed time limit as nil.
    static func load(
        _ url: URL, with loader: some ImageLoading, timeout: Duration?
    ) async -> LoadedImage? {
        guard let timeout else { return try? await loader.image(at: url) }
        return await withTaskGroup(of: LoadedImage?.self) { race in
            race.addTask { try? await loader.image(at: url) }
            race.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await race.next() ?? nil
            race.cancelAll()
            return first
        }
    }

    /// This text with the attachment of run `run` replaced by its alt text in the run's
    /// style (an empty alt leaves an empty run); later runs and paragraphs move along.
    ///
    /// ```swift
    /// let cat = Inline.image([.text("cat")], Link("cat.png"), .none)
    /// let text = StyledText(Document([.paragraph([.text("a"), cat, .text("b")], .none)]))
    /// text.replacingAttachmentWithAlt(run: 1).string // "acatb"
    /// ```
    public func replacingAttachmentWithAlt(run index: Int) -> StyledText {
        guard runs.indices.contains(index), let attachment = runs[index].attachment else {
            return self
        }
        let old = runs[index].range
        let alt = attachment.alt
        let length = alt.utf16.count
        let delta = length - old.count
        let utf16 = string.utf16
        guard
            let lo = utf16.index(
                utf16.startIndex, offsetBy: old.lowerBound, limitedBy: utf16.endIndex),
            let hi = utf16.index(lo, offsetBy: old.count, limitedBy: utf16.endIndex)
        else { return self }
        var result = self
        result.string = String(string[..<lo]) + alt + String(string[hi...])
        result.utf16Count = utf16Count + delta
        result.runs[index] = StyledRun(
            range: old.lowerBound..<(old.lowerBound + length),
            sharedStyle: runs[index].sharedStyle, sharedAttachment: nil)
        for j in (index + 1)..<runs.count {
            let r = runs[j].range
            result.runs[j].range = (r.lowerBound + delta)..<(r.upperBound + delta)
        }
        for (j, p) in paragraphs.enumerated() {
            let r = p.range
            if r.lowerBound > old.lowerBound {
                result.paragraphs[j].range = (r.lowerBound + delta)..<(r.upperBound + delta)
            } else if r.upperBound >= old.upperBound {
                result.paragraphs[j].range = r.lowerBound..<(r.upperBound + delta)
            }
        }
        return result
    }
}
