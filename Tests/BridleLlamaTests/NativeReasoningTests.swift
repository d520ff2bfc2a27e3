import Bridle
import BridleGGUF
import BridleLlama
import BridleTemplate
import BridleTestSupport
import Foundation
import Testing

/// A model whose template has a reasoning block reasons in it: Bridle opens the block where the
/// generation prompt doesn't, the reasoning ends at the block's own end marker (or Bridle writes
/// it at the budget), and the constrained answer follows.
@Suite(.enabled(if: NativeTemplates.directory != nil, "llama.cpp's chat templates not found: run `bash scripts/llama.sh`"))
struct NativeReasoningTests {
    @Test(arguments: [
        ("Qwen-Qwen3-0.6B", "<think>\n", "\n</think>"),
        ("deepseek-ai-DeepSeek-R1-Distill-Llama-8B", "<think>\n", "</think>"),
    ])
    func theReasoningRunsInTheModelsOwnBlock(template name: String, opening: String, closing: String) async throws {
        let folder = try #require(NativeTemplates.directory)
        let source = try String(contentsOf: folder.appendingPathComponent(name + ".jinja"), encoding: .utf8)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bridle-reasoning-\(ProcessInfo.processInfo.processIdentifier)-\(name).gguf")
        defer { try? FileManager.default.removeItem(at: url) }
        try TinyModel(vocabularySize: 600, seed: 5, template: try TinyModelTemplate(source: source)).write(to: url)
        let model = try LlamaLanguageModel(contentsOf: url, configuration: LlamaConfiguration(contextSize: 2048))
        let block = try #require(ChatTemplate(source: source).nativeFormats(bosToken: "", eosToken: "").reasoning)
        // The prompt Bridle decodes: the template's, then the block's opening unless it has it.
        let written = try model.prompt(for: [.user("Weather?")])
        #expect(written.hasSuffix(opening) == block.startsInPrompt)

        var options = GenerationOptions(sampling: .random(top: 40, seed: 1))
        options.reasoningLevel = .tokens(12)
        let response = try await model.respond(to: "Weather?", schema: NativeTemplates.answer, options: options)
        let reasoning = try #require(response.reasoning)
        // A random model rarely ends its block itself: Bridle ends it at the budget, in the
        // block's own words, and never writes its `Answer:` marker.
        #expect(reasoning.hasSuffix(closing.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(!reasoning.contains(ReasoningStyle.trigger))
        #expect(NativeTemplates.answer.violations(of: response.rawContent).isEmpty)
        #expect(response.statistics.reasoningTokens > 0)
    }
}
