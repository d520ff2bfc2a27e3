import BridleGrammar
import BridleSchema
import Foundation

/// One request of a session, from prompt to answer: tool rounds, the checks before each
/// dispatch, retries with the reasons fed back, approval, and the transcript as it goes.
struct SessionRequest {
    let session: LanguageModelSession
    let answer: AnswerFormat
    /// The tools this request offers, or nil for a request without tools.
    let tools: [any Tool]?
    /// "Now" for the whole request: the grammar's date bounds and the checks before dispatch
    /// measure from the same instant.
    let now: Date
    let options: GenerationOptions
    /// Called with each new partial answer, for streaming.
    let onPartial: (@Sendable (GeneratedContent) -> Void)?

    struct Outcome {
        let content: GeneratedContent
        let text: String
        /// What the model reasoned before the answer (its last turn).
        let reasoning: String?
        let statistics: GenerationStatistics
        let entries: ArraySlice<Transcript.Entry>
    }

    /// A call that passed every check, with the id the transcript gives it.
    private struct ValidCall {
        let call: CheckedCall
        let id: String
        let tool: any Tool
        let arguments: GeneratedContent
    }

    /// What a tool turn ended in.
    private enum Step {
        case answered(GeneratedContent, text: String, reasoning: String?)
        /// One call, or several a model's own format wrote in parallel, all valid.
        case calls([ValidCall], text: String, reasoning: String?, attempts: [ToolCallAttempt])
    }

    private var policy: ToolPolicy { session.policy }

    func run(prompt: String) async throws -> Outcome {
        let firstEntry = session.record(.prompt(Transcript.Prompt(text: prompt, date: Date())))
        let offered = try offeredTools()
        // The model's own call format when its backend has one: its template shows the tools.
        let format = offered == nil ? nil : session.model.toolCallFormat
        let system = SessionPrompt.systemText(instructions: session.instructions, tools: offered, answer: answer, nativeCalls: format != nil)
        let declarations = format == nil ? [] : offered.map(NativeToolTurn.declarations(of:)) ?? []
        var statistics = GenerationStatistics.zero
        // Arguments that failed, by tool: left out of that tool's language from then on.
        var failed: [String: [GeneratedContent]] = [:]
        var rounds = 0
        while true {
            let started = Date()
            let content: GeneratedContent
            let text: String
            var reasoning: String?
            var regenerations = 0
            if let offered {
                let answerOnly = rounds >= policy.maximumToolRounds && policy.answerAfterLastRound
                let callsOnly = rounds == 0 && options.toolCallingMode?.kind == .required
                let turn = { [answer, options, now] (failed: [String: [GeneratedContent]]) throws -> SessionTurn in
                    try SessionTurn(
                        format: format, tools: answerOnly ? [] : offered, answer: answer, options: options.grammar, now: now,
                        callsOnly: callsOnly && !answerOnly, excluding: failed)
                }
                switch try await nextStep(turn, system: system, declarations: declarations, rounds: rounds, failed: &failed, statistics: &statistics) {
                case .answered(let answered, let answerText, let answerReasoning):
                    (content, text, reasoning) = (answered, answerText, answerReasoning)
                case .calls(let calls, let callText, let callReasoning, let attempts):
                    try await dispatch(calls, text: callText, reasoning: callReasoning, started: started, attempts: attempts, failed: &failed)
                    rounds += 1
                    continue
                }
            } else {
                (content, text, reasoning, regenerations) = try await checkedAnswer(system: system, statistics: &statistics)
            }
            session.record(.response(Transcript.Response(
                text: text, content: content, source: answer.schema.root.title, date: started, seconds: Date().timeIntervalSince(started),
                regenerations: regenerations > 0 ? regenerations : nil, reasoning: reasoning)))
            return Outcome(
                content: content, text: text, reasoning: reasoning, statistics: statistics, entries: session.entries(from: firstEntry))
        }
    }

    /// The messages this request would begin with, ending in `prefix` as the user's message:
    /// what a model can prepare before the prompt is known.
    func messages(prefix: String) throws -> [ChatMessage] {
        let offered = try offeredTools()
        let format = offered == nil ? nil : session.model.toolCallFormat
        let system = SessionPrompt.systemText(instructions: session.instructions, tools: offered, answer: answer, nativeCalls: format != nil)
        return SessionPrompt.messages(systemText: system, entries: session.transcript.entries, callFormat: format) + [.user(prefix)]
    }

    private func offeredTools() throws(SessionError) -> [OfferedTool]? {
        try tools?.map { tool throws(SessionError) in
            OfferedTool(tool: tool, parameters: try tool.parameters(in: context(for: tool)))
        }
    }

