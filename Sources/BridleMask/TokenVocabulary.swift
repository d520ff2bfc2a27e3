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
        plainTokensWithin = Self.plainTokens(in: trie, vocabularySize: tokens.count)
    }

    /// `plainTokensWithin[n]`: the text tokens that are plain text (``PlainText``) of at most
    /// `n` characters, for `n` up to the longest such token (or ``plainCharacterLimit``).
    let plainTokensWithin: [TokenMask]
    /// Longer plain tokens than this are walked like any other.
    static let plainCharacterLimit = 64

    private static func plainTokens(in trie: TokenTrie, vocabularySize: Int) -> [TokenMask] {
        var exactly = [TokenMask](repeating: TokenMask(vocabularySize: vocabularySize), count: plainCharacterLimit + 1)
        var longest = 0
        for node in 0..<trie.nodeCount where trie.endingTokenCount[node] > 0 {
            let characters = Int(trie.plainCharacters[node])
            guard trie.anchorDepth[node] == 0, characters >= 0, characters <= plainCharacterLimit else { continue }
            longest = max(longest, characters)
            let first = Int(trie.firstToken[node])
            for index in first..<(first + Int(trie.endingTokenCount[node])) { exactly[characters].insert(trie.tokens[index]) }
        }
        var within = Array(exactly.prefix(longest + 1))
        for count in within.indices.dropFirst() { within[count].formUnion(within[count - 1]) }
        return within
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
