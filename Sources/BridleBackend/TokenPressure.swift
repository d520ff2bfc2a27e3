/// How hard the constraint pushed against the model at one sampled token: the share of the
/// model's probability (at temperature 1, before any filter) that fell on tokens the constraint
/// refused, and the refused token the model wanted most. A schema, a description or a prompt
/// that disagrees with the model shows up here first; the answer stays valid either way.
///
/// ```swift
/// options.measuresPressure = true
/// let answer = try await model.checkedAnswer(to: messages, constraint: constraint, options: options)
/// answer.statistics.pressure.map(\.removedProbability)   // [0.0, 0.93, 0.01, …]
/// ```
public struct TokenPressure: Sendable, Hashable, Codable {
    /// Where the sampled token starts in the answer, in bytes (the answer's own: after any
    /// reasoning before it). A response made of several answers (``GenerationStatistics/add(_:)``)
    /// keeps each answer's records in order, each counted from its own answer's start.
    public var answerOffset: Int
    /// 1 − p(allowed): the model's probability of every token the constraint refused.
    public var removedProbability: Double
    /// The refused token the model found likeliest, as text (`nil` when the constraint refused
    /// nothing): what it wanted to write instead.
    public var refusedFavourite: String?
    /// That token's probability under the model.
    public var refusedFavouriteProbability: Double

    public init(answerOffset: Int, removedProbability: Double, refusedFavourite: String?, refusedFavouriteProbability: Double) {
        self.answerOffset = answerOffset
        self.removedProbability = removedProbability
        self.refusedFavourite = refusedFavourite
        self.refusedFavouriteProbability = refusedFavouriteProbability
    }
}
