import Bridle
import BridleExampleTypes
import BridleLlama
import Foundation
import Synchronization
import Testing

/// `LanguageModelSession` end to end on real llama.cpp with a random-weight model, for each
/// example tool: whatever the weights pick, every turn is a well-formed call to one of the
/// session's tools or a well-formed answer; a call is refused only by its tool's own
/// `validate` rules; refused arguments never reach `call`; the transcript survives Codable.
///
/// `BRIDLE_SESSION_SEEDS` sets the seeds per example (default 100). Each test prints its
/// tally: answered directly, answered after tool calls, semantic rejections, ToolCallErrors.
@Suite struct LlamaSessionTests {
    static let seeds: UInt64 = ProcessInfo.processInfo.environment["BRIDLE_SESSION_SEEDS"].flatMap(UInt64.init) ?? 100

    /// A fixed "now" for argument rules (2026-11-22T09:00:00Z) and a UTC calendar.
    static let now = Date(timeIntervalSince1970: 1_795_338_000)
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// Short strings, so a random model (which rarely closes a string early) finishes quickly.
    static let grammarOptions: GrammarOptions = {
        var options = GrammarOptions()
        options.maximumStringLength = 24
        return options
    }()

    static func options(seed: UInt64) -> GenerationOptions {
        GenerationOptions(sampling: .random(probabilityThreshold: 1, seed: seed), grammar: grammarOptions)
    }

    static let policy: ToolPolicy = {
        var policy = ToolPolicy()
        policy.maximumToolRounds = 2
        policy.answerAfterLastRound = true
        policy.clock = { LlamaSessionTests.now }
        policy.calendar = calendar
        policy.approver = { _ in .approve }
        return policy
    }()

    static func loadModel() throws -> LlamaLanguageModel {
        try LlamaLanguageModel(contentsOf: TestModels.large, configuration: LlamaConfiguration(threads: 1))
    }

    // MARK: Examples

    struct Example: CustomTestStringConvertible, Sendable {
        let name: String
        let prompt: String
        let makeTools: @Sendable (CallLog) -> [any CheckedTool]
        let answer: Answer
        var testDescription: String { name }
    }

    static let examples: [Example] = [
        Example(name: "current date", prompt: "What is the date tomorrow?", makeTools: { log in
            [Recorded(CurrentDateTool(clock: { now }), log: log)]
        }, answer: .text),
        Example(name: "reminders", prompt: "Which reminders are still open?", makeTools: { log in
            [Recorded(RemindersTool(), log: log)]
        }, answer: .text),
        Example(name: "contacts", prompt: "Which of my contacts are millennials?", makeTools: { log in
            [Recorded(ContactsTool(), log: log)]
        }, answer: .text),
        Example(name: "films", prompt: "Recommend a drama from the 1980s.", makeTools: { log in
            [Recorded(FilmsTool(), log: log)]
        }, answer: .text),
        Example(name: "send message", prompt: "Tell Ada I'll be late, tomorrow morning.", makeTools: { log in
            [Recorded(SendMessageTool(), log: log)]
        }, answer: .text),
        Example(name: "search suggestions (with a tool)", prompt: "Four search terms for sunsets.", makeTools: { log in
            [Recorded(CurrentDateTool(clock: { now }), log: log)]
        }, answer: .searchSuggestions),
    ]

    // MARK: Tests

    @Test(arguments: examples)
    func everyTurnIsAValidCallOrAnswer(_ example: Example) async throws {
        let model = try Self.loadModel()
        let clock = ContinuousClock()
        let started = clock.now
        var tally = Tally()
        var failures: [String] = []
        for seed in 0..<Self.seeds {
            let problems = await Self.run(example, seed: seed, model: model, tally: &tally)
            failures += problems.map { "seed \(seed): \($0)" }
        }
        let report = "\(example.name), \(Self.seeds) seeds, \(clock.now - started): \(tally)"
        print("LlamaSessionTests: \(report)")
        #expect(failures.isEmpty, "\(failures.count) problems; first: \(failures.prefix(5).joined(separator: "\n"))")
        #expect(tally.requests == Int(Self.seeds), Comment(rawValue: report))
    }

