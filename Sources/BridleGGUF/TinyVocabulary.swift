/// The byte-level BPE vocabulary of a `TinyModel`: exactly what goes into
/// the `tokenizer.ggml.*` keys, plus the bytes each token stands for.
public struct TinyVocabulary: Sendable, Equatable {
    /// `tokenizer.ggml.tokens`: token texts in GPT-2's byte-to-unicode
    /// alphabet (a space is "Ġ"), except the end token, which is literal.
    public let tokens: [String]
    /// `tokenizer.ggml.token_type`: 1 (normal) for every token except the
    /// end token, which is 3 (control).
    public let tokenTypes: [Int32]
    /// `tokenizer.ggml.merges`: "LEFT RIGHT" pairs, ranked in vocabulary order.
    public let merges: [String]
    /// The bytes each token decodes to. For the end token these are the
    /// UTF-8 bytes of its literal text.
    public let tokenBytes: [[UInt8]]
    /// The id of `TinyModel.endOfTextToken`, always the last id.
    public let endOfTextTokenID: Int

    /// Token type values used by llama.cpp (`LLAMA_TOKEN_TYPE_*`).
    static let normalTokenType: Int32 = 1
    static let controlTokenType: Int32 = 3

    init(tokenBytes: [[UInt8]], mergedPairs: [(left: Int, right: Int)]) {
        var texts = tokenBytes.map(GPT2ByteAlphabet.text(for:))
        texts.append(TinyModel.endOfTextToken)
        self.tokens = texts
        self.tokenTypes = Array(repeating: Self.normalTokenType, count: tokenBytes.count) + [Self.controlTokenType]
        self.merges = mergedPairs.map { texts[$0.left] + " " + texts[$0.right] }
        self.tokenBytes = tokenBytes + [Array(TinyModel.endOfTextToken.utf8)]
        self.endOfTextTokenID = tokenBytes.count
    }
}
