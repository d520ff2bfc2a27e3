import BridleGGUF
import Foundation
import Testing

/// A tiny model carrying a chat template: its markers as control tokens within the vocabulary,
/// BOS and EOS pointing at them, the template byte for byte, and the same bytes every time.
@Suite struct TinyModelTemplateTests {
    static let qwenLike = """
        {%- for m in messages %}{{ '<|im_start|>' + m.role + '\\n' + m.content + '<|im_end|>\\n' }}{%- endfor %}
        {%- if tools %}<tools>{{ tools|tojson }}</tools>{% endif %}<tool_call></tool_call><think></think>
        {%- if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}
        """

    @Test func specialTokensAreControlTokensJustBeforeTheEndToken() throws {
        let template = try TinyModelTemplate(source: Self.qwenLike, endToken: "<|im_end|>")
        #expect(template.markers == ["<|im_start|>", "<|im_end|>", "<tools>", "</tools>", "<tool_call>", "</tool_call>", "<think>", "</think>"])
        #expect(template.specialTokens == template.markers)
        #expect(template.beginToken == TinyModel.endOfTextToken)

        let vocabulary = try TinyModel(vocabularySize: 512, seed: 7, template: template).vocabulary()
        #expect(vocabulary.tokens.count == 512)
        #expect(Set(vocabulary.tokens).count == 512)
        #expect(vocabulary.endOfTextTokenID == 511)
        #expect(Array(vocabulary.tokens[503..<511]) == template.markers)
        #expect(vocabulary.tokenTypes[503...].allSatisfy { $0 == 3 })
        #expect(vocabulary.tokenTypes[..<503].allSatisfy { $0 == 1 })
        #expect(vocabulary.tokenBytes[504] == Array("<|im_end|>".utf8))
        #expect(vocabulary.id(ofSpecialToken: "<|im_end|>") == 504)
        #expect(vocabulary.id(ofSpecialToken: TinyModel.endOfTextToken) == 511)
        #expect(vocabulary.merges.count == 512 - 256 - 8 - 1)
        // The merges are the template-less vocabulary's, less the last ones, unless one would
        // spell a marker.
        let plain = try TinyModel(vocabularySize: 512, seed: 7).vocabulary()
        #expect(plain.merges.starts(with: vocabulary.merges.prefix(100)))
    }

    @Test func theFileNamesTheTemplateAndItsBOSAndEOS() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("templated.gguf")
        let template = try TinyModelTemplate(source: "{{ bos_token }}[INST] {{ messages[0].content }} [/INST]{{ eos_token }}", beginToken: "<s>", endToken: "</s>")
        #expect(template.specialTokens == ["[INST]", "[/INST]", "<s>", "</s>"])
        try TinyModel(vocabularySize: 300, seed: 1, template: template).write(to: url)
        let file = try GGUFFile(contentsOf: url)
        guard case .array(.string(let tokens))? = file["tokenizer.ggml.tokens"] else {
            Issue.record("no tokens")
            return
        }
        #expect(file["tokenizer.chat_template"] == .string(template.source))
        #expect(file["tokenizer.ggml.bos_token_id"]?.integerValue.map { tokens[$0] } == "<s>")
        #expect(file["tokenizer.ggml.eos_token_id"]?.integerValue.map { tokens[$0] } == "</s>")
        #expect(file["llama.vocab_size"] == .uint32(300))
    }

    @Test func theSameTemplateAlwaysGivesTheSameBytes() throws {
        let directory = try TemporaryDirectory()
        let template = try TinyModelTemplate(source: Self.qwenLike, endToken: "<|im_end|>")
        let first = directory.file("first.gguf")
        let second = directory.file("second.gguf")
        try TinyModel(vocabularySize: 512, seed: 3, template: template).write(to: first)
        try TinyModel(vocabularySize: 512, seed: 3, template: try TinyModelTemplate(source: Self.qwenLike, endToken: "<|im_end|>")).write(to: second)
        #expect(try Data(contentsOf: first) == Data(contentsOf: second))
        let plain = directory.file("plain.gguf")
        try TinyModel(vocabularySize: 512, seed: 3).write(to: plain)
        #expect(try Data(contentsOf: first) != Data(contentsOf: plain))
    }

    @Test func noMergeSpellsAMarker() throws {
        // Short ASCII markers a random merge could well produce.
        let markers = ["<s>", "</s>", "[ab]", "<a>", "<b>"]
        let template = try TinyModelTemplate(source: "<s></s><a><b>", beginToken: "<s>", endToken: "[ab]")
        for seed: UInt64 in 0..<8 {
            let vocabulary = try TinyModel(vocabularySize: 2048, seed: seed, template: template).vocabulary()
            #expect(Set(vocabulary.tokens).count == vocabulary.tokens.count)
            #expect(markers.allSatisfy { vocabulary.tokens.firstIndex(of: $0) == vocabulary.id(ofSpecialToken: $0) })
        }
    }

    @Test func theMarkersCountTowardTheVocabularySize() throws {
        let template = try TinyModelTemplate(source: "<|a|><|b|><|c|>", endToken: "<|d|>")
        #expect(throws: TinyModelError.vocabularyTooSmall(requested: 261, minimum: 262)) {
            try TinyModel(vocabularySize: 261, seed: 0, template: template)
        }
        #expect(throws: Never.self) { try TinyModel(vocabularySize: 262, seed: 0, template: template) }
    }

    @Test(arguments: ["", "x", "a b", "<|end|>\n", String(repeating: "x", count: 65)])
    func aBOSOrEOSThatCannotBeAToken(token: String) {
        #expect(throws: TinyModelError.self) { try TinyModelTemplate(source: "", endToken: token) }
        #expect((try? TinyModelTemplate(source: "", beginToken: token)) == nil)
    }
}
