import BridleBackend
import BridleMask
import Foundation

/// Request emphasis as a logits transform (classifier-free guidance): each candidate's logit
/// `a` becomes `γ·a + (1 − γ)·b`, with `b` its logit in the conversation without its request,
/// among the *plausible* candidates only: those the model, given the request, finds at least
/// α times as likely as the likeliest allowed one. Both rows are log-probabilities up to a
/// constant, which no draw sees, so neither needs normalising.
struct EmphasisTransform {
    let weight: Float
    /// ln α; −∞ (α = 0) cuts nothing.
    let logPlausibility: Float

    init(_ emphasis: RequestEmphasis) {
        weight = Float(emphasis.weight)
        let plausibility = Float(emphasis.plausibility)
        logPlausibility = plausibility > 0 ? logf(plausibility) : -.infinity
    }

    /// Greedy and top-k choose among at least this many allowed candidates, so the cut, not
    /// the filter, decides which the emphasis may pick.
    static let candidates = 32

    /// Reweighs the candidates still in (logit above −∞) against `baseline`; with `cut`, rules
    /// out those below the plausibility cut first. Only where the candidates are known to be
    /// allowed may the cut rule some out (the likeliest must be an allowed one).
    func apply(to candidates: UnsafeMutableBufferPointer<TokenCandidate>, baseline: UnsafeBufferPointer<Float>, cut: Bool) {
        var top = -Float.infinity
        for candidate in candidates where candidate.logit > top { top = candidate.logit }
        guard top.isFinite else { return }
        let rest = 1 - weight
        for index in candidates.indices {
            let logit = candidates[index].logit
            guard logit > -Float.infinity else { continue }
            let id = Int(candidates[index].id)
            if (cut && logit - top < logPlausibility) || !baseline.indices.contains(id) {
                candidates[index].logit = -Float.infinity
            } else {
                candidates[index].logit = weight * logit + rest * baseline[id]
            }
        }
    }

    /// What `token` adds to best of N's score under emphasis, weighed as the choice was:
    /// `γ·log p(t | request) + (1 − γ)·log p(t | no request)`, so the candidate chosen is the
    /// one the request explains best, not the one the examples alone make likeliest.
    func score(of token: Int32, logits: UnsafeBufferPointer<Float>, baseline: UnsafeBufferPointer<Float>) -> Double {
        let weight = Double(weight)
        return weight * LogProbability.of(token, in: logits) + (1 - weight) * LogProbability.of(token, in: baseline)
    }
}
