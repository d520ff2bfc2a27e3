import BridleSchema

extension ChatMessage {
    /// The message as Hugging Face chat templates read it: `role` and `content`, an assistant's
    /// calls as OpenAI `tool_calls` (arguments as an object, which templates print with
    /// `tojson`), and a tool result's `tool_call_id` and `name`.
    ///
    /// ```swift
    /// ChatMessage(role: .tool, content: "12 °C", toolCallID: "call1", toolName: "get_weather").templateValue
    /// // {"role": "tool", "content": "12 °C", "tool_call_id": "call1", "name": "get_weather"}
    /// ```
    public var templateValue: GeneratedContent {
        var properties: [(String, GeneratedContent)] = [("role", GeneratedContent(role.rawValue)), ("content", GeneratedContent(content))]
        if !toolCalls.isEmpty {
            properties.append(("tool_calls", GeneratedContent(elements: toolCalls.map { call in
                GeneratedContent(properties: [
                    ("id", GeneratedContent(call.id)), ("type", GeneratedContent("function")),
                    ("function", GeneratedContent(properties: [("name", GeneratedContent(call.name)), ("arguments", call.arguments)])),
                ])
            })))
        }
        if let toolCallID { properties.append(("tool_call_id", GeneratedContent(toolCallID))) }
        if let toolName { properties.append(("name", GeneratedContent(toolName))) }
        return GeneratedContent(properties: properties)
    }
}
