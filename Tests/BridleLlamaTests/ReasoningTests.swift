import Bridle
import BridleExampleTypes
import BridleLlama
import BridleSessionChecks
import Foundation
import Testing

/// Reasoning, then the answer (`GenerationOptions.reasoningLevel`), in llama.cpp: the free
/// text comes back apart from the answer, the answer is valid and decodes, and the budget holds.
@Suite struct ReasoningTests {
    static func options(seed: UInt64, reasoning: ReasoningLevel?, style: ReasoningStyle = .thinkFirst) -> GenerationOptions {
        var grammar = GrammarOptions()
        grammar.maximumStringLength = 12
        var options = GenerationOptions(sampling: .random(probabilityThreshold: 1, seed: seed), grammar: grammar)
        options.reasoningLevel = reasoning
        options.reasoningStyle = style
        return options
    }

    /// A random model never writes the trigger: Bridle ends the free text at the budget (or in
    /// place of the model's end) and the answer still comes, under its grammar; thinking first
    /// or drafting first alike.
    @Test(arguments: [1, 2, 3] as [UInt64], ReasoningStyle.allCases)
    func reasoningComesApartAndTheAnswerDecodes(seed: UInt64, style: ReasoningStyle) async throws {
        let model = try LlamaLanguageModel(contentsOf: TestModels.large)
        let response = try await model.respond(
            to: "Dramas from the fifties", generating: Films.Arguments.self,
            options: Self.options(seed: seed, reasoning: .tokens(6), style: style))
        let reasoning = try #require(response.reasoning)
        #expect(reasoning.hasSuffix(ReasoningStyle.trigger))
        #expect(try Films.Arguments(GeneratedContent(json: response.text)) == response.content)
        #expect((1...6 + 8).contains(response.statistics.reasoningTokens))
        #expect(response.statistics.reasoningCutAtBudget <= 1)
    }

    /// The stream says where the answer begins, once, after the token that holds the boundary;
    /// the bytes before it are the reasoning.
    @Test func theStreamMarksWhereTheAnswerBegins() async throws {
        let model = try LlamaLanguageModel(contentsOf: TestModels.large)
        let constraint = try OutputConstraint(schema: Contacts.Arguments.generationSchema)
        var options = Self.options(seed: 4, reasoning: .tokens(5))
        options.maximumResponseTokens = 200
        var bytes: [UInt8] = []
        var marks: [Int] = []
        var statistics: GenerationStatistics?
        for try await event in model.generate(GenerationRequest(messages: [.user("Who?")], constraint: constraint, options: options)) {
            switch event {
            case .token(_, let piece): bytes += piece
            case .answerBegins(let count):
                #expect(count <= bytes.count)
                marks.append(count)
            case .finished(let final): statistics = final
            case .text: Issue.record("llama.cpp streams tokens")
            }
        }
        let start = try #require(marks.first)
        #expect(marks.count == 1)
        #expect(String(decoding: bytes[..<start], as: UTF8.self).hasSuffix(ReasoningStyle.trigger))
        #expect(try constraint.violations(ofAnswer: String(decoding: bytes[start...], as: UTF8.self)).isEmpty)
        #expect(statistics?.reasoningTokens ?? 0 > 0)
    }

    /// Only thinking first asks for anything: a draft is the model's own answer to the prompt.
    @Test func onlyThinkingFirstChangesThePrompt() async throws {
        let model = try LlamaLanguageModel(contentsOf: TestModels.large)
        var prompts: [ReasoningStyle: Int] = [:]
        for style in ReasoningStyle.allCases {
            let response = try await model.respond(to: "Who?", generating: Reminders.Arguments.self, options: Self.options(seed: 2, reasoning: .tokens(3), style: style))
            prompts[style] = response.statistics.promptTokens
        }
        let plain = try await model.respond(to: "Who?", generating: Reminders.Arguments.self, options: Self.options(seed: 2, reasoning: nil))
        #expect(prompts[.draftFirst] == plain.statistics.promptTokens)
        #expect(prompts[.thinkFirst] ?? 0 > plain.statistics.promptTokens)
        #expect(ReasoningStyle.draftFirst.instruction == nil)
    }

