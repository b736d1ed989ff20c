import Foundation
import Testing

/// Formats/diagnostics.md lists the codes DiagnosticCode.swift declares: no code is missing
/// from the page, and the page names no code that does not exist.
@Test func diagnosticsPageListsEveryCode() throws {
    let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let table = try String(
        contentsOf: root.appendingPathComponent("Sources/MarkupAST/DiagnosticCode.swift"),
        encoding: .utf8)
    let page = try String(
        contentsOf: root.appendingPathComponent("Formats/diagnostics.md"), encoding: .utf8)
    let declared = Set(
        table.matches(of: /DiagnosticCode\(\s*rawValue: "([a-z0-9.-]+)"\)/).map { String($0.1) })
    let listed = Set(page.matches(of: /\n\| `([a-z]+\.[a-z0-9-]+)` \|/).map { String($0.1) })
    #expect(declared.count > 80)
    #expect(declared.subtracting(listed).sorted() == [])
    #expect(listed.subtracting(declared).sorted() == [])
}
