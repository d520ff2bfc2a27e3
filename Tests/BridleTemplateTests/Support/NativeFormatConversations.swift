import BridleJSON
import BridleTemplate
import Foundation

/// Conversations with tool calls unlike the detection's probes (other names, several
/// arguments, other ids), rendered through a template and cut to what the model would write:
/// what a derived ``ToolCallFormat`` must read back.
///
/// ```swift
/// let part = try NativeFormatConversations.assistantPart(template, calls: [NativeFormatConversations.weather])
/// let parsed = try format.parse(part)
/// ```
enum NativeFormatConversations {
    struct Call {
        var id: String
        var name: String
        var arguments: GeneratedContent

        var parsed: ParsedToolCall { ParsedToolCall(name: name, arguments: arguments) }
    }

    static let weather = Call(
        id: "x9y8z7w6v", name: "get_weather",
        arguments: GeneratedContent(properties: [("city", "Paris"), ("days", 3), ("units", GeneratedContent(elements: ["celsius", "mm"]))]))
    static let time = Call(id: "k1l2m3n4o", name: "get_time", arguments: GeneratedContent(properties: [("timezone", "Asia/Tokyo")]))

    static let tools = GeneratedContent(elements: [weather, time].map { call in
        GeneratedContent(properties: [
            ("type", "function"),
            ("function", GeneratedContent(properties: [
                ("name", GeneratedContent(call.name)), ("description", "A tool."),
                ("parameters", GeneratedContent(properties: [("type", "object"), ("properties", GeneratedContent(properties: []))])),
            ])),
        ])
    })

    static let user = GeneratedContent(properties: [("role", "user"), ("content", "What's the weather in Paris?")])
    static let answer = "It is sunny."

    static func assistant(content: String = "", calls: [Call]) -> GeneratedContent {
        var properties: [(String, GeneratedContent)] = [("role", "assistant"), ("content", GeneratedContent(content))]
        if !calls.isEmpty {
            properties.append(("tool_calls", GeneratedContent(elements: calls.map { call in
                GeneratedContent(properties: [
                    ("id", GeneratedContent(call.id)), ("type", "function"),
                    ("function", GeneratedContent(properties: [("name", GeneratedContent(call.name)), ("arguments", call.arguments)])),
                ])
            })))
        }
        return GeneratedContent(properties: properties)
    }

    static func render(_ template: ChatTemplate, _ messages: [GeneratedContent], addsGenerationPrompt: Bool) throws -> String {
        try template.render(ChatTemplateInput(
            messages: GeneratedContent(elements: messages), tools: tools, addsGenerationPrompt: addsGenerationPrompt,
            bosToken: "<s>", eosToken: "</s>", now: Date(timeIntervalSince1970: 1_750_000_000)))
    }

    /// The assistant turn with `calls` past the generation prompt, its end of turn cut off (the
    /// text that follows a plain answer).
    static func assistantPart(_ template: ChatTemplate, calls: [Call], content: String = "") throws -> String {
        let prompt = Array(try render(template, [user], addsGenerationPrompt: true).utf8)
        let turn = Array(try render(template, [user, assistant(content: content, calls: calls)], addsGenerationPrompt: false).utf8)
        var part = Array(turn[markerStart(turn, commonPrefix(turn, prompt))...])
        let plain = Array(try render(template, [user, assistant(content: answer, calls: [])], addsGenerationPrompt: false).utf8)
        let plainPart = Array(plain[markerStart(plain, commonPrefix(plain, prompt))...])
        if let range = String(decoding: plainPart, as: UTF8.self).range(of: answer) {
            let endOfTurn = Array(String(decoding: plainPart, as: UTF8.self)[range.upperBound...].utf8)
            if !endOfTurn.isEmpty, part.count >= endOfTurn.count, part.suffix(endOfTurn.count).elementsEqual(endOfTurn) {
                part.removeLast(endOfTurn.count)
            }
        }
        return String(decoding: part, as: UTF8.self)
    }

    /// `cut`, or the `<`/`[` of the marker it falls in (`<|START_ACTION|>` and
    /// `<|START_THINKING|>` share `<|START_`).
    private static func markerStart(_ text: [UInt8], _ cut: Int) -> Int {
        var index = cut - 1
        while index >= 0, index >= cut - 48 {
            let byte = text[index]
            if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "[") { return index }
            if byte <= 0x20 || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "]") { return cut }
            index -= 1
        }
        return cut
    }

    private static func commonPrefix(_ a: [UInt8], _ b: [UInt8]) -> Int {
        zip(a, b).prefix { $0 == $1 }.count
    }
}
