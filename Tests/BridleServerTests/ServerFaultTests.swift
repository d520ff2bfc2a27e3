import Bridle
import BridleExampleTypes
import BridleServer
import Foundation
import Testing

/// Servers that fail: a fault-injecting proxy in front of a real llama-server, and a replica
/// killed mid-answer. A failure before the answer's first byte moves on to another attempt;
/// after it, a typed error, and never two generations joined.
@Suite(.enabled(if: LlamaServerProcess.isAvailable, LlamaServerProcess.missingMessage))
struct ServerFaultTests {
    static let quickRetry = RetryPolicy(maximumAttempts: 3, initialBackoff: .milliseconds(10))

    static func model(_ endpoints: [URL]) throws -> ServerLanguageModel {
        var configuration = ServerTestModels.configuration(endpoints, serving: ServerTestModels.small)
        configuration.retry = quickRetry
        return try ServerLanguageModel(configuration: configuration)
    }

    /// Faults before the first byte: an overloaded server, an event that isn't JSON, a first
    /// piece outside the grammar. Each costs one retry and the answer still decodes.
    @Test(arguments: [FaultInjectingProxy.Fault.status(503), .status(429), .garbledEvent(0), .outsideGrammar(0)])
    func faultBeforeTheAnswerIsRetried(fault: FaultInjectingProxy.Fault) async throws {
        let server = try await LlamaServerProcess(model: ServerTestModels.small.url)
        let proxy = try await FaultInjectingProxy(upstream: server.url, faults: [fault])
        defer { Task { await proxy.stop() } }
        let response = try await Self.model([proxy.url]).respond(
            to: "Who?", generating: Contacts.Arguments.self, options: ServerTestModels.options(seed: 1))
        #expect(Contacts.Generation.allCases.contains(response.content.generation))
        #expect(response.statistics.retries == 1)
        #expect(proxy.requestCount == 2)
    }

    /// Faults after pieces were yielded are typed errors, carrying only the checked prefix.
    @Test func pieceOutsideTheGrammarMidAnswerIsAnInvalidAnswer() async throws {
        let server = try await LlamaServerProcess(model: ServerTestModels.small.url)
        let proxy = try await FaultInjectingProxy(upstream: server.url, faults: [.outsideGrammar(3)])
        defer { Task { await proxy.stop() } }
        await #expect {
            _ = try await Self.model([proxy.url]).respond(to: "Who?", generating: Contacts.Arguments.self, options: ServerTestModels.options(seed: 1))
        } throws: { error in
            guard case let .invalidAnswer(endpoint, text, reason)? = error as? ServerError else { return false }
            return endpoint == proxy.url.absoluteString && text.hasPrefix("{") && !text.contains(FaultInjectingProxy.foreignText)
                && reason.contains("outside the grammar")
        }
        #expect(proxy.requestCount == 1, "an answer that had started is not retried")
    }

    @Test(arguments: [FaultInjectingProxy.Fault.closeAfter(3), .garbledEvent(3)])
    func brokenStreamMidAnswerIsInterrupted(fault: FaultInjectingProxy.Fault) async throws {
        let server = try await LlamaServerProcess(model: ServerTestModels.small.url)
        let proxy = try await FaultInjectingProxy(upstream: server.url, faults: [fault])
        defer { Task { await proxy.stop() } }
        await #expect {
            _ = try await Self.model([proxy.url]).respond(to: "Who?", generating: Contacts.Arguments.self, options: ServerTestModels.options(seed: 1))
        } throws: { error in
            guard case let .interrupted(_, partialText, _)? = error as? ServerError else { return false }
            return partialText.hasPrefix("{")
        }
        #expect(proxy.requestCount == 1)
    }

    /// An error any replica would repeat (here a 400) is thrown at once.
    @Test func clientErrorsAreNotRetried() async throws {
        let server = try await LlamaServerProcess(model: ServerTestModels.small.url)
        let proxy = try await FaultInjectingProxy(upstream: server.url, faults: [.status(400)])
        defer { Task { await proxy.stop() } }
        await #expect {
            _ = try await Self.model([proxy.url]).respond(to: "Who?", generating: Contacts.Arguments.self)
        } throws: { error in
            guard case let .rejected(_, status, message)? = error as? ServerError else { return false }
            return status == 400 && message == "injected by the test proxy"
        }
        #expect(proxy.requestCount == 1)
    }

    /// A replica killed while it writes the first turn (a tool call or an answer): the
    /// session fails with a typed error and no tool runs; the next request goes to the live
    /// replica and its calls run once each. The proxy holds the answer after a few pieces
    /// until the replica is dead, then breaks the connection as the dead replica's would
    /// break, so the kill lands mid-answer on every run.
    @Test func replicaKilledMidTurn() async throws {
        let first = try await LlamaServerProcess(model: ServerTestModels.small.url)
        let second = try await LlamaServerProcess(model: ServerTestModels.small.url)
        let proxy = try await FaultInjectingProxy(upstream: first.url, faults: [.stallAfter(3)])
        defer { Task { await proxy.stop() } }
        let calls = Counter()
        var policy = ToolPolicy()
        policy.maximumToolRounds = 1
        policy.answerAfterLastRound = true
        let session = LanguageModelSession(model: try Self.model([proxy.url, second.url]), tools: [NoteTool(calls: calls)], policy: policy)
        let before = session.transcript.entries
        let options = ServerTestModels.options(seed: 1)
        let request = Task { try await session.respond(to: "Save a note about the meeting.", options: options) }
        await proxy.waitUntilStalled()
        first.kill()
        proxy.release()
        await proxy.stop()
        await #expect {
            _ = try await request.value
        } throws: { error in
            guard case .interrupted(let endpoint, let partialText, _)? = error as? ServerError else { return false }
            return endpoint == proxy.url.absoluteString && partialText.hasPrefix("{")
        }
        #expect(calls.value == 0, "nothing is dispatched from an interrupted turn")
        #expect(session.transcript.entries == before, "a failed request leaves no entries")

        let response = try await session.respond(to: "Save a note about the meeting.", options: ServerTestModels.options(seed: 2))
        let dispatched = session.transcript.entries.reduce(0) { count, entry in
            if case .toolCalls(let entry) = entry { count + entry.calls.count } else { count }
        }
        #expect(calls.value == dispatched, "each call in the transcript ran once")
        #expect(GeneratedContent(response.content) == response.rawContent)
    }
}

/// A note to save.
@Generable
struct Note: Equatable {
    @Guide(description: "The note", .length(1...40))
    let text: String
}

/// Saves notes, counting the calls that reach it.
private struct NoteTool: Tool {
    let calls: Counter
    let name = "saveNote"
    let description = "Saves a note."

    func call(arguments: Note) async throws -> String {
        calls.increment()
        return "saved"
    }
}
