@testable import BridleLlama
import Bridle
import BridleExampleTypes
import BridleTestSupport
import Foundation
import Testing

@Suite struct InstructModelPresenceTests {
    @Test func theModelIsPresentWhereItIsRequired() {
        #expect(!RealModel.smolLM2.isRequired || RealModel.smolLM2.shared != nil, RealModel.smolLM2.missingMessage)
    }
}

/// The chat path on a real instruct model (SmolLM2-135M-Instruct): its own ChatML template with
/// special tokens, a byte-level BPE vocabulary, and the Examples' types valid at a high
/// temperature in the default layout.
@Suite(.enabled(if: RealModel.smolLM2.url != nil, RealModel.smolLM2.missingMessage))
struct InstructModelTests {
    @Test func itsOwnChatTemplateWritesSpecialTokens() throws {
        let model = try RealModel.smolLM2.model()
        #expect(model.vocabularySize == 49_152)
        #expect(model.promptTemplateDescription == "the model's own chat template")
        let prompt = try model.prompt(for: [.system("Reply with JSON."), .user("Hi")])
        #expect(prompt.contains("<|im_start|>system\nReply with JSON.<|im_end|>"))
        #expect(prompt.hasSuffix("<|im_start|>assistant\n"))
        let marker = try model.tokens(for: "<|im_start|>")
        #expect(marker.count == 1, "<|im_start|> is one special token, not text")
        #expect(try model.tokens(for: prompt).contains(try #require(marker.first)))
    }

    @Test(arguments: LlamaGuaranteeTests.exampleCases)
    func exampleTypesAreValidAtHighTemperature(_ testCase: LlamaGuaranteeTests.Case) async throws {
        let model = try RealModel.smolLM2.model()
        let compiled = try testCase.schema.grammar(options: RealModelTests.grammarOptions)
        for seed in UInt64(0)..<2 {
            let request = GenerationRequest(
                messages: [.system("Reply with JSON."), .user("Fill in the form with made-up values.")],
                constraint: OutputConstraint(compiled: compiled, schema: testCase.schema), options: RealModelTests.options(seed: seed))
            var response = ResponseText()
            for try await event in model.generate(request) {
                if case .token(_, let bytes) = event { response.append(bytes) }
            }
            let text = try #require(response.text, "seed \(seed): not UTF-8")
            #expect(try GrammarMatcher.matches(compiled.grammar, text), "seed \(seed): \(text)")
            let content = try GeneratedContent(json: text)
            #expect(testCase.schema.violations(of: content).isEmpty, "seed \(seed): \(text)")
            try testCase.decode(content)
            #expect(!text.contains("<|im_"), "seed \(seed): chat markup in \(text)")
        }
    }
}
