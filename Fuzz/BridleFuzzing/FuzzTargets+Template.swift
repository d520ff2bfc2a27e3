import BridleSchema
import BridleTemplate
import Foundation

extension FuzzTargets {
    /// `ChatTemplate(source:)` and `render` on raw text, with a conversation that has a tool
    /// call and a tool result: each ends in a rendering or a `TemplateError`, never a crash or a
    /// hang. Text without any tag renders as itself (less one trailing newline, newlines
    /// normalised), as jinja2 writes it.
    ///
    /// The same text is read as a model's output in three real call formats: `parse` returns
    /// calls or a `ToolCallParseError`, and calls it reads write back to text it reads alike.
    public static func template(_ bytes: [UInt8]) {
        let source = text(bytes)
        for format in callFormats {
            guard let parsed = try? format.parse(source), !parsed.calls.isEmpty else { continue }
            let again = try? format.parse(format.text(for: parsed.calls.map { ($0.name, $0.arguments, $0.id) }))
            invariant(again?.calls.map(\.name) == parsed.calls.map(\.name), "calls read from \(source.debugDescription) don't read back")
        }
        guard let template = try? ChatTemplate(source: source) else { return }
        let rendered = try? template.render(templateInput)
        if !source.contains("{") {
            var expected = source.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            if expected.hasSuffix("\n") { expected.removeLast() }
            invariant(rendered == expected, "text without tags rendered differently: \(source.debugDescription)")
        }
    }

    /// Hermes/Qwen, Mistral Nemo (a list, with an id slot) and Llama 3.x (no marker).
    private static let callFormats = [
        ToolCallFormat(callStart: "<tool_call>\n{\"name\": \"", nameEnd: "\", \"arguments\": ", callEnd: "}\n</tool_call>", callSeparator: "\n"),
        ToolCallFormat(
            sectionStart: "[TOOL_CALLS][", callStart: "{\"name\": \"", nameEnd: "\", \"arguments\": ", callEnd: ", \"id\": \"\"}",
            callSeparator: ", ", sectionEnd: "]", callID: ToolCallIDSlot(piece: .callEnd, offset: 9)),
        ToolCallFormat(callStart: "{\"name\": \"", nameEnd: "\", \"parameters\": ", callEnd: "}"),
    ]

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
