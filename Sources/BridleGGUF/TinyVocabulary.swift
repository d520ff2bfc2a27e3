/// The byte-level BPE vocabulary of a `TinyModel`: exactly what goes into
/// the `tokenizer.ggml.*` keys, plus the bytes each token stands for.
public struct TinyVocabulary: Sendable, Equatable {
    /// `tokenizer.ggml.tokens`: token texts in GPT-2's byte-to-unicode
    /// alphabet (a space is "Ġ"), except the special tokens and the end
    /// token, which are literal.
    public let tokens: [String]
    /// `tokenizer.ggml.token_type`: 1 (normal) for every token except the
    /// special tokens and the end token, which are 3 (control).
    public let tokenTypes: [Int32]
    /// `tokenizer.ggml.merges`: "LEFT RIGHT" pairs, ranked in vocabulary order.
    public let merges: [String]
    /// The bytes each token decodes to. For the special tokens and the end
    /// token these are the UTF-8 bytes of their literal text.
    public let tokenBytes: [[UInt8]]
    /// The id of `TinyModel.endOfTextToken`, always the last id.
    public let endOfTextTokenID: Int
    /// A template's special tokens (`TinyModelTemplate.specialTokens`), in id
    /// order just before the end token; empty without a template.
    public let specialTokens: [String]

    /// The id of a special token or of the end token, by its literal text.
    ///
    /// ```swift
    /// vocabulary.id(ofSpecialToken: "<|im_end|>")  // vocabulary.endOfTextTokenID - 1, say
    /// ```
    public func id(ofSpecialToken text: String) -> Int? {
        if text == TinyModel.endOfTextToken { return endOfTextTokenID }
        return specialTokens.firstIndex(of: text).map { endOfTextTokenID - specialTokens.count + $0 }
    }

    /// Token type values used by llama.cpp (`LLAMA_TOKEN_TYPE_*`).
    static let normalTokenType: Int32 = 1
    static let controlTokenType: Int32 = 3

    init(tokenBytes: [[UInt8]], mergedPairs: [(left: Int, right: Int)], specialTokens: [String] = []) {
        let literal = specialTokens + [TinyModel.endOfTextToken]
        let texts = tokenBytes.map(GPT2ByteAlphabet.text(for:))
        self.tokens = texts + literal
        self.tokenTypes = Array(repeating: Self.normalTokenType, count: tokenBytes.count)
            + Array(repeating: Self.controlTokenType, count: literal.count)
        self.merges = mergedPairs.map { texts[$0.left] + " " + texts[$0.right] }
        self.tokenBytes = tokenBytes + literal.map { Array($0.utf8) }
        self.endOfTextTokenID = tokenBytes.count + specialTokens.count
        self.specialTokens = specialTokens
    }
}
