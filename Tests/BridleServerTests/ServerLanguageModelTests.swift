import Bridle
import BridleExampleTypes
import BridleServer
import BridleTestSupport
import Foundation
import Testing

/// `ServerLanguageModel` against real llama-server processes on loopback, serving tiny random
/// models: whatever the weights pick, Bridle's grammar in the request makes the answer decode.
@Suite(.enabled(if: LlamaServerProcess.isAvailable, LlamaServerProcess.missingMessage))
struct ServerLanguageModelTests {
    @Test func typedGenerationDecodesAndSeedsRepeat() async throws {
        let server = try await LlamaServerProcess(model: ServerTestModels.large.url)
        let model = try ServerLanguageModel(configuration: ServerTestModels.configuration([server.url], serving: ServerTestModels.large))
        var texts: [String] = []
        for seed in [3, 3, 4, 5, 6] as [UInt64] {
            let response = try await model.respond(to: "Dramas from the fifties", generating: Films.Arguments.self, options: ServerTestModels.options(seed: seed))
            #expect(try Films.Arguments(GeneratedContent(json: response.text)) == response.content)
            #expect(response.statistics.responseTokens > 0 && response.statistics.promptTokens > 0)
            texts.append(response.text)
        }
        #expect(texts[0] == texts[1], "the same seed writes the same answer")
        #expect(Set(texts).count >= 3)
    }

    /// Servers stream text: the events are text pieces, then one summary, and the pieces make
    /// a sentence of the grammar.
    @Test func streamYieldsTextPiecesThenASummary() async throws {
        let server = try await LlamaServerProcess(model: ServerTestModels.large.url)
        let model = try ServerLanguageModel(configuration: ServerTestModels.configuration([server.url], serving: ServerTestModels.large))
        let compiled = try SearchSuggestions.generationSchema.grammar(options: ServerTestModels.grammarOptions)
        let request = GenerationRequest(messages: [.user("Searches")], constraint: OutputConstraint(compiled: compiled, schema: SearchSuggestions.generationSchema), options: ServerTestModels.options(seed: 2))
        var text = ""
        var pieces = 0
        var summaries: [GenerationStatistics] = []
        for try await event in model.generate(request) {
            switch event {
            case .text(let piece):
                #expect(summaries.isEmpty, "no piece after the summary")
                text += piece
                pieces += 1
            case .finished(let statistics): summaries.append(statistics)
            case .token: Issue.record("a server yields text, not token ids")
            case .answerBegins: Issue.record("a server has no reasoning to split off")
            }
        }
        #expect(summaries.count == 1)
        #expect(pieces > 1)
        #expect(try GrammarMatcher.matches(compiled.grammar, text))
        #expect(try SearchSuggestions(GeneratedContent(json: text)).searchTerms.count == 4)
        #expect(summaries.first?.retries == 0)
    }