    /// Snapshots of a streamed answer extend one another, and the last is the answer itself:
    /// the same answer as `respond` gives for the same seed.
    @Test func streamedAnswerGrowsToTheResponse() async throws {
        let model = try Self.loadModel()
        let seeds: [UInt64] = [0, 1, 2, 3, 4, 5, 6, 7]
        for seed in seeds {
            let streaming = LanguageModelSession(model: model, tools: [CurrentDateTool(clock: { Self.now })], policy: Self.policy)
            var snapshots: [ResponseStream<String>.Snapshot] = []
            for try await snapshot in streaming.streamResponse(to: "What is the date tomorrow?", options: Self.options(seed: seed)) {
                snapshots.append(snapshot)
            }
            let responding = LanguageModelSession(model: model, tools: [CurrentDateTool(clock: { Self.now })], policy: Self.policy)
            let response = try await responding.respond(to: "What is the date tomorrow?", options: Self.options(seed: seed))

            let final = try #require(snapshots.last, "seed \(seed): no snapshot")
            #expect(final.isComplete)
            #expect(snapshots.dropLast().allSatisfy { !$0.isComplete })
            #expect(final.rawContent == response.rawContent, "seed \(seed)")
            #expect(final.rawContent == Self.lastResponse(in: streaming.transcript)?.content, "seed \(seed)")
            let texts = snapshots.map { Self.string($0.rawContent) }
            #expect(texts.allSatisfy { $0 != nil }, "seed \(seed): a snapshot is not a string")
            let partials = texts.dropLast().compactMap { $0 }
            // Compared as scalars: `String.hasPrefix` compares characters, and a combining
            // mark that arrives in the next token changes the last character of the text.
            for (before, after) in zip(partials, partials.dropFirst()) {
                #expect(after.unicodeScalars.starts(with: before.unicodeScalars) && after != before,
                        "seed \(seed): \(before.debugDescription), then \(after.debugDescription)")
            }
            if let lastPartial = partials.last, let whole = texts.last ?? nil {
                #expect(whole.unicodeScalars.starts(with: lastPartial.unicodeScalars), "seed \(seed)")
            }
        }
    }

    // MARK: One seed

    /// Runs one request on a fresh session and returns every broken promise.
    static func run(_ example: Example, seed: UInt64, model: LlamaLanguageModel, tally: inout Tally) async -> [String] {
        let log = CallLog()
        let tools = example.makeTools(log)
        let session = LanguageModelSession(
            model: model, tools: tools.map { $0 as any Tool }, instructions: "You are a helpful assistant.", policy: policy)
        var problems: [String] = []
        let before = session.transcript.entries
        var failed = false
        do {
            problems += try await example.answer.respond(in: session, to: example.prompt, options: options(seed: seed))
            problems += checkFinalEntry(session.transcript)
            let answeredDirectly = !session.transcript.entries.contains { if case .toolCalls = $0 { true } else { false } }
            if answeredDirectly { tally.answeredDirectly += 1 } else { tally.answeredAfterCalls += 1 }
        } catch let error as LanguageModelSession.ToolCallError {
            tally.toolCallErrors += 1
            failed = true
            problems += checkToolCallError(error, tools: tools)
        } catch {
            failed = true
            problems.append("unexpected error: \(error)")
        }
        if failed && session.transcript.entries != before {
            problems.append("a failed request left \(session.transcript.count - before.count) entries in the transcript")
        }
        tally.requests += 1
        let transcript = session.transcript
        let calls = transcript.entries.filter { if case .toolCalls = $0 { true } else { false } }.count
        if calls == policy.maximumToolRounds { tally.reachedRoundLimit += 1 }
        tally.toolCalls += calls
        tally.semanticRejections += transcript.audit.filter { if case .rejected = $0.decision { true } else { false } }.count
        problems += checkAudit(transcript, requestFailed: failed, tools: tools)
        problems += checkToolCalls(transcript, tools: tools)
        problems += checkDispatches(transcript, requestFailed: failed, log: log, tools: tools)
        problems += checkRoundTrip(transcript)
        return problems
    }

    // MARK: Checks

    /// Every refused call named a tool of the session with arguments of its schema; only its
    /// `validate` refused it, with exactly the reasons the model was shown. A validated call is
    /// in the transcript, unless the request failed and its entries were taken back.
    static func checkAudit(_ transcript: Transcript, requestFailed: Bool, tools: [any CheckedTool]) -> [String] {
        var problems: [String] = []
        let calls = Dictionary(uniqueKeysWithValues: transcript.entries.flatMap { entry -> [(String, Transcript.ToolCall)] in
            if case .toolCalls(let entry) = entry { entry.calls.map { ($0.id, $0) } } else { [] }
        })
        for record in transcript.audit {
            switch record.decision {
            case .rejected(let text, let reasons):
                guard let call = try? GeneratedContent(json: text), let arguments = call[property: "arguments"] else {
                    problems.append("rejected turn is not a call: \(text)")
                    continue
                }
                problems += checkRefused(toolName: record.toolName, arguments: arguments, reasons: reasons, tools: tools)
            case .validated:
                // The call's arguments are checked with the transcript's calls.
                guard !requestFailed else { continue }
                guard let call = record.callID.flatMap({ calls[$0] }), call.toolName == record.toolName else {
                    problems.append("validated call \(record.callID ?? "without an id") is not in the transcript")
                    continue
                }
            case .approved, .called:
                break
            case .denied, .answeredByApprover, .threw, .roundLimitReached:
                problems.append("unexpected audit record: \(record)")
            }
        }
        return problems
    }

    /// A refused call: a known tool, arguments that match its schema and decode, refused by
    /// its validator with the reasons recorded.
    static func checkRefused(toolName: String?, arguments: GeneratedContent?, reasons: [String], tools: [any CheckedTool]) -> [String] {
        guard let tool = tools.first(where: { $0.name == toolName }) else {
            return ["refused call names \(toolName ?? "no tool"), not a tool of the session"]
        }
        guard let arguments else { return ["refused call to \(tool.name) has no arguments"] }
        let structural = tool.structuralProblems(arguments)
        guard structural.isEmpty else { return ["refused arguments \(arguments) are malformed: \(structural)"] }
        let semantic = tool.semanticProblems(arguments)
        guard !semantic.isEmpty else { return ["valid arguments \(arguments) were refused: \(reasons)"] }
        return semantic == reasons ? [] : ["refused for \(reasons), but the validator says \(semantic)"]
    }

    /// An accepted call: a known tool, arguments that match, decode and pass its validator.
    static func checkAccepted(toolName: String?, arguments: GeneratedContent, tools: [any CheckedTool]) -> [String] {
        guard let tool = tools.first(where: { $0.name == toolName }) else {
            return ["accepted call names \(toolName ?? "no tool"), not a tool of the session"]
        }
        let problems = tool.structuralProblems(arguments) + tool.semanticProblems(arguments)
        return problems.isEmpty ? [] : ["accepted arguments \(arguments) are invalid: \(problems)"]
    }

    /// Every transcript call is one the model wrote, as written, and valid; at most one per
    /// allowed round.
    static func checkToolCalls(_ transcript: Transcript, tools: [any CheckedTool]) -> [String] {
        var problems: [String] = []
        var rounds = 0
        for case .toolCalls(let entry) in transcript.entries {
            rounds += 1
            guard entry.calls.count == 1, let call = entry.calls.first else {
                problems.append("a turn holds \(entry.calls.count) calls")
                continue
            }
            let written = try? GeneratedContent(json: entry.text)
            if written?[property: "tool"] != GeneratedContent(call.toolName) || written?[property: "arguments"] != call.arguments {
                problems.append("call \(call.toolName) \(call.arguments) is not what the model wrote: \(entry.text)")
            }
            problems += checkAccepted(toolName: call.toolName, arguments: call.arguments, tools: tools)
        }
        if rounds > policy.maximumToolRounds { problems.append("\(rounds) tool rounds, over \(policy.maximumToolRounds)") }
        return problems
    }

    /// Every call that reached a tool had valid arguments, every recorded call ran once (after a
    /// failed request, whose entries were taken back, the audit alone records them), and each
    /// call to a tool that needs approval was approved first.
    static func checkDispatches(_ transcript: Transcript, requestFailed: Bool, log: CallLog, tools: [any CheckedTool]) -> [String] {
        var problems = log.calls.compactMap { call in
            call.problems.isEmpty ? nil : "\(call.toolName) ran with invalid arguments: \(call.problems)"
        }
        let recorded = transcript.entries.reduce(0) { count, entry in
            if case .toolCalls(let calls) = entry { count + calls.calls.count } else { count }
        }
        let outputs = transcript.entries.filter { if case .toolOutput = $0 { true } else { false } }.count
        let called = transcript.audit.filter { if case .called = $0.decision { true } else { false } }.count
        if requestFailed ? log.calls.count != called : (log.calls.count != recorded || outputs != recorded || called != recorded) {
            problems.append("\(recorded) calls in the transcript, \(outputs) outputs, \(called) audited as called, \(log.calls.count) ran")
        }
        let needingApproval = Set(tools.filter(\.requiresApproval).map(\.name))
        let approved = transcript.audit.filter { if case .approved = $0.decision { true } else { false } }.count
        let ranNeedingApproval = log.calls.filter { needingApproval.contains($0.toolName) }.count
        if approved != ranNeedingApproval { problems.append("\(approved) approvals for \(ranNeedingApproval) calls that need one") }
        return problems
    }

    /// A request that ran out of attempts: every attempt was refused by the validator alone.
    static func checkToolCallError(_ error: LanguageModelSession.ToolCallError, tools: [any CheckedTool]) -> [String] {
        guard case .invalidArguments = error.reason else { return ["the tool threw: \(error)"] }
        var problems: [String] = []
        if error.attempts.count != policy.maximumArgumentAttempts {
            problems.append("\(error.attempts.count) attempts, not \(policy.maximumArgumentAttempts)")
        }
        for attempt in error.attempts {
            if attempt.toolName != error.tool.name {
                problems.append("attempt at \(attempt.toolName ?? "no tool") in an error for \(error.tool.name)")
            }
            problems += checkRefused(toolName: attempt.toolName, arguments: attempt.arguments, reasons: attempt.problems, tools: tools)
        }
        return problems
    }

    /// The request's last entry is its answer, written as `{"response": …}`.
    static func checkFinalEntry(_ transcript: Transcript) -> [String] {
        guard case .response(let response)? = transcript.entries.last else { return ["the transcript does not end with a response"] }
        let written = try? GeneratedContent(json: response.text)
        guard written?.orderedProperties?.map(\.name) == ["response"], written?[property: "response"] == response.content else {
            return ["the answer \(response.content) is not what the model wrote: \(response.text)"]
        }
        return []
    }

    /// The transcript comes back equal from JSONEncoder and JSONDecoder.
    static func checkRoundTrip(_ transcript: Transcript) -> [String] {
        do {
            let decoded = try JSONDecoder().decode(Transcript.self, from: JSONEncoder().encode(transcript))
            guard decoded != transcript else { return [] }
            let sorted = JSONEncoder()
            sorted.outputFormatting = .sortedKeys
            let onlyKeyOrder = try sorted.encode(decoded) == sorted.encode(transcript)
            return ["the transcript changes through JSON\(onlyKeyOrder ? " (object keys reordered)" : "")"]
        } catch {
            return ["the transcript does not round-trip: \(error)"]
        }
    }

    static func lastResponse(in transcript: Transcript) -> Transcript.Response? {
        guard case .response(let response)? = transcript.entries.last else { return nil }
        return response
    }

    static func string(_ content: GeneratedContent) -> String? {
        if case .string(let text) = content.kind { return text }
        return nil
    }
}

