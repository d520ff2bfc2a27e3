import Bridle
import BridleExampleTypes
import BridleLlama
import Foundation
import Testing

@Suite struct LlamaGenerationTests {
    private static let shortStrings: GrammarOptions = {
        var options = GrammarOptions()
        options.maximumStringLength = 12
        return options
    }()

    private static func options(seed: UInt64, maximumResponseTokens: Int? = nil) -> GenerationOptions {
        GenerationOptions(sampling: .random(probabilityThreshold: 1, seed: seed), maximumResponseTokens: maximumResponseTokens, grammar: shortStrings)
    }

    @Test func greedyTypedResponseDecodes() async throws {
        let model = try LlamaLanguageModel(contentsOf: TestModels.large)
        let response = try await model.respond(
            to: "Dramas from the fifties", generating: Films.Arguments.self,
            options: GenerationOptions(sampling: .greedy, grammar: Self.shortStrings)
        )
        #expect((1888...2100).contains(response.content.fromYear))
        #expect(try Films.Arguments(GeneratedContent(json: response.text)) == response.content)
    }

    @Test func sameSeedSameBytesDifferentSeedsDiffer() async throws {
        let model = try LlamaLanguageModel(contentsOf: TestModels.large)
        var texts: [String] = []
        for seed in [3, 3, 4, 5] as [UInt64] {
            texts.append(try await model.respond(to: "Who?", generating: Reminders.Arguments.self, options: Self.options(seed: seed)).text)
        }
        #expect(texts[0] == texts[1])
        #expect(Set(texts).count == 3)
        // One schema, four requests: its grammar was compiled for the first only.
        #expect(model.model.compiledGrammars.hits == 3)
    }

    /// The second request starts like the first conversation; the cached prefix must not
    /// change what comes out.
    @Test func cachedPromptGivesTheSameResponseAsAFreshContext() async throws {
        let warm = try LlamaLanguageModel(contentsOf: TestModels.large)
        _ = try await warm.respond(to: "First question", generating: Contacts.Arguments.self, options: Self.options(seed: 1))
        let cached = try await warm.respond(to: "First question, again", generating: Contacts.Arguments.self, options: Self.options(seed: 9))
        let fresh = try await LlamaLanguageModel(contentsOf: TestModels.large)
            .respond(to: "First question, again", generating: Contacts.Arguments.self, options: Self.options(seed: 9))
        #expect(cached.statistics.reusedPromptTokens > 0)
        #expect(fresh.statistics.reusedPromptTokens == 0)
        #expect(cached.text == fresh.text)
    }

    @Test func streamYieldsEachTokenThenASummary() async throws {
        let model = try LlamaLanguageModel(contentsOf: TestModels.large)
        let grammar = try SearchSuggestions.generationSchema.grammar(options: Self.shortStrings)
        var text = ResponseText()
        var tokens = 0
        var summary: GenerationStatistics?
        for try await event in model.generate(GenerationRequest(messages: [.user("Searches")], constraint: OutputConstraint(compiled: grammar, schema: SearchSuggestions.generationSchema), options: Self.options(seed: 2))) {
            switch event {
            case let .token(_, bytes):
                #expect(summary == nil)
                text.append(bytes)
                tokens += 1
            case let .finished(statistics):
                summary = statistics
            case .text:
                Issue.record("llama.cpp streams tokens, not text")
            case .answerBegins:
                Issue.record("no reasoning was asked for")
            }
        }
        #expect(summary?.responseTokens == tokens)
        let decoded = try SearchSuggestions(GeneratedContent(json: try #require(text.text)))
        #expect(decoded.searchTerms.count == 4)
    }

    @Test func tokenLimitIsATypedErrorWithThePartialText() async throws {
        let model = try LlamaLanguageModel(contentsOf: TestModels.large)
        await #expect {
            _ = try await model.respond(to: "Films", generating: Films.Arguments.self, options: Self.options(seed: 1, maximumResponseTokens: 5))
        } throws: { error in
            guard case let .exceededMaximumResponseTokens(limit, partial) = error as? ResponseError else { return false }
            return limit == 5 && partial.hasPrefix("{") && !partial.isEmpty
        }
        // A failed request still reports its counts.
        let statistics = try #require(await model.lastStatistics)
        #expect(statistics.responseTokens == 5)
    }

    /// The count a cut response's usage relies on is the prompt the response reads: with a
    /// system message, with a reasoning instruction, and as prompt text.
    @Test(arguments: [
        GenerationRequest(messages: [.user("Films")]),
        GenerationRequest(messages: [.system("Answer briefly."), .user("Which films?")]),
        GenerationRequest(messages: [.user("Films")], options: { var options = GenerationOptions(); options.reasoningLevel = .tokens(4); return options }()),
        GenerationRequest(messages: [], promptText: "Films from"),
    ])
    func promptTokenCountIsThePromptTheResponseReads(request: GenerationRequest) async throws {
        let model = try LlamaLanguageModel(contentsOf: TestModels.large)
        var request = request
        request.options.sampling = .greedy
        request.options.maximumResponseTokens = 2
        let counted = try await model.promptTokenCount(for: request)
        do {
            for try await _ in model.generate(request) {}
        } catch ResponseError.exceededMaximumResponseTokens {}
        let statistics = try #require(await model.lastStatistics)
        #expect(counted == statistics.promptTokens)
    }

    @Test func promptLongerThanTheContextIsATypedError() async throws {
        let model = try LlamaLanguageModel(contentsOf: TestModels.small, configuration: LlamaConfiguration(contextSize: 128))
        let prompt = String(repeating: "a very long prompt ", count: 100)
        await #expect {
            _ = try await model.respond(to: prompt, generating: Contacts.Arguments.self)
        } throws: { error in
            guard case let .exceededContextWindowSize(promptTokens, contextSize) = error as? ResponseError else { return false }
            return promptTokens > contextSize && contextSize == model.contextSize
        }
        // The model is still usable afterwards.
        let response = try await model.respond(to: "Who?", generating: Contacts.Arguments.self, includeSchemaInPrompt: false, options: Self.options(seed: 1))
        #expect(Contacts.Generation.allCases.contains(response.content.generation))
    }

