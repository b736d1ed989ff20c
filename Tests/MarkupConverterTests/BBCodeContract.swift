import BBCodeFormat
import Foundation
import HTMLFormat
import MarkupAST
import MarkupConverter
import Testing

/// How one input broke the contract.
enum ContractBreach: String, Sendable {
    /// The direct output differs from the AST path's.
    case outputDiffers = "direct output differs from the AST path"
    /// The direct path answered an input the reader has diagnostics for.
    case readerDiagnostics = "direct path answered, but the reader reports diagnostics"
    /// The direct path answered an input the writer has diagnostics for.
    case writerDiagnostics = "direct path answered, but the writer reports diagnostics"
}

/// One input that broke the contract, with what both paths made of it.
struct ContractFailure: Sendable {
    /// How the contract was broken.
    var breach: ContractBreach
    /// The BBCode.
    var input: String
    /// What the direct path wrote.
    var direct: String
    /// What the AST path wrote.
    var ast: String
    /// The reader's and the writer's diagnostics on the AST path.
    var diagnostics: [Diagnostic]
}

/// The outcome of checking one input.
enum ContractOutcome: Sendable {
    /// The direct path declined (the AST path alone applies).
    case declined
    /// The direct path answered and agrees with the AST path.
    case agreed
    /// The direct path answered and broke the contract.
    case broken(ContractFailure)

    /// Checks `input` read with `reader`.
    static func check(_ input: String, reader: BBCodeReader) -> ContractOutcome {
        guard let direct = BBCodeHTMLDirect.html(input, reader: reader) else { return .declined }
        let read: ReadResult
        do {
            read = try reader.read(input)
        } catch {
            // The BBCode reader never throws; if it did, the direct answer would be wrong.
            return .broken(
                ContractFailure(
                    breach: .readerDiagnostics, input: input, direct: direct,
                    ast: "(reader threw: \(error))", diagnostics: []))
        }
        let written = HTMLWriter().write(read.document)
        let breach: ContractBreach? =
            if direct != written.output {
                .outputDiffers
            } else if !read.diagnostics.isEmpty {
                .readerDiagnostics
            } else if !written.diagnostics.isEmpty {
                .writerDiagnostics
            } else {
                nil
            }
        guard let breach else { return .agreed }
        return .broken(
            ContractFailure(
                breach: breach, input: input, direct: direct, ast: written.output,
                diagnostics: read.diagnostics + written.diagnostics))
    }
}
