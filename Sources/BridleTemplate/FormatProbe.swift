import BridleJSON

/// The fixed conversations a template is rendered with to find its native formats: two
/// conversations that differ in one thing render to two texts whose difference is that thing's
/// format. Every word is unlikely anywhere else in a template (`bridle_probe_alpha`), so finding
/// it finds what the template did with it.
///
/// ```swift
/// let text = try template.render(FormatProbe.input([FormatProbe.user, FormatProbe.assistant(calls: [FormatProbe.calls[0]])]))
/// ```
///
/// Tools are offered in every probe (some templates render calls only when tools are given);
/// ids are 9 alphanumerics, which Mistral's templates require.
enum FormatProbe {
    struct Call {
        var id: String
        var name: String
        var value: String

        var arguments: GeneratedContent { GeneratedContent(properties: [(FormatProbe.argumentKey, GeneratedContent(value))]) }
    }

    static let question = "bridle_question"
    static let answer = "bridle_answer"
    static let reasoning = "bridle_reasoning"
    static let argumentKey = "bridle_key"
    static let calls = [
        Call(id: "a1b2c3d4e", name: "bridle_probe_alpha", value: "bridle_value"),
        Call(id: "f5g6h7i8j", name: "bridle_probe_beta", value: "bridle_other"),
    ]

    static let tools = GeneratedContent(elements: calls.map { call in
        let parameters = GeneratedContent(properties: [
            ("type", "object"),
            ("properties", GeneratedContent(properties: [(argumentKey, GeneratedContent(properties: [("type", "string")]))])),
            ("required", GeneratedContent(elements: [GeneratedContent(argumentKey)])),
        ])
        return GeneratedContent(properties: [
            ("type", "function"),
            ("function", GeneratedContent(properties: [
                ("name", GeneratedContent(call.name)), ("description", "A probe."), ("parameters", parameters),
            ])),
        ])
    })

    static let user = GeneratedContent(properties: [("role", "user"), ("content", GeneratedContent(question))])

    /// How the assistant message holds its calls' arguments and empty content: Hugging Face's
    /// convention (an object, `""`) first, then what stricter or older templates expect.
    struct Style: CaseIterable, Hashable {
        var argumentsAsText: Bool
        var nullContent: Bool

        static let allCases = [
            Style(argumentsAsText: false, nullContent: false), Style(argumentsAsText: false, nullContent: true),
            Style(argumentsAsText: true, nullContent: false),
        ]
    }

    static func assistant(content: String? = nil, reasoning: String? = nil, calls: [Call] = [], style: Style = Style.allCases[0]) -> GeneratedContent {
        var properties: [(String, GeneratedContent)] = [("role", "assistant")]
        if let reasoning { properties.append(("reasoning_content", GeneratedContent(reasoning))) }
        properties.append(("content", content.map { GeneratedContent($0) } ?? (style.nullContent ? .null : GeneratedContent(""))))
        if !calls.isEmpty {
            properties.append(("tool_calls", GeneratedContent(elements: calls.map { call in
                GeneratedContent(properties: [
                    ("id", GeneratedContent(call.id)),
                    ("type", "function"),
                    ("function", GeneratedContent(properties: [
                        ("name", GeneratedContent(call.name)),
                        ("arguments", style.argumentsAsText ? GeneratedContent(call.arguments.jsonString(layout: .spaced)) : call.arguments),
                    ])),
                ])
            })))
        }
        return GeneratedContent(properties: properties)
    }
}