    /// Generates until the model answers or writes calls that pass every check; each refused
    /// call is shown back to the model with its reasons, and its arguments are left out of
    /// the next attempt's grammar.
    ///
    /// - Parameter makeTurn: The turn, given the arguments that failed so far.
    private func nextStep(
        _ makeTurn: ([String: [GeneratedContent]]) throws -> SessionTurn, system: String?, declarations: [ToolDeclaration], rounds: Int,
        failed: inout [String: [GeneratedContent]], statistics: inout GenerationStatistics
    ) async throws -> Step {
        var turn = try makeTurn(failed)
        var attempts: [ToolCallAttempt] = []
        var feedback: [ChatMessage] = []
        while true {
            let messages = SessionPrompt.messages(systemText: system, entries: session.transcript.entries, callFormat: turn.callFormat) + feedback
            let (text, reasoning, pressure) = try await generate(
                messages, tools: declarations, constraint: turn.constraint, native: turn.isNative, statistics: &statistics)
            let number = attempts.count + 1
            let refused: ToolCallAttempt
            var refusedCalls: [(call: ToolTurn.ProposedCall, problems: [String])] = []
            switch turn.read(text) {
            case .answer(let answer):
                let problems = self.answer.violations(of: answer)
                guard !problems.isEmpty else { return .answered(answer, text: text, reasoning: reasoning) }
                refused = ToolCallAttempt(number: number, text: text, toolName: nil, arguments: answer, problems: problems)
            case .calls(let calls):
                guard rounds < policy.maximumToolRounds else {
                    session.audit(DispatchRecord(
                        date: Date(), toolName: calls.first?.tool.name, attempt: number,
                        decision: .roundLimitReached(limit: policy.maximumToolRounds)))
                    throw SessionError.toolRoundLimitExceeded(limit: policy.maximumToolRounds)
                }
                var valid: [ValidCall] = []
                for proposed in calls {
                    switch proposed.tool.check(proposed.arguments, in: context(for: proposed.tool)) {
                    case .success(let call):
                        // Short ids: some templates (Mistral's) accept nothing else.
                        let id = turn.isNative ? ToolCallID.make() : UUID().uuidString
                        valid.append(ValidCall(call: call, id: id, tool: proposed.tool, arguments: proposed.arguments))
                    case .failure(let problems):
                        refusedCalls.append((proposed, problems.messages))
                    }
                }
                guard let problem = refusedCalls.first else {
                    for call in valid {
                        session.audit(DispatchRecord(
                            date: Date(), toolName: call.tool.name, callID: call.id, attempt: number, decision: .validated,
                            pressure: calls.count == 1 ? pressure : nil))
                    }
                    return .calls(valid, text: text, reasoning: reasoning, attempts: attempts)
                }
                refused = ToolCallAttempt(
                    number: number, text: text, toolName: problem.call.tool.name, arguments: problem.call.arguments, problems: problem.problems)
            case .unreadable(let toolName, let arguments, let problem):
                refused = ToolCallAttempt(number: number, text: text, toolName: toolName, arguments: arguments, problems: [problem])
            }
            attempts.append(refused)
            session.audit(DispatchRecord(
                date: Date(), toolName: refused.toolName, attempt: number, decision: .rejected(text: text, problems: refused.problems),
                pressure: pressure))
            guard attempts.count < policy.maximumArgumentAttempts else {
                throw Self.noValidCall(attempts: attempts, tools: turn.tools.map(\.tool))
            }
            if !refusedCalls.isEmpty {
                for refused in refusedCalls { failed[refused.call.tool.name, default: []].append(refused.call.arguments) }
                turn = try makeTurn(failed)
            }
            feedback += SessionPrompt.feedback(for: refused, refused: refusedCalls, nativeCalls: turn.isNative)
        }
    }

    /// The error for a call the model never got right: a tool call error naming the tool it
    /// last tried, or (when it never named one, possible only if the backend ignores the
    /// grammar) a decoding failure.
    private static func noValidCall(attempts: [ToolCallAttempt], tools: [any Tool]) -> any Error {
        guard let tool = tools.first(where: { $0.name == attempts.last?.toolName }) else {
            let last = attempts.last.map { $0.problems.joined(separator: "; ") } ?? "no attempt"
            return LanguageModelSession.GenerationError.decodingFailure(.init(
                debugDescription: "The model wrote no readable tool call or answer in \(attempts.count) attempts (last: \(last))."))
        }
        return LanguageModelSession.ToolCallError(tool: tool, reason: .invalidArguments, attempts: attempts)
    }

    private func context(for tool: any Tool) -> ValidationContext {
        ValidationContext(toolName: tool.name, now: now, calendar: policy.calendar)
    }

    /// Records the calls as one entry, then runs each in order: asks the approver when the
    /// tool needs it, runs the tool and records what came back. A call whose tool reports a
    /// failure has its arguments left out of the next turns' grammar.
    private func dispatch(
        _ calls: [ValidCall], text: String, reasoning: String?, started: Date, attempts: [ToolCallAttempt],
        failed: inout [String: [GeneratedContent]]
    ) async throws {
        session.record(.toolCalls(Transcript.ToolCalls(
            calls: calls.map { Transcript.ToolCall(id: $0.id, toolName: $0.tool.name, arguments: $0.call.arguments) },
            text: text, date: started, seconds: Date().timeIntervalSince(started), reasoning: reasoning)))
        for call in calls {
            let output = try await run(call, attempts: attempts)
            if output.isFailure { failed[call.tool.name, default: []].append(call.arguments) }
        }
    }

