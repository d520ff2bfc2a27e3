/// How the next token is chosen among those the grammar allows.
///
/// The same model, prompt, options and seed give the same bytes on the same build of the backend.
///
/// ```swift
/// GenerationOptions(sampling: .greedy)
/// GenerationOptions(sampling: .random(probabilityThreshold: 0.9, seed: 42))
/// ```
public struct SamplingMode: Sendable, Hashable {
    public enum Strategy: Sendable, Hashable {
        /// Always the most likely token.
        case greedy
        /// One of the `k` most likely tokens, in proportion to their probabilities.
        case topK(Int)
        /// One of the most likely tokens whose probabilities add up to at least `threshold`.
        case nucleus(Double)
    }

    public let strategy: Strategy
    /// `nil` draws a fresh seed for each response.
    public let seed: UInt64?

    init(strategy: Strategy, seed: UInt64?) {
        self.strategy = strategy
        self.seed = seed
    }

    public static let greedy = SamplingMode(strategy: .greedy, seed: nil)

    /// The same strategy drawn from `seed`: many seeds of one request, or a retry that differs.
    ///
    /// ```swift
    /// SamplingMode.random(top: 40, seed: 1).seeded(2)   // top-40, seed 2
    /// ```
    public func seeded(_ seed: UInt64) -> SamplingMode {
        SamplingMode(strategy: strategy, seed: seed)
    }

    public static func random(top k: Int, seed: UInt64? = nil) -> SamplingMode {
        SamplingMode(strategy: .topK(k), seed: seed)
    }

    public static func random(probabilityThreshold: Double, seed: UInt64? = nil) -> SamplingMode {
        SamplingMode(strategy: .nucleus(probabilityThreshold), seed: seed)
    }
}
