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
    /// What the model reasoned before its answer, and the marker that ended it
    /// (``GenerationOptions/reasoningLevel``); `nil` when it answered at once.
    public let reasoning: String?

    public init(
        content: Content, rawContent: GeneratedContent, text: String, statistics: GenerationStatistics,
        transcriptEntries: ArraySlice<Transcript.Entry> = [], reasoning: String? = nil
    ) {
        self.content = content
        self.rawContent = rawContent
        self.text = text
        self.statistics = statistics
        self.transcriptEntries = transcriptEntries
        self.reasoning = reasoning
    }
}

extension Response: Sendable where Content: Sendable {}

extension Response where Content == GeneratedContent {
    /// This response with its content decoded into `type`; a value that does not decode is a
    /// ``ResponseError/undecodableResponse(text:reason:)``, never passed on.
    func decoded<Value: Generable>(as type: Value.Type) throws(ResponseError) -> Response<Value> {
        do {
            let value = try Value(rawContent)
            return Response<Value>(
                content: value, rawContent: rawContent, text: text, statistics: statistics, transcriptEntries: transcriptEntries,
                reasoning: reasoning)
        } catch {
            throw .undecodableResponse(text: text, reason: String(describing: error))
        }
    }
}
