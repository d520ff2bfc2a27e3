import Bridle
import BridleExampleTypes
import Foundation
import Testing

/// The checks `LanguageModelSession` must pass on any backend with a random-weight model, for
/// each example tool: whatever the weights pick, every turn is a well-formed call to one of the
/// session's tools or a well-formed answer; a call is refused only by its tool's own `validate`
/// rules; refused arguments never reach `call`; the transcript survives Codable. Shared by the
/// in-process (`LlamaSessionTests`) and server (`ServerSessionTests`) suites.
public enum SessionChecks {
    /// A fixed "now" for argument rules (2026-11-22T09:00:00Z) and a UTC calendar.
    public static let now = Date(timeIntervalSince1970: 1_795_338_000)
    public static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// Short strings, so a random model (which rarely closes a string early) finishes quickly.
    public static let grammarOptions: GrammarOptions = {
        var options = GrammarOptions()
        options.maximumStringLength = 24
        return options
    }()

    public static func options(seed: UInt64) -> GenerationOptions {
        GenerationOptions(sampling: .random(probabilityThreshold: 1, seed: seed), grammar: grammarOptions)
    }

    public static let policy: ToolPolicy = {
        var policy = ToolPolicy()
        policy.maximumToolRounds = 2
        policy.answerAfterLastRound = true
        policy.clock = { SessionChecks.now }
        policy.calendar = calendar
        policy.approver = { _ in .approve }
        return policy
    }()

    // MARK: Examples

    public struct Example: CustomTestStringConvertible, Sendable {
        public let name: String
        public let prompt: String
        public let makeTools: @Sendable (CallLog) -> [any CheckedTool]
        public let answer: Answer
        public var testDescription: String { name }

        public init(name: String, prompt: String, makeTools: @escaping @Sendable (CallLog) -> [any CheckedTool], answer: Answer) {
            self.name = name
            self.prompt = prompt
            self.makeTools = makeTools
            self.answer = answer
        }
    }

    public static let examples: [Example] = [
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

    /// Two tools in one session: the model picks between them (or answers) on every turn.
    public static let twoTools = Example(name: "films and the date", prompt: "Recommend a drama from ten years ago.", makeTools: { log in
        [Recorded(CurrentDateTool(clock: { now }), log: log), Recorded(FilmsTool(), log: log)]
    }, answer: .text)

    // MARK: One seed

    /// Runs one request on a fresh session and returns every broken promise.
    public static func run(_ example: Example, seed: UInt64, model: some LanguageModel, tally: inout Tally) async -> [String] {
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
    public static func checkAudit(_ transcript: Transcript, requestFailed: Bool, tools: [any CheckedTool]) -> [String] {
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
    public static func checkRefused(toolName: String?, arguments: GeneratedContent?, reasons: [String], tools: [any CheckedTool]) -> [String] {
        guard let tool = tools.first(where: { $0.name == toolName }) else {
            return ["refused call names \(toolName ?? "no tool"), not a tool of the session"]
        }
        guard let arguments else { return ["refused call to \(tool.name) has no arguments"] }
        let structural = tool.structuralProblems(arguments)
        if !structural.isEmpty {
            // On a server the grammar admits what only the check after generation refuses.
            return tool.grammarAdmits(arguments) ? [] : ["refused arguments \(arguments) are malformed: \(structural)"]
        }
        let semantic = tool.semanticProblems(arguments)
        guard !semantic.isEmpty else { return ["valid arguments \(arguments) were refused: \(reasons)"] }
        return semantic == reasons ? [] : ["refused for \(reasons), but the validator says \(semantic)"]
    }

    /// An accepted call: a known tool, arguments that match, decode and pass its validator.
    public static func checkAccepted(toolName: String?, arguments: GeneratedContent, tools: [any CheckedTool]) -> [String] {
        guard let tool = tools.first(where: { $0.name == toolName }) else {
            return ["accepted call names \(toolName ?? "no tool"), not a tool of the session"]
        }
        let problems = tool.structuralProblems(arguments) + tool.semanticProblems(arguments)
        return problems.isEmpty ? [] : ["accepted arguments \(arguments) are invalid: \(problems)"]
    }

    /// Every transcript call is one the model wrote, as written, and valid; at most one per
    /// allowed round.
    public static func checkToolCalls(_ transcript: Transcript, tools: [any CheckedTool]) -> [String] {
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
    public static func checkDispatches(_ transcript: Transcript, requestFailed: Bool, log: CallLog, tools: [any CheckedTool]) -> [String] {
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
    public static func checkToolCallError(_ error: LanguageModelSession.ToolCallError, tools: [any CheckedTool]) -> [String] {
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
    public static func checkFinalEntry(_ transcript: Transcript) -> [String] {
        guard case .response(let response)? = transcript.entries.last else { return ["the transcript does not end with a response"] }
        let written = try? GeneratedContent(json: response.text)
        guard written?.orderedProperties?.map(\.name) == ["response"], written?[property: "response"] == response.content else {
            return ["the answer \(response.content) is not what the model wrote: \(response.text)"]
        }
        return []
    }

    /// The transcript comes back equal from JSONEncoder and JSONDecoder.
    public static func checkRoundTrip(_ transcript: Transcript) -> [String] {
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

    public static func lastResponse(in transcript: Transcript) -> Transcript.Response? {
        guard case .response(let response)? = transcript.entries.last else { return nil }
        return response
    }

    public static func string(_ content: GeneratedContent) -> String? {
        if case .string(let text) = content.kind { return text }
        return nil
    }
}

// MARK: Answers

extension SessionChecks {
    /// What a request asks for, and what its answer must be.
    public enum Answer: Sendable {
        /// `respond(to:)`: a string.
        case text
        /// `respond(to:generating: SearchSuggestions.self)`: four terms, every guide kept.
        case searchSuggestions

        /// Runs the request; returns what is wrong with the answer.
        public func respond(in session: LanguageModelSession, to prompt: String, options: GenerationOptions) async throws -> [String] {
            switch self {
            case .text:
                let response = try await session.respond(to: prompt, options: options)
                var problems: [String] = []
                if response.rawContent != GeneratedContent(response.content) { problems.append("raw content \(response.rawContent) is not the text") }
                if SessionChecks.lastResponse(in: session.transcript)?.content != response.rawContent {
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
                if SessionChecks.lastResponse(in: session.transcript)?.content != response.rawContent {
                    problems.append("the transcript's answer is not the response")
                }
                return problems
            }
        }
    }

    /// Counts over every seed of an example.
    public struct Tally: CustomStringConvertible {
        public var requests = 0
        public var answeredDirectly = 0
        public var answeredAfterCalls = 0
        public var reachedRoundLimit = 0
        public var toolCalls = 0
        public var semanticRejections = 0
        public var toolCallErrors = 0

        public init() {}

        public var description: String {
            "\(answeredDirectly) answered directly, \(answeredAfterCalls) answered after tool calls, \(toolCallErrors) ended in a ToolCallError; "
                + "\(toolCalls) tool calls dispatched (\(reachedRoundLimit) requests used both rounds), \(semanticRejections) semantic rejections"
        }
    }
}

