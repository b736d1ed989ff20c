import ConformanceKit
import Foundation
import MarkupAST
import MarkupConverter
import Testing

/// The AST JSON schema of Formats/json.md: named keys, `version`, exact round trips.
@Suite struct ASTJSONSchemaTests {
    func roundTrip(_ doc: Document) throws -> Document {
        try ASTJSONReader().read(ASTJSONWriter().write(doc).output).document
    }

    @Test func namedKeysVersionAndAttributesOnlyWhenSet() {
        let doc = Document(
            [
                .heading(level: 2, [.text("T")], Attributes(id: "t")),
                .paragraph(
                    [
                        .link(
                            [.strong([.text("a")], .none)], Link("https://x.org", title: "X"), .none
                        )
                    ],
                    .none),
            ], metadata: ["title": "T"])
        let expected = """
            {
              "blocks" : [
                {
                  "attributes" : {
                    "id" : "t"
                  },
                  "children" : [
                    {
                      "text" : "T",
                      "type" : "text"
                    }
                  ],
                  "level" : 2,
                  "type" : "heading"
                },
                {
                  "children" : [
                    {
                      "children" : [
                        {
                          "children" : [
                            {
                              "text" : "a",
                              "type" : "text"
                            }
                          ],
                          "type" : "strong"
                        }
                      ],
                      "destination" : "https://x.org",
                      "title" : "X",
                      "type" : "link"
                    }
                  ],
                  "type" : "paragraph"
                }
              ],
              "metadata" : {
                "title" : "T"
              },
              "version" : 1
            }

            """
        #expect(ASTJSONWriter().write(doc).output == expected)
    }

    /// A document with every node kind, each optional field set somewhere.
    static var everyNodeKind: Document {
        let a = Attributes(
            tag: "x", id: "i", classes: ["c"], pairs: [Attribute(name: "k", value: "v")])
        let inlines: [Inline] = [
            .text("t"), .softBreak, .lineBreak, .code("c", a), .emphasis([.text("e")], .none),
            .strong([.text("s")], a), .strikethrough([.text("s")], .none),
            .underline([.text("u")], .none), .sup([.text("2")], .none), .sub([.text("2")], .none),
            .highlight([.text("h")], .none), .link([.text("l")], Link("/l"), a),
            .image([.text("alt")], Link("i.png", title: "t"), .none),
            .rawInline(format: "html", "<x>"), .span([.text("s")], a),
            .footnoteReference(label: "1"),
        ]
        let cell = TableCell([.plain([.text("c")], .none)], header: true, alignment: .center)
        let blocks: [Block] = [
            .paragraph(inlines, a), .plain([.text("p")], .none),
            .heading(level: 6, [.text("h")], .none), .blockQuote([.thematicBreak(a)], a),
            .codeBlock(info: "swift", code: "x\n", a), .rawBlock(format: "html", "<hr>"),
            .list(
                ListBlock(
                    kind: .ordered, start: 3, delimiter: .parenthesis, tight: false,
                    items: [ListItem([.plain([.text("i")], .none)], task: true, attributes: a)],
                    attributes: a)),
            .definitionList(
                [
                    DefinitionItem(
                        term: [.text("t")], definitions: [[.plain([.text("d")], .none)], []])
                ],
                a),
            .table(
                Table(
                    caption: [.plain([.text("cap")], .none)], columns: [.center, .none],
                    head: [TableRow([cell], attributes: a)],
                    body: [TableRow([TableCell([], colspan: 2, rowspan: 3, attributes: a)])],
                    foot: [TableRow([cell])], attributes: a)),
            .div([.paragraph([.text("d")], .none)], a),
            .footnoteDefinition(label: "1", [.paragraph([.text("f")], .none)], a),
        ]
        return Document(blocks, metadata: ["title": "t", "author": "a"])
    }

    @Test func everyNodeKindRoundTrips() throws {
        let doc = Self.everyNodeKind
        #expect(try roundTrip(doc) == doc)
    }

    /// Compiles only while every case is handled: a new node kind stops the build here until
    /// it joins ``everyNodeKind`` (and Formats/json.md).
    static func listed(_ block: Block, _ inline: Inline) {
        switch block {
        case .paragraph, .plain, .heading, .blockQuote, .codeBlock, .rawBlock, .list,
            .definitionList, .table, .thematicBreak, .div, .footnoteDefinition:
            break
        }
        switch inline {
        case .text, .softBreak, .lineBreak, .code, .emphasis, .strong, .strikethrough,
            .underline, .sup, .sub, .highlight, .link, .image, .rawInline, .span,
            .footnoteReference:
            break
        }
    }

    /// Formats/json.md documents every `"type"` the writer writes (in its tables, in backticks).
    @Test func theSchemaPageNamesEveryType() throws {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let page = try String(
            contentsOf: root.appendingPathComponent("Formats/json.md"), encoding: .utf8)
        let json = ASTJSONWriter().write(Self.everyNodeKind).output
        let marker = #""type" : ""#
        var types: Set<String> = []
        for line in json.split(separator: "\n") {
            guard let start = line.range(of: marker)?.upperBound else { continue }
            types.insert(String(line[start...].prefix { $0 != "\"" }))
        }
        #expect(types.count == 28)  // 12 block and 16 inline kinds: see `listed` below
        for type in types.sorted() {
            #expect(page.contains("| `\(type)`") || page.contains(", `\(type)`"), "\(type)")
        }
    }

    /// `-t json` then `-f json` gives back exactly the document of every command-case input.
    @Test func everyCaseInputRoundTrips() throws {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let paths = ConformancePaths(
            data: nil, repository: root.appendingPathComponent("conformance"))
        var checked = 0
        for (_, cases) in CommandCaseSuite.load(paths: paths) {
            for testCase in cases {
                guard let f = testCase.arguments.firstIndex(of: "-f"),
                    f + 1 < testCase.arguments.count,
                    let reader = try? Converter(from: testCase.arguments[f + 1], to: "json"),
                    let doc = try? reader.convert(testCase.input).document
                else { continue }
                #expect(try roundTrip(doc) == doc, "\(testCase.id)")
                checked += 1
            }
        }
        #expect(checked > 300, "only \(checked) case inputs")
    }

    @Test func unknownTypeAndVersionAreNamed() {
        #expect(throws: ReadError("invalid AST JSON: unknown block type \"nope\" at blocks.0.type"))
        {
            try ASTJSONReader().read(#"{"version":1,"blocks":[{"type":"nope"}]}"#)
        }
        #expect(
            throws: ReadError(
                "invalid AST JSON: unsupported AST JSON version 2 (this reads 1) at version")
        ) {
            try ASTJSONReader().read(#"{"version":2,"blocks":[]}"#)
        }
    }

    @Test func syntaxErrorsNameLineAndColumn() {
        let input = "{\"blocks\": [\n  {\"type\": \"paragraph\" \"x\"}]}"
        #expect(
            throws: ReadError(
                "invalid JSON at line 2, column 24: expected ',' or '}'", line: 2, column: 24)
        ) {
            try ASTJSONReader().read(input)
        }
    }
}