// MARK: Answers

extension LlamaSessionTests {
    /// What a request asks for, and what its answer must be.
    enum Answer: Sendable {
        /// `respond(to:)`: a string.
        case text
        /// `respond(to:generating: SearchSuggestions.self)`: four terms, every guide kept.
        case searchSuggestions

        /// Runs the request; returns what is wrong with the answer.
        func respond(in session: LanguageModelSession, to prompt: String, options: GenerationOptions) async throws -> [String] {
            switch self {
            case .text:
                let response = try await session.respond(to: prompt, options: options)
                var problems: [String] = []
                if response.rawContent != GeneratedContent(response.content) { problems.append("raw content \(response.rawContent) is not the text") }
                if LlamaSessionTests.lastResponse(in: session.transcript)?.content != response.rawContent {
                    problems.append("the transcript's answer is not the response")
                }
                return problems
            case .searchSuggestions:
                let response = try await session.respond(to: prompt, generating: SearchSuggestions.self, options: options)
                var problems = SearchSuggestions.generationSchema.violations(of: response.rawContent).map { "answer violates the schema: \($0)" }
                // Each decode assigns new `GenerationID`s, so compare the terms.
                let decoded = try? SearchSuggestions(response.rawContent)
                if decoded?.searchTerms.map(\.searchTerm) != response.content.searchTerms.map(\.searchTerm) {
                    problems.append("raw content does not decode to the content")
                }
                if response.content.searchTerms.count != 4 { problems.append("\(response.content.searchTerms.count) search terms") }
                if LlamaSessionTests.lastResponse(in: session.transcript)?.content != response.rawContent {
                    problems.append("the transcript's answer is not the response")
                }
                return problems
            }
        }
    }

