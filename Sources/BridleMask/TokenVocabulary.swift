/// A model's tokens as the mask engine sees them: the bytes each one stands for, what kind of
/// token it is, and a byte trie over the text tokens. Built once per vocabulary and shared by
/// every grammar masked against it.
///
/// Tokens that are not text (control and unused tokens, markers, bytes that can never be part
/// of UTF-8 text, and tokens that stand for no bytes at all) are never allowed under a grammar;
/// end-of-generation tokens are allowed exactly when the text so far is a whole sentence.
///
/// ```swift
/// let vocabulary = TokenVocabulary(tokens: [Array("a".utf8), Array("ab".utf8), []],
///                                  kinds: [.text, .text, .endOfGeneration])
/// vocabulary.count          // 3
/// vocabulary.bytes(of: 1)   // [0x61, 0x62]
/// ```
public struct TokenVocabulary: Sendable {
    public enum Kind: UInt8, Sendable {
        /// Stands for its bytes.
        case text
        /// Ends the response; allowed only once the grammar is complete.
        case endOfGeneration
        /// Never allowed under a grammar.
        case excluded
    }

    /// How many tokens the vocabulary has; token IDs are `0 ..< count`.
    public let count: Int
    let kinds: [Kind]
    let endOfGenerationTokens: [Int32]
    let trie: TokenTrie
    private let byteStorage: [UInt8]
    private let byteOffsets: [Int32]

    /// - Parameters:
    ///   - tokens: Each token's bytes, indexed by token ID.
    ///   - kinds: Each token's kind. A text token that stands for no bytes is excluded, since
    ///     it would let a response grow without end and say nothing.
    public init(tokens: [[UInt8]], kinds: [Kind]) {
        precondition(tokens.count == kinds.count, "one kind per token")
        count = tokens.count
        var kinds = kinds
        for index in kinds.indices where kinds[index] == .text && tokens[index].isEmpty { kinds[index] = .excluded }
        self.kinds = kinds
        endOfGenerationTokens = kinds.indices.filter { kinds[$0] == .endOfGeneration }.map(Int32.init)
        var storage: [UInt8] = []
        var offsets: [Int32] = [0]
        storage.reserveCapacity(tokens.reduce(0) { $0 + $1.count })
        offsets.reserveCapacity(tokens.count + 1)
        for bytes in tokens {
            storage.append(contentsOf: bytes)
            offsets.append(Int32(storage.count))
        }
        byteStorage = storage
        byteOffsets = offsets
        trie = TokenTrie(tokens: tokens, including: { kinds[$0] == .text })
        stringLeavingTokens = kinds.indices.filter { index in
            kinds[index] == .text && tokens[index].contains { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 }
        }.map(Int32.init)
        jsonTextView = TextClassView(.jsonText, trie: trie, vocabularySize: tokens.count)
        views = RecentlyUsedCache(capacity: 8)
    }

    /// The text tokens that can end a JSON string, start an escape, or leave string text
    /// (a quote, a backslash, a control byte): inside a string, every other token only adds
    /// text to it.
    let stringLeavingTokens: [Int32]

    /// The view of JSON string text, which nearly every grammar has; built with the vocabulary.
    private let jsonTextView: TextClassView
    /// Views of other classes (patterns' character classes), built on first use. There are
    /// few, so eight are kept; a grammar with more costs time (a view takes about 20 ms at
    /// 262k tokens), never memory.
    private let views: RecentlyUsedCache<TextClass, TextClassView>

    /// The most characters of JSON string text in one token (at most
    /// ``TextClassView/characterLimit``): no run of text need be followed further.
    var longestTextCharacters: Int { max(jsonTextView.tokensWithin.count - 1, 0) }

    /// How the tokens read as text of `textClass`.
    func view(of textClass: TextClass) -> TextClassView {
        textClass == .jsonText ? jsonTextView : views.value(for: textClass) {
            TextClassView(textClass, trie: trie, vocabularySize: count)
        }
    }

    /// The bytes `token` stands for.
    public func bytes(of token: Int32) -> ArraySlice<UInt8> {
        byteStorage[Int(byteOffsets[Int(token)])..<Int(byteOffsets[Int(token) + 1])]
    }

    public func kind(of token: Int32) -> Kind {
        kinds[Int(token)]
    }

    /// How many tokens can be part of constrained text.
    public var textTokenCount: Int { trie.tokenCount }
}
