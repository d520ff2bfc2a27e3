import BridleJSON

/// What ``ToolCallFormat/parse(_:)`` read from generated text: the prose before the calls and
/// the calls.
///
/// ```swift
/// let parsed = try format.parse(generated)
/// for call in parsed.calls { print(call.name, call.arguments.jsonString) }
/// ```
public struct ParsedToolCalls: Sendable, Hashable {
    /// The text before the first call, trimmed of the whitespace the template puts between
    /// content and calls; the whole text when there is no call.
    public var content: String
    public var calls: [ParsedToolCall]

    public init(content: String, calls: [ParsedToolCall]) {
        self.content = content
        self.calls = calls
    }
}

/// One call a model wrote: the tool's name and its arguments.
///
/// ```swift
/// ParsedToolCall(name: "get_weather", arguments: ["city": "Paris"])
/// ```
public struct ParsedToolCall: Sendable, Hashable {
    public var name: String
    public var arguments: GeneratedContent
    /// The id the model wrote, for formats that write one (``ToolCallFormat/callID``).
    public var id: String?

    public init(name: String, arguments: GeneratedContent, id: String? = nil) {
        self.name = name
        self.arguments = arguments
        self.id = id
    }
}
