@testable import BridleLlama
import Bridle
import BridleExampleTypes
import Foundation
import Testing

/// Forced text on real vocabularies is split as the model's own tokenizer splits the whole
/// response: every token the grammar forced (fast-forward, token healing) spans exactly a token
/// of the tokenizer's split of the final text. The Examples' types, the Examples' prompts, on
/// gemma (262k SentencePiece) and SmolLM2 (49k byte-level BPE), greedy and sampled.
@Suite struct TokenHealingTests {
    @Test(.enabled(if: RealModel.gemma.url != nil, RealModel.gemma.missingMessage))
    func forcedTokensAreGemmasOwnSplit() async throws {
        try await expectForcedTokensAreTheTokenizersOwnSplit(.gemma)
    }

    @Test(.enabled(if: RealModel.smolLM2.url != nil, RealModel.smolLM2.missingMessage))
    func forcedTokensAreSmolLM2sOwnSplit() async throws {
        try await expectForcedTokensAreTheTokenizersOwnSplit(.smolLM2)
    }

    private func expectForcedTokensAreTheTokenizersOwnSplit(_ real: RealModel) async throws {
        let model = try real.model()
        var forced = 0
        var offSplit: [String] = []
        for testCase in LlamaGuaranteeTests.exampleCases {
            let compiled = try testCase.schema.grammar(options: RealModelTests.grammarOptions)
            for sampling in [SamplingMode.greedy, .random(top: 40, seed: 3)] {
                var options = GenerationOptions(sampling: sampling, temperature: 0.7, grammar: RealModelTests.grammarOptions)
                options.maximumAnswerAttempts = 1
                let request = GenerationRequest(
                    messages: [.system("Reply with JSON."), .user("Fill in the form for \(testCase.name).")],
                    constraint: OutputConstraint(compiled: compiled, schema: testCase.schema), options: options)
                var tokens: [[UInt8]] = []
                var statistics: GenerationStatistics?
                for try await event in model.generate(request) {
                    switch event {
                    case .token(_, let bytes): tokens.append(bytes)
                    case .finished(let final): statistics = final
                    default: break
                    }
                }
                let indices = try #require(statistics).forcedTokenIndices
                forced += indices.count
                let spans = Self.spans(of: model.model.tokenize(plainText: tokens.flatMap { $0 }) ?? [], model: model)
                var offset = 0
                for (index, bytes) in tokens.enumerated() {
                    if indices.contains(index), !spans.contains([offset, offset + bytes.count]) {
                        offSplit.append("\(testCase.name): \(String(decoding: tokens[..<index].flatMap { $0 }.suffix(16), as: UTF8.self))[\(String(decoding: bytes, as: UTF8.self))]")
                    }
                    offset += bytes.count
                }
            }
        }
        #expect(forced > 50, "the Examples' types force keys and punctuation")
        #expect(offSplit.isEmpty, "\(offSplit)")
    }

    /// The byte spans of `tokens`, laid end to end.
    static func spans(of tokens: [Int32], model: LlamaLanguageModel) -> Set<[Int]> {
        var spans: Set<[Int]> = []
        var offset = 0
        for token in tokens {
            let length = model.bytes(for: [token]).count
            spans.insert([offset, offset + length])
            offset += length
        }
        return spans
    }
}
