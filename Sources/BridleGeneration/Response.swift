import BridleSchema

/// A complete response: the value, the JSON it came from, and the exact text the model wrote.
public struct Response<Content> {
    public let content: Content
    /// The response as JSON; for a plain-text response, a JSON string holding the text.
    public let rawContent: GeneratedContent
    /// The text exactly as generated, byte for byte.
    public let text: String
    public let statistics: GenerationStatistics

    public init(content: Content, rawContent: GeneratedContent, text: String, statistics: GenerationStatistics) {
        self.content = content
        self.rawContent = rawContent
        self.text = text
        self.statistics = statistics
    }
}

extension Response: Sendable where Content: Sendable {}
