import BridleSchema

extension LanguageModelSession {
    /// Tokens a response, or a whole session, used (FoundationModels 27).
    ///
    /// ```swift
    /// let answer = try await session.respond(to: "Suggest searches", generating: SearchSuggestions.self)
    /// answer.usage.input.totalTokenCount    // the prompts of every turn
    /// answer.usage.input.cachedTokenCount   // of those, reused from the backend's cache
    /// answer.usage.output.totalTokenCount   // tokens written, forced ones included
    /// session.usage.totalTokenCount         // every successful request so far
    /// ```
    ///
    /// Counted from ``GenerationStatistics`` over every turn of a request (tool calls and the
    /// answer). ``Output/reasoningTokenCount`` counts the free text before the answer under
    /// ``GenerationOptions/reasoningLevel`` (``GenerationStatistics/reasoningTokens``), a share of
    /// ``Output/totalTokenCount``; 0 when the model answered at once.
    public struct Usage: Sendable, Hashable {
        public var input: Input
        public var output: Output
        public var metadata: [String: GeneratedContent]

        public init(input: Input, output: Output, metadata: [String: any ConvertibleToGeneratedContent] = [:]) {
            self.input = input
            self.output = output
            // A value that cannot be written as JSON is kept as its description.
            self.metadata = metadata.mapValues { value in
                (try? value.generatedContent) ?? GeneratedContent(String(describing: value))
            }
        }

        /// Input and output tokens together.
        public var totalTokenCount: Int { input.totalTokenCount + output.totalTokenCount }

        public struct Input: Sendable, Hashable {
            public var totalTokenCount: Int
            public var cachedTokenCount: Int

            public init(totalTokenCount: Int, cachedTokenCount: Int) {
                self.totalTokenCount = totalTokenCount
                self.cachedTokenCount = cachedTokenCount
            }
        }

        public struct Output: Sendable, Hashable {
            public var totalTokenCount: Int
            public var reasoningTokenCount: Int

            public init(totalTokenCount: Int, reasoningTokenCount: Int) {
                self.totalTokenCount = totalTokenCount
                self.reasoningTokenCount = reasoningTokenCount
            }
        }

        static let zero = Usage(input: Input(totalTokenCount: 0, cachedTokenCount: 0), output: Output(totalTokenCount: 0, reasoningTokenCount: 0))

        init(_ statistics: GenerationStatistics) {
            self.init(
                input: Input(totalTokenCount: statistics.promptTokens, cachedTokenCount: statistics.reusedPromptTokens),
                output: Output(totalTokenCount: statistics.responseTokens, reasoningTokenCount: statistics.reasoningTokens))
        }

        static func + (left: Usage, right: Usage) -> Usage {
            Usage(
                input: Input(
                    totalTokenCount: left.input.totalTokenCount + right.input.totalTokenCount,
                    cachedTokenCount: left.input.cachedTokenCount + right.input.cachedTokenCount),
                output: Output(
                    totalTokenCount: left.output.totalTokenCount + right.output.totalTokenCount,
                    reasoningTokenCount: left.output.reasoningTokenCount + right.output.reasoningTokenCount),
                metadata: left.metadata.merging(right.metadata) { $1 })
        }
    }
}

extension Response {
    /// The tokens this response used (FoundationModels 27).
    public var usage: LanguageModelSession.Usage { LanguageModelSession.Usage(statistics) }
}
