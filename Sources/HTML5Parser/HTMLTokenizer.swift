/// A token of the HTML tokenizer, as exposed for testing and for tools.
///
/// ```swift
/// let href = HTMLAttribute(name: "href", value: "x")
/// HTMLTokenizer.tokenize("<a href=x>hi").tokens
/// // [.startTag(name: "a", attributes: [href], selfClosing: false), .characters("hi")]
/// ```
public enum HTMLToken: Hashable, Sendable {
    /// `<!DOCTYPE ...>`.
    case doctype(
        name: String?, publicIdentifier: String?, systemIdentifier: String?, forceQuirks: Bool)
    /// A start tag with its attributes (duplicates dropped).
    case startTag(name: String, attributes: [HTMLAttribute], selfClosing: Bool)
    /// An end tag.
    case endTag(name: String)
    /// A comment's data.
    case comment(String)
    /// A run of characters (adjacent runs are merged).
    case characters(String)
}

/// The tokenizer state to start in (the html5lib tests' `initialStates`).
///
/// ```swift
/// HTMLTokenizer.tokenize("a</title>", initialState: .rcdata, lastStartTag: "title")
/// ```
public enum HTMLTokenizerInitialState: String, Sendable, CaseIterable {
    /// Data state.
    case data = "Data state"
    /// RCDATA state.
    case rcdata = "RCDATA state"
    /// RAWTEXT state.
    case rawtext = "RAWTEXT state"
    /// Script data state.
    case scriptData = "Script data state"
    /// PLAINTEXT state.
    case plaintext = "PLAINTEXT state"
    /// CDATA section state.
    case cdataSection = "CDATA section state"

    var state: TokenizerState {
        switch self {
        case .data: .data
        case .rcdata: .rcdata
        case .rawtext: .rawtext
        case .scriptData: .scriptData
        case .plaintext: .plaintext
        case .cdataSection: .cdataSection
        }
    }
}

/// Runs the tokenizer alone (no tree builder, so `<title>` does not switch states).
///
/// ```swift
/// let (tokens, errors) = HTMLTokenizer.tokenize("<p class=a>x&amp;y")
/// tokens.count // 2: the start tag p with class="a", then the characters "x&y"
/// errors.isEmpty // true
/// ```
public enum HTMLTokenizer {
    /// Tokenizes `input`, returning the tokens (characters merged) and the parse errors.
    public static func tokenize(
        _ input: String, initialState: HTMLTokenizerInitialState = .data,
        lastStartTag: String? = nil
    ) -> (tokens: [HTMLToken], errors: [HTMLParseError]) {
        var input = input
        return input.withUTF8 { buf in
            let stream = InputStream.prepare(buf, collectErrors: true)
            var t = Tokenizer(input: stream, sink: CollectingSink(), collectErrors: true)
            t.state = initialState.state
            if let lastStartTag { t.lastStartTag.append(utf8: lastStartTag) }
            t.run()
            t.freeBuffers()
            var errs = stream.errors + t.errors
            errs.sort { $0.offset < $1.offset }
            return (t.sink.tokens, stream.locate(errs))
        }
    }
}

struct CollectingSink: TokenSink {
    var tokens: [HTMLToken] = []
    var allowsCDATA: Bool { false }

    mutating func process(_ token: consuming Token, offset: Int) -> TokenizerState? {
        switch token {
        case .doctype(let d):
            tokens.append(
                .doctype(
                    name: d.name, publicIdentifier: d.publicIdentifier,
                    systemIdentifier: d.systemIdentifier, forceQuirks: d.forceQuirks))
        case .tag(let t):
            tokens.append(
                t.isEnd
                    ? .endTag(name: t.name)
                    : .startTag(name: t.name, attributes: t.attributes, selfClosing: t.selfClosing))
        case .comment(let c): tokens.append(.comment(c))
        case .characters(let s): appendText(s)
        case .nullCharacter: appendText("\u{0}")
        case .eof: break
        }
        return nil
    }

    private mutating func appendText(_ s: String) {
        if case .characters(let prev) = tokens.last {
            tokens[tokens.count - 1] = .characters(prev + s)
        } else {
            tokens.append(.characters(s))
        }
    }
}