    private func run(_ valid: ValidCall, attempts: [ToolCallAttempt]) async throws -> ToolOutput {
        let (call, callID, tool) = (valid.call, valid.id, valid.tool)
        let dispatched = Date()
        func audit(_ decision: DispatchRecord.Decision) {
            session.audit(DispatchRecord(date: Date(), toolName: tool.name, callID: callID, attempt: attempts.count + 1, decision: decision))
        }
        func run() async throws -> ToolOutput {
            let start = Date()
            do {
                let output = try await call.run()
                audit(.called(seconds: Date().timeIntervalSince(start), isFailure: output.isFailure))
                return output
            } catch let error as CancellationError {
                throw error
            } catch {
                audit(.threw(error: String(describing: error)))
                throw LanguageModelSession.ToolCallError(tool: tool, reason: .toolFailed(error), attempts: attempts)
            }
        }
        let output: ToolOutput
        var source = call.outputType
        if tool.requiresApproval {
            let request = ToolApprovalRequest(toolName: tool.name, callID: callID, arguments: call.arguments)
            let decision = await policy.approver?(request)
                ?? .deny(message: "\"\(tool.name)\" needs approval and none could be asked; it was not run.")
            switch decision {
            case .approve:
                audit(.approved)
                output = try await run()
            case .deny(let message):
                audit(.denied(message: message))
                output = .failure(message)
                source = String(describing: ToolOutput.self)
            case .answer(let answer):
                audit(.answeredByApprover(output: answer.text))
                output = answer
                source = String(describing: ToolOutput.self)
            }
        } else {
            output = try await run()
        }
        session.record(.toolOutput(Transcript.ToolOutput(
            callID: callID, toolName: tool.name, content: output.generatedContent, source: source, isFailure: output.isFailure,
            date: dispatched, seconds: Date().timeIntervalSince(dispatched))))
        return output
    }

    /// The answer of a request without tools, under the one policy of
    /// ``LanguageModel/checkedAnswer(to:constraint:options:progress:)``: an answer that breaks a
    /// check its grammar can't make is shown back to the model and generated again.
    private func checkedAnswer(
        system: String?, statistics: inout GenerationStatistics
    ) async throws -> (content: GeneratedContent, text: String, reasoning: String?, regenerations: Int) {
        let constraint: OutputConstraint? = if case .schema(let schema, _) = answer {
            try OutputConstraint(schema: schema, options: options.grammar, now: now)
        } else {
            nil
        }
        let view: PartialView = constraint == nil ? .text : .json
        var lastPartial: GeneratedContent?
        let onPartial = onPartial
        let checked = try await session.model.checkedAnswer(
            to: SessionPrompt.messages(systemText: system, entries: session.transcript.entries), constraint: constraint,
            options: options
        ) { _, response in
            guard let onPartial, let partial = view.partial(of: response.completeText), partial != lastPartial else { return }
            lastPartial = partial
            onPartial(partial)
        }
        statistics.add(checked.statistics)
        return (checked.content, checked.text, checked.reasoning, checked.regenerations)
    }

    /// One tool turn's text, and the constraint's pressure on it when measured; its checks are
    /// the turn's own (``nextStep(_:system:rounds:statistics:)``).
    private func generate(
        _ messages: [ChatMessage], tools: [ToolDeclaration], constraint: OutputConstraint?, native: Bool,
        statistics: inout GenerationStatistics
    ) async throws -> (text: String, reasoning: String?, pressure: AnswerPressure?) {
        var turnOptions = options.limited(by: constraint)
        // A tool turn first chooses whether to call a tool, a choice the instructions make
        // likely whatever the request is, so emphasis would weigh it down (gemma-3-270m called
        // a calendar tool in none of 3 seeds with it). Only emphasis set by hand applies to
        // tool turns; the final answer keeps the default.
        if turnOptions.requestEmphasis?.isAutomatic == true { turnOptions.requestEmphasis = nil }
        let request = GenerationRequest(messages: messages, constraint: constraint, tools: tools, options: turnOptions)
        var lastPartial: GeneratedContent?
        // A model's own call text is not JSON until its calls are read: no partial views of it.
        let onPartial = native ? nil : onPartial
        let (text, reasoning, turnStatistics) = try await session.model.complete(request) { response in
            guard let onPartial, let partial = PartialView.toolTurn.partial(of: response.completeText), partial != lastPartial else { return }
            lastPartial = partial
            onPartial(partial)
        }
        statistics.add(turnStatistics)
        // Pressure is read by JSON pointer, which a model's own call text doesn't have.
        return (text, reasoning, turnOptions.measuresPressure && !native ? AnswerPressure.of(turnStatistics.pressure, in: text) : nil)
    }
}
