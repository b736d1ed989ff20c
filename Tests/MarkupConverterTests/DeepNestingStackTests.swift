import Foundation
import MarkupAST
import MarkupConverter
import Testing

/// Nesting past the depth cap, written by every writer on a thread with a 512 KB stack (the
/// size of iOS secondary threads and of the test threads): each writer either walks with a
/// stack of its own or keeps its frames small enough for the capped depth, also under
/// AddressSanitizer (whose frames are several times larger).
///
/// Still recursive, measured under AddressSanitizer on 512 KB (so not covered here yet): the
/// Markdown block writer and the plain text writer on block nesting; the BBCode, styled, AST
/// JSON, AST dump and range JSON writers on inline nesting. `MCONV_TEST_STACK_KB` sets
/// another stack size to measure with.
@Suite("Deep nesting on a small stack")
struct DeepNestingStackTests {
    /// Levels: three times the writers' depth cap of 512.
    static let levels = 1_500

    static let stackSize: Int = {
        let kilobytes = ProcessInfo.processInfo.environment["MCONV_TEST_STACK_KB"].flatMap(Int.init)
        return (kilobytes ?? 512) * 1024
    }()

    /// The shapes: each nests one kind of node (or a mix) `levels` deep around a word.
    static func shapes() -> [(name: String, document: Document)] {
        func inline(_ wrap: (Inline, Int) -> Inline) -> Document {
            var node: Inline = .text("x")
            for level in 0..<levels { node = wrap(node, level) }
            return Document([.paragraph([.text("a "), node, .text(" b")], .none)])
        }
        func block(_ wrap: (Block, Int) -> Block) -> Document {
            var node: Block = .paragraph([.text("x")], .none)
            for level in 0..<levels { node = wrap(node, level) }
            return Document([node])
        }
        let link = Link("https://example.com/")
        return [
            ("emphasis", inline { x, _ in .emphasis([x], .none) }),
            ("emphasis in words", inline { x, _ in .emphasis([.text("a"), x], .none) }),
            ("strong", inline { x, _ in .strong([x], .none) }),
            ("links", inline { x, _ in .link([x], link, .none) }),
            ("spans", inline { x, _ in .span([x], .none) }),
            (
                "mixed inlines",
                inline { x, level in
                    switch level % 6 {
                    case 0: .emphasis([x], .none)
                    case 1: .strong([.text("s "), x], .none)
                    case 2: .link([x], link, .none)
                    case 3: .underline([x], .none)
                    case 4: .strikethrough([x], .none)
                    default: .span([x], Attributes(tag: "kbd"))
                    }
                }
            ),
            ("block quotes", block { x, _ in .blockQuote([x], .none) }),
            ("lists", block { x, _ in .list(ListBlock(kind: .bullet, items: [ListItem([x])])) }),
            ("divs", block { x, _ in .div([x], .none) }),
            (
                "mixed blocks",
                block { x, level in
                    switch level % 3 {
                    case 0: .blockQuote([x], .none)
                    case 1: .list(ListBlock(kind: .ordered, items: [ListItem([x])]))
                    default: .div([x], .none)
                    }
                }
            ),
        ]
    }

    /// Runs `body` on a thread of `size` bytes and waits for it.
    static func onStack(_ size: Int, _ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.stackSize = size
        thread.start()
        done.wait()
    }

    /// Writes each shape (inline or block nesting) with the writer of `output` on a thread of
    /// `stackSize` bytes; the thread's result must hold the innermost word.
    ///
    /// The shapes are built and released on a 64 MB thread: a document 1,500 levels deep,
    /// three times what a reader builds, is freed level by level (recursively), which a
    /// 512 KB thread cannot always do (the last release was the small thread's now and then,
    /// a crash about one run in fifteen).
    static func check(_ output: String, inline: Bool) throws {
        let writer = try Converter(from: "html", to: output).writer
        let failures = ThreadResult<[String]>([])
        onStack(64 << 20) {
            for (name, document) in shapes() where isInline(document) == inline {
                // The small thread takes the document from the box and releases it before it
                // signals: the last reference stays with this thread.
                let box = ThreadResult<Document?>(document)
                let written = ThreadResult<String?>(nil)
                onStack(stackSize) {
                    guard let document = box.load() else { return }
                    box.store(nil)
                    written.store(writer.write(document).output)
                }
                if written.load()?.contains("x") != true {
                    failures.store(failures.load() + ["\(name) -> \(output)"])
                }
            }
        }
        #expect(failures.load() == [])
    }

    /// Inline nesting: the Markdown writers write inlines with a work stack, the HTML and
    /// plain text writers too.
    @Test(arguments: ["markdown", "gfm", "commonmark", "html", "plain"])
    func deepInlinesAreWritten(to output: String) throws {
        try Self.check(output, inline: true)
    }

    /// Block nesting: the HTML writer walks blocks with a work stack.
    @Test func deepBlocksAreWrittenAsHTML() throws {
        try Self.check("html", inline: false)
    }

    /// Whether the shape nests inlines (in one paragraph) rather than blocks.
    static func isInline(_ document: Document) -> Bool {
        if case .paragraph = document.blocks.first { return true }
        return false
    }
}

/// A value shared with the thread that fills it.
final class ThreadResult<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func store(_ newValue: Value) { lock.withLock { value = newValue } }

    func load() -> Value { lock.withLock { value } }
}
