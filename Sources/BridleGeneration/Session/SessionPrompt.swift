import BridleJSONSchema
import BridleSchema

extension GenerationSchema {
    /// What a session's system message says of the answer when the schema is included in the
    /// prompt (`includeSchemaInPrompt`, the default): the JSON Schema, compact. The accuracy
    /// benchmark found it followed better than a field list (``fieldList``) on both real models.
    public var responseInstructions: String {
        "Respond with JSON that matches this JSON Schema:\n\(SessionPrompt.schemaText(self))"
    }
}

/// Turns a transcript and a request into the messages a model sees.
package enum SessionPrompt {
    /// The system message: the session's instructions, then how to reply. With `nativeCalls`
    /// the model's own template shows the tools and the model calls them in its own format, so
    /// only the answer's schema is described.
    package static func systemText(instructions: String?, tools: [OfferedTool]?, answer: AnswerFormat, nativeCalls: Bool = false) -> String? {
        var parts = instructions.map { [$0] } ?? []
        if let tools, !nativeCalls {
            parts.append(toolGuide(tools, answer: answer))
        } else if case .schema(let schema, true) = answer {
            parts.append(schema.responseInstructions)
        }
        return parts.isEmpty ? nil : parts.joined(separator: "\n\n")
    }

    private static func toolGuide(_ tools: [OfferedTool], answer: AnswerFormat) -> String {
        var lines: [String] = []
        if tools.isEmpty {
            lines.append(#"Reply with one JSON object: {"response":ANSWER}."#)
        } else {
            lines.append(#"Reply with one JSON object: {"tool":NAME,"arguments":{…}} to call a tool, or {"response":ANSWER} to answer. The result of a call comes back in the next message."#)
        }
        switch answer {
        case .text:
            lines.append("ANSWER is your reply as a JSON string.")
        case .schema(let schema, let shown):
            lines.append(shown ? "ANSWER is JSON that matches this JSON Schema: \(schemaText(schema))" : "ANSWER is JSON.")
        }
        if !tools.isEmpty {
            lines.append("Tools:")
            for offered in tools {
                var line = "- \(offered.tool.name): \(offered.tool.description)"
                if offered.tool.includesSchemaInInstructions {
                    line += " Arguments: \(schemaText(offered.parameters))"
                }
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// A schema as the model reads it: compact JSON Schema without the `$schema` dialect URL,
    /// which tells a model nothing and costs tokens in every request, once per tool.
    static func schemaText(_ schema: GenerationSchema) -> String {
        schemaDocument(schema).jsonString
    }

    /// The JSON Schema document of ``schemaText(_:)``.
    static func schemaDocument(_ schema: GenerationSchema) -> GeneratedContent {
        var document = schema.jsonSchema
        if case .structure(var properties, let keys) = document.kind {
            properties["$schema"] = nil
            document.kind = .structure(properties: properties, orderedKeys: keys.filter { $0 != "$schema" })
        }
        return document
    }

    /// The conversation so far, as chat messages; the instructions entry is replaced by
    /// `systemText`, which also describes this request's tools and answer. With the model's own
    /// `callFormat`, calls and results are structured for its template (``ChatMessage/toolCalls``,
    /// ``ChatMessage/toolCallID``), with the prose the model wrote before its calls as the
    /// content; otherwise they are the text the model wrote and read.
    package static func messages(systemText: String?, entries: [Transcript.Entry], callFormat: ToolCallFormat? = nil) -> [ChatMessage] {
        var messages = systemText.map { [ChatMessage.system($0)] } ?? []
        for entry in entries {
            switch entry {
            case .instructions: continue
            case .prompt(let prompt): messages.append(.user(prompt.text))
            case .toolCalls(let calls) where callFormat != nil:
                // The template writes the calls after the content: the prose before them.
                messages.append(ChatMessage(
                    role: .assistant, content: (try? callFormat?.parse(calls.text).content) ?? "",
                    toolCalls: calls.calls.map { ChatMessage.ToolCall(id: $0.id, name: $0.toolName, arguments: $0.arguments) }))
            case .toolCalls(let calls): messages.append(.assistant(calls.text))
            case .toolOutput(let output) where callFormat != nil:
                messages.append(ChatMessage(role: .tool, content: output.text, toolCallID: output.callID, toolName: output.toolName))
            case .toolOutput(let output): messages.append(ChatMessage(role: .tool, content: output.text))
            case .response(let response): messages.append(.assistant(response.text))
            }
        }
        return messages
    }

    /// What follows a refused attempt in the conversation: the attempt, then why it was refused.
    /// In a model's own format each refused call is a structured call answered by a tool message
    /// with its reasons; otherwise (and for a refused answer) the attempt's text and one message.
    static func feedback(for attempt: ToolCallAttempt, refused calls: [(call: ToolTurn.ProposedCall, problems: [String])], nativeCalls: Bool) -> [ChatMessage] {
        let reasons = feedback(toolName: attempt.toolName, problems: attempt.problems)
        guard nativeCalls else { return [.assistant(attempt.text), ChatMessage(role: .tool, content: reasons)] }
        // A tool message must answer a call, so reasons without a call come as the user's.
        guard !calls.isEmpty else { return [.assistant(attempt.text), .user(reasons)] }
        let ids = calls.indices.map { _ in ToolCallID.make() }
        let assistant = ChatMessage(
            role: .assistant, content: "",
            toolCalls: zip(ids, calls).map { ChatMessage.ToolCall(id: $0, name: $1.call.tool.name, arguments: $1.call.arguments) })
        return [assistant] + zip(ids, calls).map { id, refused in
            ChatMessage(
                role: .tool, content: feedback(toolName: refused.call.tool.name, problems: refused.problems), toolCallID: id,
                toolName: refused.call.tool.name)
        }
    }

    /// What the model is told after a refused answer.
    static func answerFeedback(problems: [String]) -> String {
        "The answer was not accepted: \(problems.joined(separator: "; ")). Write the answer again with these fixed."
    }

    /// What the model is told after a refused call.
    static func feedback(toolName: String?, problems: [String]) -> String {
        let subject = toolName.map { "The call to \"\($0)\" was not run" } ?? "The reply was not understood"
        return "\(subject): \(problems.joined(separator: "; ")). Write the call again with these fixed, or answer."
    }
}
