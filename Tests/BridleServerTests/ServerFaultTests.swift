import Bridle
import BridleExampleTypes
import BridleServer
import Foundation
import Synchronization
import Testing

/// Servers that fail: a fault-injecting proxy in front of a real llama-server, and a replica
/// killed mid-answer. A failure before the answer's first byte moves on to another attempt;
/// after it, a typed error, and never two generations joined.
@Suite(.enabled(if: LlamaServerProcess.isAvailable, LlamaServerProcess.missingMessage))
struct ServerFaultTests {
    static let quickRetry = RetryPolicy(maximumAttempts: 3, initialBackoff: .milliseconds(10))

    static func model(_ endpoints: [URL]) throws -> ServerLanguageModel {
        try ServerLanguageModel(configuration: ServerConfiguration(endpoints: endpoints, retry: quickRetry))
    }

    /// Faults before the first byte: an overloaded server, an event that isn't JSON, a first
    /// piece outside the grammar. Each costs one retry and the answer still decodes.
    @Test(arguments: [FaultInjectingProxy.Fault.status(503), .status(429), .garbledEvent(0), .outsideGrammar(0)])
    func faultBeforeTheAnswerIsRetried(fault: FaultInjectingProxy.Fault) async throws {
        let server = try await LlamaServerProcess(model: ServerTestModels.small)
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
        let server = try await LlamaServerProcess(model: ServerTestModels.small)
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
        let server = try await LlamaServerProcess(model: ServerTestModels.small)
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
        let server = try await LlamaServerProcess(model: ServerTestModels.small)
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

    /// A replica killed while it writes a tool call: the session fails with a typed error and
    /// no tool runs; the next request goes to the live replica and its call runs once.
    @Test func replicaKilledMidToolCall() async throws {
        let first = try await LlamaServerProcess(model: ServerTestModels.small)
        let second = try await LlamaServerProcess(model: ServerTestModels.small)
        let server = try Self.model([first.url, second.url])
        let model = KillingModel(base: server, victim: first)
        let calls = Counter()
        let tool = CountingDateTool(calls: calls)
        var policy = ToolPolicy()
        policy.maximumToolRounds = 1
        policy.answerAfterLastRound = true
        let session = LanguageModelSession(model: model, tools: [tool], policy: policy)
        await #expect {
            _ = try await session.respond(to: "What is the date tomorrow?", options: ServerTestModels.options(seed: 1))
        } throws: { error in
            guard case .interrupted(let endpoint, _, _)? = error as? ServerError else { return false }
            return endpoint == first.url.absoluteString
        }
        #expect(calls.value == 0, "nothing is dispatched from an interrupted turn")
        #expect(session.transcript.entries.count == 0 || !session.transcript.entries.contains { if case .toolCalls = $0 { true } else { false } })

        let response = try await session.respond(to: "What is the date tomorrow?", options: ServerTestModels.options(seed: 2))
        let dispatched = session.transcript.entries.reduce(0) { count, entry in
            if case .toolCalls(let entry) = entry { count + entry.calls.count } else { count }
        }
        #expect(calls.value == dispatched, "each call in the transcript ran once")
        #expect(response.statistics.retries <= 1, "at most the dead replica was tried first")
    }
}

/// Forwards to a server model, and kills `victim` when the first request's first piece
/// arrives, so the request breaks mid-answer.
private struct KillingModel: LanguageModel {
    let base: ServerLanguageModel
    let victim: LlamaServerProcess
    private let requests = Counter()

    init(base: ServerLanguageModel, victim: LlamaServerProcess) {
        self.base = base
        self.victim = victim
    }

    func generate(_ request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
        let isFirst = requests.increment() == 1
        let events = base.generate(request)
        guard isFirst else { return events }
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    var killed = false
                    for try await event in events {
                        continuation.yield(event)
                        if !killed, case .text = event {
                            victim.kill()
                            killed = true
                        }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

/// The current-date tool, counting the calls that reach it.
private struct CountingDateTool: Tool {
    let calls: Counter
    let base = CurrentDateTool(clock: { Date(timeIntervalSince1970: 1_795_338_000) })

    var name: String { base.name }
    var description: String { base.description }
    var parameters: GenerationSchema { base.parameters }

    func validate(arguments: CurrentDate.Arguments, in context: ValidationContext) throws {
        try base.validate(arguments: arguments, in: context)
    }

    func call(arguments: CurrentDate.Arguments) async throws -> String {
        calls.increment()
        return try await base.call(arguments: arguments)
    }
}
