import Foundation
import StyledText

/// The straightforward conversion (one `setAttributes` per piece of a run inside one
/// paragraph), kept to check that the optimized `attributedString()` builds the same string.
func referenceAttributedString(_ s: StyledText) -> NSAttributedString {
    let result = NSMutableAttributedString(string: s.string)
    for (range, attributes) in referencePieces(s) { result.setAttributes(attributes, range: range) }
    return result
}

/// The pieces of the reference conversion: each run split at paragraph ends, with its
/// attributes (freshly built values, never read back from an attributed string).
func referencePieces(_ s: StyledText) -> [(NSRange, [NSAttributedString.Key: Any])] {
    var out: [(NSRange, [NSAttributedString.Key: Any])] = []
    var paragraphIndex = 0
    let paragraphs = s.paragraphs
    for run in s.runs {
        var attributes = StyledText.attributes(for: run.style)
        if let a = run.attachment {
            attributes[.mconvAttachment] = PlatformAttributes.attachment(a)
            attributes[.mconvAttachmentInfo] = a
            if a.kind == .rule { attributes[.mconvRule] = true }
        }
        var lo = run.range.lowerBound
        while lo < run.range.upperBound {
            while paragraphIndex + 1 < paragraphs.count,
                paragraphs[paragraphIndex].range.upperBound < lo
            {
                paragraphIndex += 1
            }
            var hi = run.range.upperBound
            var piece = attributes
            if paragraphIndex < paragraphs.count {
                hi = min(hi, paragraphs[paragraphIndex].range.upperBound + 1)
                let p = paragraphs[paragraphIndex].style
                if !p.isEmpty { piece[.mconvParagraphStyle] = PlatformAttributes.paragraphStyle(p) }
            }
            if hi <= lo { hi = run.range.upperBound }
            out.append((NSRange(location: lo, length: hi - lo), piece))
            lo = hi
        }
    }
    return out
}

/// Whether two attributed strings have the same text and the same attributes everywhere
/// (values compared as `AnyHashable`: every value this package stores is `Hashable`).
func sameAttributedStrings(_ a: NSAttributedString, _ b: NSAttributedString) -> Bool {
    func pieces(_ x: NSAttributedString) -> [(NSRange, [String: AnyHashable])] {
        var out: [(NSRange, [String: AnyHashable])] = []
        x.enumerateAttributes(in: NSRange(location: 0, length: x.length)) { d, r, _ in
            var values: [String: AnyHashable] = [:]
            for (k, v) in d { values[k.rawValue] = (v as? AnyHashable) ?? AnyHashable("\(v)") }
            out.append((r, values))
        }
        return out
    }
    guard a.string == b.string else { return false }
    let pa = pieces(a)
    let pb = pieces(b)
    return pa.count == pb.count && zip(pa, pb).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
}
