import Foundation

/// How much of the model's probability a constraint's answer took away at one token: 1 −
/// p(allowed) under the softmax of the row's logits at temperature 1, and the refused token
/// with the highest logit. Exact only over a whole allowed set, so it is measured from
/// ``Candidates/allowed(_:)`` or ``Candidates/all``, never from a draw's shortcut.
///
/// ```swift
/// // logits 2, 1, 0; the mask allows only token 0
/// let pressure = MaskPressure(row: row, candidates: .allowed(mask))
/// pressure?.removedProbability   // 0.335 (= e¹ + e⁰ over e² + e¹ + e⁰)
/// pressure?.refusedFavourite     // 1
/// ```
public struct MaskPressure: Sendable, Hashable {
    /// The model's probability of every refused token.
    public let removedProbability: Double
    /// The refused token with the highest logit (the lower id among equals); `nil` when nothing
    /// was refused.
    public let refusedFavourite: Int32?
    /// Its probability.
    public let refusedFavouriteProbability: Double

    /// Measures `candidates` against `row` (indexed by token id, before any refusal of this
    /// choice); `nil` for an answer that does not say which tokens are allowed
    /// (``Candidates/mostLikely(_:)``, ``Candidates/unchecked``) or a row with no finite logit.
    public init?(row: UnsafeBufferPointer<TokenCandidate>, candidates: Candidates) {
        var highest = -Float.infinity
        for candidate in row where candidate.logit > highest { highest = candidate.logit }
        guard highest.isFinite else { return nil }
        let mask: TokenMask?
        switch candidates {
        case .all:
            self.init(removed: 0, favourite: nil, favouriteProbability: 0)
            return
        case .none: mask = nil
        case .allowed(let allowed): mask = allowed
        case .mostLikely, .unchecked: return nil
        }
        var total = 0.0
        var refused = 0.0
        var favourite = -1
        var favouriteLogit = -Float.infinity
        for index in row.indices {
            let logit = row[index].logit
            let weight = exp(Double(logit) - Double(highest))
            total += weight
            if let mask, mask.contains(Int32(index)) { continue }
            refused += weight
            if logit > favouriteLogit {
                favourite = index
                favouriteLogit = logit
            }
        }
        self.init(
            removed: min(refused / total, 1), favourite: favourite < 0 ? nil : Int32(favourite),
            favouriteProbability: favourite < 0 ? 0 : exp(Double(favouriteLogit) - Double(highest)) / total)
    }

    private init(removed: Double, favourite: Int32?, favouriteProbability: Double) {
        removedProbability = removed
        refusedFavourite = favourite
        refusedFavouriteProbability = favouriteProbability
    }
}