    /// A session streams a server's answer as it does an in-process one: snapshots extend one
    /// another and the last is the checked answer.
    @Test func sessionSnapshotsGrowToTheAnswer() async throws {
        let server = try await LlamaServerProcess(model: ServerTestModels.large.url)
        let session = LanguageModelSession(model: try ServerLanguageModel(configuration: ServerTestModels.configuration([server.url], serving: ServerTestModels.large)))
        var snapshots: [ResponseStream<Films.Arguments>.Snapshot] = []
        for try await snapshot in session.streamResponse(to: "Films", generating: Films.Arguments.self, options: ServerTestModels.options(seed: 5)) {
            snapshots.append(snapshot)
        }
        let final = try #require(snapshots.last)
        #expect(final.isComplete)
        #expect(snapshots.dropLast().allSatisfy { !$0.isComplete })
        #expect(snapshots.count > 2)
        let answer = try #require(session.transcript.entries.last.flatMap { entry -> GeneratedContent? in
            if case .response(let response) = entry { response.content } else { nil }
        })
        #expect(final.rawContent == answer)
        let partials = snapshots.dropLast().map(\.rawContent)
        #expect(Set(partials).count == partials.count, "a snapshot is yielded only when the content changed")
    }

    @Test func tokenLimitIsTheSameTypedErrorAsInProcess() async throws {
        let server = try await LlamaServerProcess(model: ServerTestModels.large.url)
        let model = try ServerLanguageModel(configuration: ServerTestModels.configuration([server.url], serving: ServerTestModels.large))
        await #expect {
            _ = try await model.respond(to: "Films", generating: Films.Arguments.self, options: ServerTestModels.options(seed: 1, maximumResponseTokens: 5))
        } throws: { error in
            guard case let .exceededMaximumResponseTokens(limit, partial) = error as? ResponseError else { return false }
            return limit == 5 && partial.hasPrefix("{")
        }
    }

    /// A request any replica would refuse (a prompt past the context) is not retried.
    @Test func aRefusedRequestIsATypedErrorWithoutRetry() async throws {
        let server = try await LlamaServerProcess(model: ServerTestModels.small.url, contextPerSlot: 256)
        let model = try ServerLanguageModel(configuration: ServerTestModels.configuration([server.url], serving: ServerTestModels.small))
        let prompt = String(repeating: "a very long prompt ", count: 100)
        await #expect {
            _ = try await model.respond(to: prompt, generating: Contacts.Arguments.self)
        } throws: { error in
            guard case let .rejected(endpoint, status, message)? = error as? ServerError else { return false }
            return endpoint == server.url.absoluteString && status == 400 && !message.isEmpty
        }
        let response = try await model.respond(to: "Who?", generating: Contacts.Arguments.self, includeSchemaInPrompt: false, options: ServerTestModels.options(seed: 1))
        #expect(Contacts.Generation.allCases.contains(response.content.generation))
    }
}

/// Endpoints where nothing listens: every attempt fails before an answer, and the error names
/// each endpoint and why. Needs no server.
@Suite struct UnreachableServerTests {
    @Test func allEndpointsFailedNamesEachAttempt() async throws {
        let closed = try (0..<2).map { _ in try LoopbackPort.refusing() }
        let ports = closed.map(\.port)
        var configuration = ServerConfiguration(endpoints: ports.map { URL(string: "http://127.0.0.1:\($0)")! })
        configuration.retry = RetryPolicy(maximumAttempts: 3, initialBackoff: .milliseconds(1))
        let model = try ServerLanguageModel(configuration: configuration)
        await #expect {
            _ = try await model.respond(to: "Who?", generating: Contacts.Arguments.self)
        } throws: { error in
            guard case .allEndpointsFailed(let failures)? = error as? ServerError else { return false }
            let expected = [0, 1, 0].map { "http://127.0.0.1:\(ports[$0])" }
            return failures.map(\.endpoint) == expected && failures.allSatisfy { $0.reason.contains("could not send") }
        }
        #expect(await model.load == [0, 0])
        withExtendedLifetime(closed) {}
    }

    /// A server decodes one sequence per request, so it cannot weigh the conversation without
    /// the request beside it: the option is refused before anything is sent, not ignored.
    @Test func requestEmphasisIsRefusedNotIgnored() async throws {
        let closed = try LoopbackPort.refusing()
        let model = try ServerLanguageModel(url: URL(string: "http://127.0.0.1:\(closed.port)")!)
        var options = GenerationOptions(sampling: .greedy)
        options.requestEmphasis = .standard
        await #expect {
            _ = try await model.respond(to: "Who?", generating: Contacts.Arguments.self, options: options)
        } throws: { error in
            guard case .invalidOptions(let message) = error as? ResponseError else { return false }
            return message.contains("requestEmphasis") && message.contains("LlamaLanguageModel")
        }
        // The default, `.automatic`, asks for emphasis only where it can run: the request goes
        // out (and finds no server).
        await #expect {
            _ = try await model.respond(to: "Who?", generating: Contacts.Arguments.self, options: GenerationOptions(sampling: .greedy))
        } throws: { error in
            if case .allEndpointsFailed? = error as? ServerError { return true }
            return false
        }
    }
}
