import BridleGeneration
import BridleJSON

/// A request's `messages`, as the chat messages a ``LanguageModel`` reads.
///
/// - `developer` is read as `system` (OpenAI's newer name for it).
/// - A content given as parts keeps its text parts, joined; other parts (images, audio) are
///   refused, since no backend here reads them.
/// - An assistant's `tool_calls` become one assistant message each, written as Bridle's tool
///   turn writes a call (`{"tool":NAME,"arguments":{…}}`), so the model reads its earlier calls in
///   the format it is asked to write; a `tool` message is the call's result.
/// - `name` is accepted and not shown to the model (chat templates have no place for it).
enum ChatTranscript {
    static func messages(from field: RequestField) throws(EndpointError) -> [ChatMessage] {
        var messages: [ChatMessage] = []
        let elements = try field.array()
        if elements.isEmpty { throw field.problem("a conversation needs at least one message") }
        for element in elements {
            let role = try element.required("role").choice(["system", "developer", "user", "assistant", "tool"])
            switch role {
            case "system", "developer":
                try element.refuseUnknownKeys(["role", "content", "name"])
                messages.append(.system(try text(of: element.required("content"))))
            case "user":
                try element.refuseUnknownKeys(["role", "content", "name"])
                messages.append(.user(try text(of: element.required("content"))))
            case "assistant":
                try element.refuseUnknownKeys(["role", "content", "name", "tool_calls", "refusal"])
                let content = try element.optional("content").map { field throws(EndpointError) in try text(of: field) }
                let calls = try element.optional("tool_calls")?.array() ?? []
                if let content, !content.isEmpty || calls.isEmpty { messages.append(.assistant(content)) }
                for call in calls { messages.append(.assistant(try callText(call))) }
                if content == nil, calls.isEmpty {
                    throw element.problem("an assistant message needs content or tool_calls")
                }
            default:
                try element.refuseUnknownKeys(["role", "content", "name", "tool_call_id"])
                _ = try element.required("tool_call_id").string()
                messages.append(ChatMessage(role: .tool, content: try text(of: element.required("content"))))
            }
        }
        return messages
    }

    /// A content: a string, or an array of `{"type":"text","text":…}` parts.
    private static func text(of field: RequestField) throws(EndpointError) -> String {
        if case .string(let text) = field.value.kind { return text }
        var texts: [String] = []
        for part in try field.array() {
            let type = try part.required("type").string()
            guard type == "text" else {
                throw part.problem("content parts of type \"\(type)\" are not supported: this endpoint reads text parts only")
            }
            try part.refuseUnknownKeys(["type", "text"])
            texts.append(try part.required("text").string())
        }
        return texts.joined(separator: "\n")
    }

    /// `{"id":…,"type":"function","function":{"name":…,"arguments":"{…}"}}` as the model writes a call.
    private static func callText(_ call: RequestField) throws(EndpointError) -> String {
        try call.refuseUnknownKeys(["id", "type", "function"])
        _ = try call.optional("type")?.choice(["function"])
        let function = try call.required("function")
        try function.refuseUnknownKeys(["name", "arguments"])
        let name = try function.required("name").string()
        let argumentsField = try function.required("arguments")
        let argumentsText = try argumentsField.string()
        let arguments: GeneratedContent
        do {
            arguments = try GeneratedContent(json: argumentsText)
        } catch {
            throw argumentsField.problem("the arguments are not JSON: \(error.description)")
        }
        return GeneratedContent(properties: [(ToolTurn.toolKey, GeneratedContent(name)), (ToolTurn.argumentsKey, arguments)]).jsonString
    }
}
