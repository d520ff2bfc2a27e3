import Bridle
import BridleExampleTypes
import BridleLlama
import Foundation
import Testing

/// Continuous batching on real llama.cpp (tiny random models): several requests decoded
/// together, each under its own constraint and sampler, in sequences of one context.
@Suite struct LlamaBatchingTests {
    static func options(seed: UInt64? = nil) -> GenerationOptions {
        var options = GenerationOptions(sampling: .random(top: 40, seed: seed))
        options.grammar.maximumStringLength = 12
        // Batching itself, one sequence a request: emphasis (a second sequence each, and none
        // in a context of one) has its own tests.
        options.requestEmphasis = nil
        return options
    }

    static func model(sequences: Int) throws -> LlamaLanguageModel {
        try LlamaLanguageModel(contentsOf: TestModels.large, configuration: LlamaConfiguration(sequences: sequences))
    }

    static func constraint<Value: Generable>(_ type: Value.Type) throws -> OutputConstraint {
        try OutputConstraint(schema: Value.generationSchema, options: options().grammar)
    }

    @Test func manySeedsDecodedTogetherAreEachValidAndDecode() async throws {
        let samples = try await Self.model(sequences: 8).respond(
            to: "Dramas from the fifties", generating: Films.Arguments.self, seeds: 0..<12, options: Self.options())
        #expect(samples.map(\.seed) == Array(0..<12))
        for sample in samples {
            let response = try sample.result.get()
            #expect(try Films.Arguments(GeneratedContent(json: response.text)) == response.content)
            #expect(response.content.toYear >= response.content.fromYear)
        }
        #expect(Set(samples.compactMap { try? $0.result.get().text }).count > 6)
    }

    /// A seed's answer is the same alone and among others (on this f32 model; see GeneratingWithLlama.md
    /// on quantized models), so a batch is a faithful way to run many seeds.
    @Test func aSeedsAnswerDoesNotDependOnWhatElseIsDecoded() async throws {
        let constraint = try Self.constraint(Films.Arguments.self)
        let messages: [ChatMessage] = [.user("Dramas")]
        let alone = try Self.model(sequences: 1)
        var expected: [String] = []
        for seed in 0..<6 as Range<UInt64> {
            await alone.clearCache()
            expected.append(try await alone.checkedAnswer(to: messages, constraint: constraint, options: Self.options(seed: seed)).text)
        }
        let together = try await Self.model(sequences: 6).checkedAnswers(
            to: messages, constraint: constraint, seeds: 0..<6, options: Self.options())
        #expect(together.map { try? $0.result.get().text } == expected)
    }

    @Test func aCancelledOrFailingSequenceLeavesTheOthersUnchanged() async throws {
        let constraint = try Self.constraint(Contacts.Arguments.self)
        let messages: [ChatMessage] = [.user("Which contacts?")]
        let reference = try await Self.model(sequences: 4).checkedAnswers(
            to: messages, constraint: constraint, seeds: 1...3, options: Self.options()
        ).map { try $0.result.get().text }

        let model = try Self.model(sequences: 5)
        async let answers = model.checkedAnswers(to: messages, constraint: constraint, seeds: 1...3, options: Self.options())
        // Unconstrained, a random model goes on until stopped: cancelled after 3 tokens.
        let talker = Task {
            var tokens = 0
            for try await event in model.generate(GenerationRequest(messages: [.user("Talk")], options: Self.options(seed: 9))) {
                if case .token = event { tokens += 1 }
                if tokens == 3 { withUnsafeCurrentTask { $0?.cancel() } }
            }
            return tokens
        }
        // Two tokens allowed where the answer needs more: it fails alone.
        var limited = Self.options(seed: 4)
        limited.maximumResponseTokens = 2
        let failing = Task { try await model.checkedAnswer(to: messages, constraint: constraint, options: limited) }

        #expect(try await answers.map { try $0.result.get().text } == reference)
        #expect(try await talker.value >= 3)
        await #expect {
            _ = try await failing.value
        } throws: { error in
            if case .exceededMaximumResponseTokens = error as? ResponseError { return true }
            return false
        }
        // The model carries on afterwards.
        _ = try await model.respond(to: "Who?", generating: Contacts.Arguments.self, options: Self.options(seed: 5))
    }

    @Test func aPromptPrefixAnotherSequenceReadsIsCopiedNotDecodedAgain() async throws {
        let instructions = String(repeating: "Answer with the contacts the user asks about, by generation. ", count: 6)
        let constraint = try Self.constraint(Contacts.Arguments.self)
        let messages: [ChatMessage] = [.system(instructions), .user("Which contacts are millennials?")]
        let model = try Self.model(sequences: 4)
        let answers = try await model.checkedAnswers(to: messages, constraint: constraint, seeds: 0..<4, options: Self.options())
        let statistics = try answers.map { try $0.result.get().statistics }
        let prompt = statistics[0].promptTokens
        // One sequence reads the prompt; the other three copy all of it but the last token.
        #expect(statistics.map(\.sharedPromptTokens).sorted() == [0, prompt - 1, prompt - 1, prompt - 1])
        #expect(statistics.map(\.reusedPromptTokens) == statistics.map(\.sharedPromptTokens))
    }

    /// Many seeds of one short request (`bridle generate --count`): the prompt is read once,
    /// not once a seed side by side, though it is far shorter than a shared prefix of
    /// instructions worth waiting for.
    @Test func aShortPromptManySeedsShareIsReadOnce() async throws {
        let constraint = try Self.constraint(Contacts.Arguments.self)
        let model = try LlamaLanguageModel(contentsOf: TestModels.large, configuration: LlamaConfiguration(promptTemplate: .plain, sequences: 4))
        let answers = try await model.checkedAnswers(to: [.user("Who?")], constraint: constraint, seeds: 0..<4, options: Self.options())
        let statistics = try answers.map { try $0.result.get().statistics }
        let prompt = statistics[0].promptTokens
        #expect(prompt < 32)
        #expect(statistics.map(\.sharedPromptTokens).sorted() == [0, prompt - 1, prompt - 1, prompt - 1])
    }

    @Test func bestOfFourScoresEveryCandidateAndAnswersWithTheLikeliest() async throws {
        var options = Self.options(seed: 20)
        options.bestOf = 4
        let answer = try await Self.model(sequences: 4).checkedAnswer(
            to: [.user("Films")], constraint: try Self.constraint(Films.Arguments.self), options: options)
        #expect(answer.candidates.count == 4)
        let chosen = try #require(answer.candidates.first { $0.isChosen })
        #expect(chosen.text == answer.text)
        let valid = answer.candidates.filter(\.problems.isEmpty)
        #expect(valid.allSatisfy { $0.meanLogProbability <= chosen.meanLogProbability })
        #expect(answer.candidates.allSatisfy { $0.meanLogProbability < 0 })
        #expect(answer.statistics.scoredTokens > 0)
    }

    @Test(arguments: [0, LlamaConfiguration.maximumSequences + 1])
    func aSequenceCountOutOfRangeIsATypedError(sequences: Int) {
        #expect {
            _ = try Self.model(sequences: sequences)
        } throws: { error in
            guard case .invalidConfiguration(let reason) = error as? LlamaError else { return false }
            return reason.contains("sequences")
        }
    }
}
