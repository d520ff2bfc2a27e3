/// One token of a model's next-token distribution, as samplers take it: laid out like
/// llama.cpp's `llama_token_data` (id, logit, probability), so a backend can hand a buffer of
/// these to its own sampler without copying.
public struct TokenCandidate: Sendable, Hashable {
    public var id: Int32
    public var logit: Float
    /// Filled in by samplers that normalise; the constraint neither reads nor writes it.
    public var probability: Float

    public init(id: Int32, logit: Float, probability: Float = 0) {
        self.id = id
        self.logit = logit
        self.probability = probability
    }
}
