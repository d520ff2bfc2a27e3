/// A real chat template for a `TinyModel` to carry as `tokenizer.chat_template`, with the
/// special tokens it names, so that a test can run a whole chat session, tool calls included,
/// through a template family's own prompt format on a model small enough to write in a test.
///
/// ```swift
/// let template = try TinyModelTemplate(source: qwenJinja, beginToken: nil, endToken: "<|im_end|>")
/// template.markers        // ["<|im_start|>", "<tool_call>", "</tool_call>", …, "<|im_end|>", …]
/// try TinyModel(vocabularySize: 512, seed: 1, template: template).write(to: url)
/// ```
///
/// Every special token becomes one control token (type 3) of the vocabulary, so llama.cpp
/// reads its text in a prompt as that token. `bridle make-model --template` chooses the BOS
/// and EOS by rendering the template (BridleGGUF renders nothing); here they are given.
public struct TinyModelTemplate: Sendable, Equatable {
    /// The Jinja text, written to the GGUF byte for byte.
    public let source: String
    /// ``TemplateMarkers/find(in:)`` of the source.
    public let markers: [String]
    /// The BOS text: `tokenizer.ggml.bos_token_id` points at it.
    public let beginToken: String
    /// The EOS text, the template's end of turn: `tokenizer.ggml.eos_token_id` points at it, so
    /// llama.cpp ends generation there.
    public let endToken: String

    /// - Parameters:
    ///   - beginToken: the BOS text; `nil` for the tiny model's own `<|endoftext|>`.
    ///   - endToken: the EOS text; `nil` for `<|endoftext|>`.
    /// - Throws: `TinyModelError.invalidSpecialToken` when a BOS or EOS text is shorter than two
    ///   characters, longer than `TemplateMarkers.maximumLength`, or holds whitespace: it must
    ///   not spell a byte token, and llama.cpp must be able to find it in a prompt.
    public init(source: String, beginToken: String? = nil, endToken: String? = nil) throws(TinyModelError) {
        for token in [beginToken, endToken].compactMap({ $0 }) {
            let scalars = token.unicodeScalars
            guard (2...TemplateMarkers.maximumLength).contains(scalars.count),
                  !scalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 })
            else {
                throw .invalidSpecialToken(token: token, reason: "a special token needs 2 to \(TemplateMarkers.maximumLength) characters and no whitespace")
            }
        }
        self.source = source
        self.markers = TemplateMarkers.find(in: source)
        self.beginToken = beginToken ?? TinyModel.endOfTextToken
        self.endToken = endToken ?? TinyModel.endOfTextToken
    }

    /// The tokens the template adds to the vocabulary, in id order: the markers, then the BOS
    /// and EOS when the template doesn't spell them; never the tiny model's own end token,
    /// which every tiny vocabulary has.
    public var specialTokens: [String] {
        var tokens: [String] = []
        for token in markers + [beginToken, endToken] where token != TinyModel.endOfTextToken && !tokens.contains(token) {
            tokens.append(token)
        }
        return tokens
    }
}
