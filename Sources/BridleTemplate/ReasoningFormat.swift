/// How a model writes its reasoning before the answer: `start`, the reasoning, `end`, then the
/// answer (Qwen3: `<think>\n` … `\n</think>\n\n`).
///
/// ```swift
/// let qwen3 = ReasoningFormat(start: "<think>\n", end: "\n</think>\n\n", startsInPrompt: false)
/// ```
public struct ReasoningFormat: Sendable, Hashable, Codable {
    public var start: String
    public var end: String
    /// True when the generation prompt already opens the block (templates that end the prompt
    /// with `<think>\n`): the model's text then begins inside the reasoning.
    public var startsInPrompt: Bool

    public init(start: String, end: String, startsInPrompt: Bool) {
        self.start = start
        self.end = end
        self.startsInPrompt = startsInPrompt
    }
}