    /// A budget of 0 is off: the same answer as no reasoning at all, and nothing split off.
    @Test func aBudgetOfZeroIsOff() async throws {
        let model = try LlamaLanguageModel(contentsOf: TestModels.large)
        let off = try await model.respond(to: "Who?", generating: Reminders.Arguments.self, options: Self.options(seed: 7, reasoning: .tokens(0)))
        let none = try await model.respond(to: "Who?", generating: Reminders.Arguments.self, options: Self.options(seed: 7, reasoning: nil))
        #expect(off.text == none.text)
        #expect(off.reasoning == nil)
        #expect(off.statistics.reasoningTokens == 0)
    }

    /// A session's turns reason too: each call and the answer keep their reasoning in the
    /// transcript, and the usage counts its tokens.
    @Test func aSessionKeepsEachTurnsReasoning() async throws {
        let model = try LlamaLanguageModel(contentsOf: TestModels.large)
        let session = LanguageModelSession(model: model, tools: [CurrentDateTool(clock: { SessionChecks.now })], policy: SessionChecks.policy)
        var options = SessionChecks.options(seed: 3)
        options.reasoningLevel = .tokens(4)
        let response = try await session.respond(to: "What is the date tomorrow?", options: options)
        #expect(response.reasoning?.hasSuffix(ReasoningStyle.trigger) == true)
        for entry in response.transcriptEntries {
            switch entry {
            case .toolCalls(let calls): #expect(calls.reasoning?.hasSuffix(ReasoningStyle.trigger) == true)
            case .response(let answer): #expect(answer.reasoning == response.reasoning)
            default: break
            }
        }
        #expect(response.usage.output.reasoningTokenCount == response.statistics.reasoningTokens)
        #expect(response.statistics.reasoningTokens >= 4)
    }

    /// A level Bridle can't read, or a server, is refused before anything runs, naming the option.
    @Test func anUnreadableLevelIsRefused() async throws {
        let model = try LlamaLanguageModel(contentsOf: TestModels.large)
        await #expect {
            _ = try await model.respond(to: "Who?", generating: Reminders.Arguments.self, options: Self.options(seed: 1, reasoning: .custom("lots")))
        } throws: { error in
            guard case .invalidOptions(let message) = error as? ResponseError else { return false }
            return message.contains("reasoningLevel") && message.contains("lots")
        }
    }
}

/// Thinking first on the real models: gemma (base, no chat template) and SmolLM2 (ChatML)
/// reason in free text and then answer validly.
@Suite struct RealModelReasoningTests {
    @Test(.enabled(if: RealModel.gemma.url != nil, RealModel.gemma.missingMessage))
    func gemmaReasonsThenAnswers() async throws {
        try await check(RealModel.gemma.model())
    }

    @Test(.enabled(if: RealModel.smolLM2.url != nil, RealModel.smolLM2.missingMessage))
    func smolLM2ReasonsThenAnswers() async throws {
        try await check(RealModel.smolLM2.model())
    }

    private func check(_ model: LlamaLanguageModel) async throws {
        var options = GenerationOptions(sampling: .greedy)
        options.reasoningLevel = .light
        let response = try await model.respond(to: "Remind me to call Ana tomorrow at nine", generating: Reminders.Arguments.self, options: options)
        let reasoning = try #require(response.reasoning)
        #expect(reasoning.hasSuffix(ReasoningStyle.trigger))
        #expect(response.statistics.reasoningTokens <= ReasoningLevel.Budget.light + ReasoningStyle.closing.utf8.count)
        #expect(try Reminders.Arguments(GeneratedContent(json: response.text)) == response.content)
    }
}
