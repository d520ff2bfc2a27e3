import BridleSchema

/// An answer that passed every check of its ``OutputConstraint``.
public struct CheckedAnswer: Sendable, Hashable {
    /// The text as generated.
    public let text: String
    /// The text as content: parsed JSON under a schema, the text itself otherwise.
    public let content: GeneratedContent
    /// The work of every attempt, refused ones included.
    public let statistics: GenerationStatistics
    /// How many answers were refused and generated again before this one.
    public let regenerations: Int
}