    /// Counts over every seed of an example.
    struct Tally: CustomStringConvertible {
        var requests = 0
        var answeredDirectly = 0
        var answeredAfterCalls = 0
        var reachedRoundLimit = 0
        var toolCalls = 0
        var semanticRejections = 0
        var toolCallErrors = 0

        var description: String {
            "\(answeredDirectly) answered directly, \(answeredAfterCalls) answered after tool calls, \(toolCallErrors) ended in a ToolCallError; "
                + "\(toolCalls) tool calls dispatched (\(reachedRoundLimit) requests used both rounds), \(semanticRejections) semantic rejections"
        }
    }
}

// MARK: Recording tools

/// What a wrapped tool can say about arguments, as the session should have checked them.
protocol CheckedTool: Tool {
    /// Schema violations and decoding failures: what the grammar must make impossible.
    func structuralProblems(_ arguments: GeneratedContent) -> [String]
    /// What the tool's validator refuses, in the session's words; empty for valid arguments.
    func semanticProblems(_ arguments: GeneratedContent) -> [String]
}

/// Every call that reached a tool, with what its validator says of the arguments then.
final class CallLog: Sendable {
    struct Call: Sendable {
        let toolName: String
        let problems: [String]
    }

    private let recorded = Mutex<[Call]>([])
    var calls: [Call] { recorded.withLock { $0 } }
    func append(_ call: Call) { recorded.withLock { $0.append(call) } }
}

