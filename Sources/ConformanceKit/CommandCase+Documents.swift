import Foundation
import HTMLFormat
import MarkdownFormat
import MarkupAST

extension CommandCase {
    /// The input of every HTML and Markdown case under `conformance/cases/`, read into a
    /// document (HTML as a fragment): a varied corpus for tests that compare two ways of
    /// doing the same work.
    ///
    /// ```swift
    /// let docs = CommandCase.caseDocuments()  // about 700 documents
    /// ```
    public static func caseDocuments(packageRoot: URL = ConformancePaths.findPackageRoot())
        -> [Document]
    {
        let paths = ConformancePaths(
            data: nil, repository: packageRoot.appendingPathComponent("conformance"))
        var documents: [Document] = []
        for (_, cases) in CommandCaseSuite.load(paths: paths) {
            for testCase in cases {
                let from =
                    testCase.arguments.firstIndex(of: "-f").map { testCase.arguments[$0 + 1] }
                    ?? "html"
                if from.hasPrefix("html") {
                    let options = HTMLReaderOptions(mode: .fragment)
                    if let doc = try? HTMLReader(options: options).read(testCase.input).document {
                        documents.append(doc)
                    }
                } else if from.hasPrefix("markdown") || from.hasPrefix("gfm")
                    || from.hasPrefix("commonmark")
                {
                    let reader = MarkdownReader(extensions: [
                        .table, .strikethrough, .autolink, .tasklist, .footnotes,
                    ])
                    if let doc = try? reader.read(testCase.input).document { documents.append(doc) }
                }
            }
        }
        return documents
    }

    /// The blocks of every case document followed by those of the next two (wrapping around):
    /// documents where inputs of different kinds meet, for tests that cut a block list.
    ///
    /// ```swift
    /// for blocks in CommandCase.caseDocumentsInThrees() {
    ///     print(blocks.count)  // cut the blocks anywhere
    /// }
    /// ```
    public static func caseDocumentsInThrees(
        packageRoot: URL = ConformancePaths.findPackageRoot()
    ) -> [[Block]] {
        let documents = caseDocuments(packageRoot: packageRoot)
        return documents.indices.map { k in
            documents[k].blocks + documents[(k + 1) % documents.count].blocks
                + documents[(k + 2) % documents.count].blocks
        }
    }
}
