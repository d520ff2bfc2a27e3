import Foundation

/// How likely the model found a token: the log-softmax of its logits at temperature 1, before
/// any mask. Best-of-N ranks candidates by the mean over their sampled tokens, so a candidate
/// the grammar had to push away from the model's favourites scores low.
///
/// ```swift
/// let logits: [Float] = [2, 1, 0]
/// logits.withUnsafeBufferPointer { LogProbability.of(0, in: $0) }   // -0.408
/// ```
public enum LogProbability {
    /// `token`'s log-probability under `logits` (one per vocabulary token, by id); −∞ for a
    /// token out of range or with logit −∞.
    public static func of(_ token: Int32, in logits: UnsafeBufferPointer<Float>) -> Double {
        guard logits.indices.contains(Int(token)) else { return -.infinity }
        var highest = -Float.infinity
        for logit in logits where logit > highest { highest = logit }
        guard highest.isFinite else { return -.infinity }
        var sum: Double = 0
        for logit in logits { sum += Double(expf(logit - highest)) }
        return Double(logits[Int(token)] - highest) - log(sum)
    }
}
