import BridleSchema
import BridleTemplate
import Foundation

extension FuzzTargets {
    /// `ChatTemplate(source:)` and `render` on raw text, with a conversation that has a tool
    /// call and a tool result: each ends in a rendering or a `TemplateError`, never a crash or a
    /// hang. Text without any tag renders as itself (less one trailing newline, newlines
    /// normalised), as jinja2 writes it.
    public static func template(_ bytes: [UInt8]) {
        let source = text(bytes)
        guard let template = try? ChatTemplate(source: source) else { return }
        let rendered = try? template.render(templateInput)
        if !source.contains("{") {
            var expected = source.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            if expected.hasSuffix("\n") { expected.removeLast() }
            invariant(rendered == expected, "text without tags rendered differently: \(source.debugDescription)")
        }
    }

    private static let templateInput: ChatTemplateInput = {
        let messages = (try? GeneratedContent(json: """
            [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Weather in Paris?"},
             {"role": "assistant", "content": "", "tool_calls": [{"id": "a1b2c3d4e", "type": "function",
              "function": {"name": "get_weather", "arguments": {"city": "Paris"}}}]},
             {"role": "tool", "tool_call_id": "a1b2c3d4e", "content": "18 °C"}]
            """)) ?? GeneratedContent(elements: [])
        let tools = try? GeneratedContent(json: """
            [{"type": "function", "function": {"name": "get_weather", "description": "Weather now",
              "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}}]
            """)
        return ChatTemplateInput(messages: messages, tools: tools, bosToken: "<s>", eosToken: "</s>", now: Date(timeIntervalSince1970: 1_795_000_000))
    }()
}
