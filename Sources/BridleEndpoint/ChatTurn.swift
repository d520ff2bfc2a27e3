import BridleGeneration
import BridleGrammar
import BridleSchema
import Foundation

/// What one chat completion asks of the model: the conversation with Bridle's instructions
/// added to its system message, the constraint every answer is decoded under, and how an
/// answer is read back into a message.
///
/// Tools use the session's tool turn (``LanguageModelSession``'s format and grammar): the model
/// writes `{"tool":NAME,"arguments":{…}}` or `{"response":…}`, and only the offered tools'
/// names with arguments that match their schemas can be written.
struct ChatTurn {
    /// An answer, as the message it becomes.
    enum Reply: Equatable {
        case content(String)
        case call(name: String, arguments: String)
    }

    let messages: [ChatMessage]
    /// A text completion's prompt, read as it is instead of `messages`.
    let promptText: String?
    let constraint: OutputConstraint?
    private let toolTurn: ToolTurn?
    private let answer: AnswerFormat?

    /// Whether answers are a tool turn's JSON, read into a call or a message only once complete.
    var readsToolCalls: Bool { toolTurn != nil }

    init(_ request: CompletionRequest, now: Date = Date()) throws(EndpointError) {
        let answer: AnswerFormat?
        var instructions: String?
        switch request.responseFormat {
        case .text:
            answer = request.grammar == nil ? .text : nil
        case .jsonObject:
            answer = .schema(try JSONSchemaDocument.read(["type": "object"], at: "response_format"), includeInPrompt: false)
            instructions = "Respond with one JSON object."
        case .jsonSchema(let schema):
            answer = .schema(schema, includeInPrompt: true)
            instructions = schema.responseInstructions
        }
        self.answer = answer
        let offered = Self.offered(request)
        if let offered, let answer {
            instructions = SessionPrompt.systemText(instructions: nil, tools: offered, answer: answer)
            do {
                toolTurn = try ToolTurn(tools: offered, answer: answer, options: GrammarOptions(), now: now, callsOnly: request.toolChoice != .auto)
            } catch {
                throw Self.culprit(of: error, among: offered, in: request)
            }
            constraint = toolTurn?.constraint
        } else {
            toolTurn = nil
            constraint = try Self.constraint(request, answer: answer, now: now)
        }
        // A written prompt is the client's to the byte: nothing is added to it.
        messages = request.kind == .chat ? Self.adding(instructions, to: request.messages) : []
        promptText = request.promptText
    }

    /// The tools this turn offers: none under `tool_choice: none`, only the named one under a
    /// named choice.
    private static func offered(_ request: CompletionRequest) -> [OfferedTool]? {
        let tools: [DeclaredTool]
        switch request.toolChoice {
        case .none: return nil
        case .auto, .required: tools = request.tools
        case .function(let name): tools = request.tools.filter { $0.name == name }
        }
        guard !tools.isEmpty else { return nil }
        return tools.map { OfferedTool(tool: $0, parameters: $0.parameters) }
    }

    private static func constraint(_ request: CompletionRequest, answer: AnswerFormat?, now: Date) throws(EndpointError) -> OutputConstraint? {
        if let gbnf = request.grammar {
            do {
                return try OutputConstraint(grammar: Grammar(gbnf: gbnf))
            } catch {
                throw .invalidRequest("the grammar can't be used: \(error)", parameter: "bridle.grammar", code: "invalid_grammar")
            }
        }
        guard case .schema(let schema, _) = answer else { return nil }
        do {
            return try OutputConstraint(schema: schema, now: now)
        } catch {
            throw .invalidRequest(
                "the schema can't be enforced: \(error.description)", parameter: "response_format.json_schema.schema\(error.pointer)",
                code: "schema_not_compiled")
        }
    }

    /// The error for a tool turn that failed to compile: the first tool whose schema fails
    /// alone, pointed at; otherwise the answer's schema.
    private static func culprit(of error: any Error, among offered: [OfferedTool], in request: CompletionRequest) -> EndpointError {
        if let (tool, reason) = ToolTurn.failingTool(among: offered, options: GrammarOptions()) {
            let index = request.tools.firstIndex { $0.name == tool.tool.name } ?? 0
            return .invalidRequest(
                "the parameters of \(tool.tool.name) can't be enforced: \(reason.description)",
                parameter: "tools[\(index)].function.parameters\(reason.pointer)", code: "schema_not_compiled")
        }
        if let error = error as? GrammarCompileError {
            return .invalidRequest(
                "the schema can't be enforced: \(error.description)", parameter: "response_format.json_schema.schema\(error.pointer)",
                code: "schema_not_compiled")
        }
        return .invalidRequest("the tools can't be offered together: \(error)", parameter: "tools", code: "schema_not_compiled")
    }

    /// `messages` with `instructions` at the end of the first system message (a new one first
    /// when there is none).
    private static func adding(_ instructions: String?, to messages: [ChatMessage]) -> [ChatMessage] {
        guard let instructions else { return messages }
        var messages = messages
        if let first = messages.first, first.role == .system {
            messages[0].content = first.content.isEmpty ? instructions : first.content + "\n\n" + instructions
        } else {
            messages.insert(.system(instructions), at: 0)
        }
        return messages
    }

    /// The answer `text` as a message: a tool turn's call or answer, or the text itself.
    func reply(to text: String) throws(EndpointError) -> Reply {
        guard let toolTurn else { return .content(text) }
        switch toolTurn.read(text) {
        case .calls(let calls):
            // Bridle's envelope, the one format the endpoint writes, holds one call a turn.
            guard let call = calls.first, calls.count == 1 else {
                throw EndpointError(status: 500, type: "server_error", message: "the model's turn held \(calls.count) calls where one was expected")
            }
            return .call(name: call.tool.name, arguments: call.arguments.jsonString)
        case .answer(let content):
            if case .text? = answer, case .string(let text) = content.kind { return .content(text) }
            return .content(content.jsonString)
        case .unreadable(_, _, let problem):
            throw EndpointError(status: 500, type: "server_error", message: "the model's turn could not be read: \(problem)")
        }
    }
}
