import BridleSchema

/// One turn of a conversation, as a backend formats it with the model's chat template.
///
/// A turn in a model's own tool-call format keeps its calls apart from its text, so the model's
/// Jinja template writes them as the model was trained to read them:
///
/// ```swift
/// ChatMessage(role: .assistant, content: "", toolCalls: [.init(id: "call1", name: "get_weather", arguments: ["city": "Oslo"])])
/// ChatMessage(role: .tool, content: "12 °C", toolCallID: "call1", toolName: "get_weather")
/// ```
///
/// Backends without a Jinja template (llama.cpp's built-in templates, servers) read ``content``
/// alone; sessions write calls into the content for them (Bridle's JSON envelope).
public struct ChatMessage: Sendable, Hashable, Codable {
    public enum Role: String, Sendable, Hashable, Codable {
        case system, user, assistant, tool
    }

    /// A call an assistant turn made, in the OpenAI shape chat templates read.
    public struct ToolCall: Sendable, Hashable, Codable {
        public var id: String
        public var name: String
        public var arguments: GeneratedContent

        public init(id: String, name: String, arguments: GeneratedContent) {
            self.id = id
            self.name = name
            self.arguments = arguments
        }
    }

    public var role: Role
    public var content: String
    /// The calls of an assistant turn; empty otherwise.
    public var toolCalls: [ToolCall]
    /// For a tool's result: the call it answers.
    public var toolCallID: String?
    /// For a tool's result: the tool that wrote it.
    public var toolName: String?

    public init(role: Role, content: String, toolCalls: [ToolCall] = [], toolCallID: String? = nil, toolName: String? = nil) {
        self.role = role
        self.content = content
        self.toolCalls = toolCalls
        self.toolCallID = toolCallID
        self.toolName = toolName
    }

    public static func system(_ content: String) -> ChatMessage { ChatMessage(role: .system, content: content) }
    public static func user(_ content: String) -> ChatMessage { ChatMessage(role: .user, content: content) }
    public static func assistant(_ content: String) -> ChatMessage { ChatMessage(role: .assistant, content: content) }

    private enum CodingKeys: String, CodingKey {
        case role, content, toolCalls, toolCallID, toolName
    }

    // Messages encoded before tool calls existed have none of the new keys.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        role = try container.decode(Role.self, forKey: .role)
        content = try container.decode(String.self, forKey: .content)
        toolCalls = try container.decodeIfPresent([ToolCall].self, forKey: .toolCalls) ?? []
        toolCallID = try container.decodeIfPresent(String.self, forKey: .toolCallID)
        toolName = try container.decodeIfPresent(String.self, forKey: .toolName)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(role, forKey: .role)
        try container.encode(content, forKey: .content)
        if !toolCalls.isEmpty { try container.encode(toolCalls, forKey: .toolCalls) }
        try container.encodeIfPresent(toolCallID, forKey: .toolCallID)
        try container.encodeIfPresent(toolName, forKey: .toolName)
    }
}