    /// Every run of at least 64 "(" is a sentence, in so many ways that checking one costs work
    /// cubic in its length: the matcher's budget runs out before the grammar could end, and
    /// the error says so rather than "no token allowed".
    @Test func runningOutOfTheMatchingWorkBudgetIsATypedError() async throws {
        let model = try LlamaLanguageModel(contentsOf: TestModels.small)
        let grammar = try Grammar(gbnf: "root ::= a{64}\na ::= a a | \"(\"")
        var options = Self.options(seed: 1, maximumResponseTokens: 200)
        options.matchingWorkBudget = 20_000
        await #expect {
            _ = try await model.complete(GenerationRequest(messages: [.user("Hi")], constraint: OutputConstraint(grammar: grammar), options: options))
        } throws: { error in
            guard case let .responseExceededWorkBudget(budget, partial) = error as? LlamaError else { return false }
            return budget == 20_000 && partial.count > 8 && partial.allSatisfy { $0 == "(" }
                && String(describing: error).contains("20000 steps")
        }
    }

    @Test(arguments: [
        GenerationOptions(sampling: .random(top: 0)),
        GenerationOptions(sampling: .random(probabilityThreshold: 1.5)),
        GenerationOptions(temperature: -1),
        GenerationOptions(maximumResponseTokens: -2),
    ])
    func impossibleOptionsAreTypedErrors(options: GenerationOptions) async throws {
        let model = try LlamaLanguageModel(contentsOf: TestModels.small)
        await #expect {
            _ = try await model.complete(GenerationRequest(messages: [.user("Hi")], options: options))
        } throws: { error in
            if case .invalidOptions = error as? ResponseError { return true }
            return false
        }
    }

    @Test func cancellingTheConsumerStopsGenerationAndTheModelCarriesOn() async throws {
        let model = try LlamaLanguageModel(contentsOf: TestModels.large)
        // Unconstrained, a random model would go on until the context is full.
        let request = GenerationRequest(messages: [.user("Talk")], options: GenerationOptions(sampling: .random(top: 50, seed: 1)))
        let consumer = Task {
            var tokens = 0
            var finished = false
            for try await event in model.generate(request) {
                switch event {
                case .token: tokens += 1
                case .finished: finished = true
                case .text: Issue.record("llama.cpp streams tokens, not text")
                case .answerBegins: Issue.record("no reasoning was asked for")
                }
                if tokens == 3 { withUnsafeCurrentTask { $0?.cancel() } }
            }
            return (tokens, finished)
        }
        // Tokens already buffered may still arrive; the summary never does, and the context
        // is free for the next request.
        let (tokens, finished) = try await consumer.value
        #expect(tokens >= 3)
        #expect(!finished)
        let after = try await model.respond(to: "Who?", generating: Contacts.Arguments.self, options: Self.options(seed: 4))
        #expect(Contacts.Generation.allCases.contains(after.content.generation))
    }

    @Test func cancelledResponseThrowsCancellationNotAPartialValue() async throws {
        let model = try LlamaLanguageModel(contentsOf: TestModels.large)
        let task = Task { try await model.respond(to: "Films", generating: Films.Arguments.self, options: Self.options(seed: 1)) }
        task.cancel()
        await #expect(throws: CancellationError.self) { _ = try await task.value }
    }
}
