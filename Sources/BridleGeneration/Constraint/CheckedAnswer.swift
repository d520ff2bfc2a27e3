import BridleSchema

/// An answer that passed every check of its ``OutputConstraint``.
public struct CheckedAnswer: Sendable, Hashable {
    /// The text as generated.
    public let text: String
    /// What the model reasoned before the answer (``GenerationOptions/reasoningLevel``), with
    /// the marker that ended it; `nil` when it answered at once.
    public let reasoning: String?
    /// The text as content: parsed JSON under a schema, the text itself otherwise.
    public let content: GeneratedContent
    /// The work of every attempt, refused ones and best-of-N candidates included.
    public let statistics: GenerationStatistics
    /// How many answers (rounds of candidates, with ``GenerationOptions/bestOf``) were refused
    /// and generated again before this one.
    public let regenerations: Int
    /// With ``GenerationOptions/bestOf`` above 1, every candidate of the round the answer came
    /// from, in seed order; empty otherwise.
    public let candidates: [Candidate]
    /// The constraint's pressure on each value of this answer and at its end
    /// (``GenerationOptions/measuresPressure``; `nil` when off): where the model wanted to write
    /// something the constraint refused.
    public let pressure: AnswerPressure?

    /// One of the candidates a best-of-N answer was chosen from.
    public struct Candidate: Sendable, Hashable {
        /// The text, or `nil` when the candidate could not be completed.
        public let text: String?
        /// Why the candidate was not valid: the checks it broke, or the error that ended it.
        /// Empty for a valid candidate.
        public let problems: [String]
        /// The mean log-probability of its sampled tokens (0 from a backend that does not score).
        public let meanLogProbability: Double
        /// Whether it is the answer.
        public let isChosen: Bool

        public init(text: String?, problems: [String], meanLogProbability: Double, isChosen: Bool) {
            self.text = text
            self.problems = problems
            self.meanLogProbability = meanLogProbability
            self.isChosen = isChosen
        }
    }

    public init(
        text: String, content: GeneratedContent, statistics: GenerationStatistics, regenerations: Int, candidates: [Candidate] = [],
        reasoning: String? = nil, pressure: AnswerPressure? = nil
    ) {
        self.pressure = pressure
        self.reasoning = reasoning
        self.text = text
        self.content = content
        self.statistics = statistics
        self.regenerations = regenerations
        self.candidates = candidates
    }
}
