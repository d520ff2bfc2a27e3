import BridleSchema

/// A complete response: the value, the JSON it came from, and the exact text the model wrote.
public struct Response<Content> {
    public let content: Content
    /// The response as JSON; for a plain-text response, a JSON string holding the text.
    public let rawContent: GeneratedContent
    /// The text exactly as generated, byte for byte.
    public let text: String
    /// Counts and timings, summed over every turn of a session request.
    public let statistics: GenerationStatistics
    /// The transcript entries this request added (its prompt, tool calls, tool output and
    /// response); empty for a request made on a model directly.
    public let transcriptEntries: ArraySlice<Transcript.Entry>

    public init(
        content: Content, rawContent: GeneratedContent, text: String, statistics: GenerationStatistics,
        transcriptEntries: ArraySlice<Transcript.Entry> = []
    ) {
        self.content = content
        self.rawContent = rawContent
        self.text = text
        self.statistics = statistics
        self.transcriptEntries = transcriptEntries
    }
}

extension Response: Sendable where Content: Sendable {}