/// A tool that runs `base`, logging each call and re-running `base`'s validator on the
/// arguments it was actually called with.
struct Recorded<Base: Tool>: CheckedTool {
    let base: Base
    let log: CallLog

    init(_ base: Base, log: CallLog) {
        self.base = base
        self.log = log
    }

    var name: String { base.name }
    var description: String { base.description }
    var parameters: GenerationSchema { base.parameters }
    var includesSchemaInInstructions: Bool { base.includesSchemaInInstructions }
    var requiresApproval: Bool { base.requiresApproval }

    func validate(arguments: Base.Arguments, in context: ValidationContext) throws {
        try base.validate(arguments: arguments, in: context)
    }

    func call(arguments: Base.Arguments) async throws -> Base.Output {
        log.append(CallLog.Call(toolName: name, problems: validationProblems(arguments)))
        return try await base.call(arguments: arguments)
    }

    func structuralProblems(_ arguments: GeneratedContent) -> [String] {
        let violations = parameters.violations(of: arguments).map(\.description)
        guard violations.isEmpty else { return violations }
        do {
            _ = try Base.Arguments(arguments)
            return []
        } catch {
            return ["does not decode: \(error)"]
        }
    }

    func semanticProblems(_ arguments: GeneratedContent) -> [String] {
        guard let decoded = try? Base.Arguments(arguments) else { return ["does not decode"] }
        return validationProblems(decoded)
    }

    private func validationProblems(_ arguments: Base.Arguments) -> [String] {
        let context = ValidationContext(toolName: name, now: LlamaSessionTests.now, calendar: LlamaSessionTests.calendar)
        do {
            try base.validate(arguments: arguments, in: context)
            return []
        } catch {
            return ["\(error)"]
        }
    }
}
