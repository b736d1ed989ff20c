import MarkupAST
import WorkerThread

extension StyleResolver {
    /// Renders `blocks` in two halves on two threads when they weigh at least `threshold`
    /// (`ParallelWork.weight`), else in one walk. The second half is resolved by a resolver of
    /// its own and joined with `append`, which gives what one walk gives.
    mutating func render(_ blocks: [Block], parallelThreshold threshold: Int?) {
        guard let threshold,
            let cut = ParallelWork.splitIndex(of: blocks, minimum: threshold, allowed: { _ in true })
        else {
            render(blocks)
            return
        }
        let sheet = self.sheet
        let (_, second) = ParallelWork.both(
            { self.render(Array(blocks[..<cut])) },
            {
                var other = StyleResolver(stylesheet: sheet)
                other.render(Array(blocks[cut...]))
                other.closeParagraph()
                return other
            })
        append(second)
    }

    /// Continues this text with `other`'s, as if the walk that made this one had gone on over
    /// `other`'s blocks: the paragraph separator and the collapsed margin between the two
    /// (the larger of this text's trailing margin and `other`'s leading one), `other`'s style
    /// ids, attachments, runs and paragraphs moved past this text's, its first run merged
    /// into the last one here when one walk would have merged them. `other`'s paragraph must
    /// be closed.
    mutating func append(_ other: StyleResolver) {
        closeParagraph()
        rawCount += other.rawCount
        diagnostics += other.diagnostics
        guard !other.paragraphs.isEmpty else { return }
        let styleShift = styles.count
        styles.append(contentsOf: other.styles)
        let attachmentShift = attachments.count
        attachments.append(contentsOf: other.attachments)
        if !paragraphs.isEmpty {
            let spacing = max(margin, other.leadingMargin)
            if spacing > 0 { paragraphs[paragraphs.count - 1].style.spacingAfter = spacing }
            bytes.append(0x0A)
            addRun(1, other.leadingBase + styleShift, separator: true)
        }
        let shift = utf16
        bytes.append(contentsOf: other.bytes)
        runs.reserveCapacity(runs.count + other.runs.count)
        for (index, record) in other.runs.enumerated() {
            var r = record
            r.start += shift
            r.end += shift
            r.style += styleShift
            if r.attachment >= 0 { r.attachment += attachmentShift }
            if index == 0, r.attachment < 0, let last = runs.last, last.attachment < 0,
                last.end == r.start, sameStyle(last.style, r.style)
            {
                runs[runs.count - 1].end = r.end
                continue
            }
            runs.append(r)
        }
        utf16 += other.utf16
        paragraphs.reserveCapacity(paragraphs.count + other.paragraphs.count)
        for var paragraph in other.paragraphs {
            paragraph.range = (paragraph.range.lowerBound + shift)..<(paragraph.range.upperBound + shift)
            paragraphs.append(paragraph)
        }
        margin = other.margin
        paragraphOpen = false
        hasPending = false
        pending = nil
    }
}
