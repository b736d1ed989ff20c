import Foundation
import Testing

/// The article corpus (`Benchmarks/articles`, pages from its `gather.sh`) and the real-page
/// corpus (`Benchmarks/corpus/pages`) through the built binary; skipped when the pages are not
/// there.
@Suite struct MainContentCorpusTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let articles = root.appendingPathComponent("Benchmarks/articles")
    static var articlePages: [URL] { pages(in: articles.appendingPathComponent("pages")) }
    static var corpusPages: [URL] {
        pages(in: root.appendingPathComponent("Benchmarks/corpus/pages"))
    }

    static func pages(in dir: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(".html") }.sorted().map {
            dir.appendingPathComponent($0)
        }
    }

    /// Pages where `--main-content` is known to fall short of the floor (the diagnosis is in
    /// `Benchmarks/articles/README.md`); none today. Known failures may only shrink: a page
    /// listed here that reaches the floor fails the test until removed.
    static let knownBelowFloor: Set<String> = []

    @Test(
        "--main-content finds each article: F1 of article words >= 0.85 per page, >= 0.95 mean",
        .enabled(
            if: !articlePages.isEmpty,
            "no pages in Benchmarks/articles/pages: run Benchmarks/articles/gather.sh"))
    func articlesAreFound() throws {
        var scores: [Double] = []
        for page in Self.articlePages {
            let name = page.deletingPathExtension().lastPathComponent
            let expected = try String(
                contentsOf: Self.articles.appendingPathComponent("expected/\(name).txt"),
                encoding: .utf8)
            let r = try runMconv([
                "-f", "html", "-t", "plain", "--main-content", "--quiet", page.path,
            ])
            #expect(r.status == 0)
            let f1 = Self.f1(expected: expected, got: r.stdout)
            if Self.knownBelowFloor.contains(name) {
                #expect(f1 < 0.85, "\(name): F1 \(f1), now found: remove it from knownBelowFloor")
                continue
            }
            #expect(f1 >= 0.85, "\(name): F1 \(f1)")
            scores.append(f1)
        }
        let mean = scores.reduce(0, +) / Double(max(1, scores.count))
        #expect(mean >= 0.95, "mean F1 \(mean)")
    }

    @Test(
        "whole pages: frames become links only for media providers or with a title",
        .enabled(
            if: !articlePages.isEmpty || !corpusPages.isEmpty,
            "no corpus pages: run Benchmarks/articles/gather.sh or Benchmarks/corpus/gather.sh"))
    func noNonMediaFrames() throws {
        let list = try String(
            contentsOf: Self.root.appendingPathComponent("Formats/media-providers.txt"),
            encoding: .utf8)
        let providers = list.split(separator: "\n").map {
            $0.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
        for page in Self.articlePages + Self.corpusPages {
            let r = try runMconv(["-f", "html", "-t", "ast", "--quiet", page.path])
            let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            for (k, line) in lines.enumerated() {
                guard line.contains("{<iframe>") || line.contains("{<embed>") else { continue }
                guard let start = line.firstIndex(of: "\""), let end = line.lastIndex(of: "\""),
                    start < end
                else { continue }
                let url = String(line[line.index(after: start)..<end]).lowercased()
                let media = providers.contains { entry in
                    let host = entry.split(separator: "/").first.map(String.init) ?? entry
                    return url.contains("//" + host) || url.contains("." + host)
                }
                let titled = k + 1 < lines.count && !lines[k + 1].contains("\"\(url)\"")
                #expect(media || titled, "\(page.lastPathComponent): \(line)")
            }
        }
    }

    /// Article-word F1 as `Benchmarks/articles/score.py` computes it: lower-cased runs of
    /// letters and digits, one word per character in scripts written without spaces.
    static func f1(expected: String, got: String) -> Double {
        let e = words(expected)
        let g = words(got)
        var common = 0
        for (word, n) in g { common += min(n, e[word] ?? 0) }
        let recall = Double(common) / Double(max(1, e.values.reduce(0, +)))
        let precision = Double(common) / Double(max(1, g.values.reduce(0, +)))
        return recall + precision == 0 ? 0 : 2 * recall * precision / (recall + precision)
    }

    static func words(_ text: String) -> [String: Int] {
        var counts: [String: Int] = [:]
        var word = ""
        func flush() {
            if !word.isEmpty { counts[word, default: 0] += 1 }
            word = ""
        }
        for scalar in text.precomposedStringWithCompatibilityMapping.lowercased().unicodeScalars {
            let v = scalar.value
            let unspaced =
                (0x0E00...0x0EFF).contains(v) || (0x1000...0x109F).contains(v)
                || (0x1780...0x17FF).contains(v) || (0x3040...0x30FF).contains(v)
                || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v)
                || (0xF900...0xFAFF).contains(v)
            if unspaced {
                flush()
                counts[String(scalar), default: 0] += 1
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                || scalar.properties.generalCategory == .nonspacingMark
                || scalar.properties.generalCategory == .spacingMark || scalar == "_"
            {
                word.unicodeScalars.append(scalar)
            } else {
                flush()
            }
        }
        flush()
        return counts
    }
}
