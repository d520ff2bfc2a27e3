import BridleSchema
import Foundation

/// What a model wrote on a turn that offered tools: the calls, checked and not run, or the
/// answer it gave instead.
public enum ToolTurnReply: Sendable, Hashable {
    case calls([ParsedToolCall])
    case answer(String)
}

extension LanguageModel {
    /// One turn of `messages` with `tools` offered, in the model's own call format where it has
    /// one (``toolCallFormat``: its template shows the tools) and in Bridle's JSON envelope
    /// otherwise (the system message describes them). Each call's arguments are decoded under
    /// that tool's grammar and checked; nothing is run.
    ///
    /// ```swift
    /// let reply = try await model.toolCalls(to: [.user("Weather in Oslo?")], tools: [weather])
    /// // .calls([ParsedToolCall(name: "get_weather", arguments: {"city": "Oslo"})])
    /// ```
    ///
    /// - Throws: ``ResponseError/schemaViolation(text:violations:)`` when a call breaks a rule
    ///   its grammar leaves to the check after generation, or the model's text can't be read;
    ///   a backend's errors as they come.
    public func toolCalls(
        to messages: [ChatMessage], tools: [any Tool], options: GenerationOptions = GenerationOptions()
    ) async throws -> ToolTurnReply {
        let now = Date()
        let calendar = Calendar(identifier: .gregorian)
        let offered = try tools.map { tool in
            OfferedTool(tool: tool, parameters: try tool.parameters(in: ValidationContext(toolName: tool.name, now: now, calendar: calendar)))
        }
        let format = toolCallFormat
        let callsOnly = options.toolCallingMode?.kind == .required
        let turn = try SessionTurn(
            format: format, tools: options.toolCallingMode?.kind == .disallowed ? [] : offered, answer: .text, options: options.grammar,
            now: now, callsOnly: callsOnly, excluding: [:])
        let guide = SessionPrompt.systemText(instructions: nil, tools: offered, answer: .text, nativeCalls: format != nil)
        let request = GenerationRequest(
            messages: Self.adding(guide, to: messages), constraint: turn.constraint,
            tools: format == nil ? [] : NativeToolTurn.declarations(of: offered), options: options.limited(by: turn.constraint))
        let (text, _, _) = try await complete(request)
        switch turn.read(text) {
        case .answer(let content):
            if case .string(let answer) = content.kind { return .answer(answer) }
            return .answer(content.jsonString)
        case .calls(let calls):
            var parsed: [ParsedToolCall] = []
            for call in calls {
                let context = ValidationContext(toolName: call.tool.name, now: now, calendar: calendar)
                if case .failure(let problems) = call.tool.check(call.arguments, in: context) {
                    throw ResponseError.schemaViolation(text: text, violations: problems.messages.map { "\(call.tool.name): \($0)" })
                }
                parsed.append(ParsedToolCall(name: call.tool.name, arguments: call.arguments))
            }
            return .calls(parsed)
        case .unreadable(_, _, let problem):
            throw ResponseError.schemaViolation(text: text, violations: [problem])
        }
    }

    /// `messages` with `guide` closing the first system message (a new one first when there is
    /// none).
    private static func adding(_ guide: String?, to messages: [ChatMessage]) -> [ChatMessage] {
        guard let guide else { return messages }
        guard let first = messages.first, first.role == .system else { return [.system(guide)] + messages }
        var messages = messages
        messages[0].content = first.content.isEmpty ? guide : first.content + "\n\n" + guide
        return messages
    }
}
