/// The candidates of one choice: the model's logits as a row indexed by token id (less the
/// tokens refused so far), and the buffer a draw gets, narrowed to a constraint's
/// ``Candidates``. Allocated once per sequence and reused at every token.
///
/// ```swift
/// buffer.load(logits)
/// guard let drawn = buffer.narrow(to: constraint.candidates(.allowed, from: buffer.row)) else { … }
/// // drawn: the whole vocabulary, −∞ where the mask rules a token out
/// ```
public final class CandidateBuffer {
    private var storage: UnsafeMutableBufferPointer<TokenCandidate>
    private var working: UnsafeMutableBufferPointer<TokenCandidate>

    public init() {
        storage = .allocate(capacity: 0)
        working = .allocate(capacity: 0)
    }

    deinit {
        storage.deallocate()
        working.deallocate()
    }

    /// The model's candidates, indexed by token id; refused tokens at −∞.
    public var row: UnsafeBufferPointer<TokenCandidate> { UnsafeBufferPointer(storage) }

    /// Starts a choice from `logits` (one per vocabulary token, indexed by id).
    public func load(_ logits: UnsafeBufferPointer<Float>) {
        if storage.count != logits.count {
            storage.deallocate()
            working.deallocate()
            storage = .allocate(capacity: logits.count)
            working = .allocate(capacity: logits.count)
        }
        for index in logits.indices {
            storage[index] = TokenCandidate(id: Int32(index), logit: logits[index])
        }
    }

    /// Rules `token` out of this choice's later draws.
    public func refuse(_ token: Int32) {
        guard storage.indices.contains(Int(token)) else { return }
        storage[Int(token)].logit = -.infinity
    }

    /// The candidates of `drawn` above −∞, moved to its front in the same order: what a draw
    /// that weighs candidates by their probability alone needs (llama.cpp's seeded draw adds
    /// each one's `exp` in order, and a −∞ adds exactly 0, so it picks the same token).
    public static func ruledIn(_ drawn: UnsafeMutableBufferPointer<TokenCandidate>) -> UnsafeMutableBufferPointer<TokenCandidate> {
        var kept = 0
        for index in drawn.indices where drawn[index].logit > -.infinity {
            drawn[kept] = drawn[index]
            kept += 1
        }
        return UnsafeMutableBufferPointer(rebasing: drawn[..<kept])
    }

    /// The candidates a draw sees for `candidates`, valid until the next call: only the most
    /// likely allowed tokens (handing over a whole vocabulary would cost a pass over it, and
    /// every other token would be −∞ anyway), or the whole row with −∞ where the mask rules a
    /// token out, or the whole row as it is. `nil` when nothing may be drawn: a sampler must
    /// never see only −∞ (some abort the process).
    ///
    /// With no constraint (``Candidates/all``) and a `selection` that sees only the k most
    /// likely tokens (greedy, top-k), only those k are handed over, found in one pass: the draw
    /// is the same, and the sampler chain no longer sorts a whole vocabulary for it (on gemma's
    /// 262k tokens, most of an unconstrained token's sampling time).
    ///
    /// With `onlyAllowed`, a mask's allowed tokens alone are handed over, in id order, for a
    /// draw that weighs candidates by probability alone (``ruledIn(_:)``). ``Candidates/unchecked``
    /// hands over the row itself, not a copy, for a draw that only reads it.
    public func narrow(
        to candidates: Candidates, for selection: CandidateSelection = .allowed, onlyAllowed: Bool = false
    ) -> UnsafeMutableBufferPointer<TokenCandidate>? {
        switch candidates {
        case .none:
            return nil
        case .allowed(let mask) where onlyAllowed:
            var kept = 0
            mask.forEach { token in
                let id = Int(token)
                guard id < storage.count, storage[id].logit > -.infinity else { return }
                working[kept] = storage[id]
                kept += 1
            }
            return kept == 0 ? nil : UnsafeMutableBufferPointer(rebasing: working[..<kept])
        case .mostLikely(let ids):
            for (index, id) in ids.enumerated() { working[index] = storage[Int(id)] }
            let drawn = UnsafeMutableBufferPointer(rebasing: working[..<ids.count])
            return drawn.contains { $0.logit > -.infinity } ? drawn : nil
        case .allowed(let mask):
            for index in storage.indices {
                working[index] = storage[index]
                if !mask.contains(Int32(index)) { working[index].logit = -.infinity }
            }
            return mask.isEmpty ? nil : working
        case .all:
            if case .mostLikely(let count) = selection, count < storage.count {
                let best = CandidateRanking.highest(max(count, 1), of: row)
                for (index, id) in best.enumerated() { working[index] = storage[id] }
                return UnsafeMutableBufferPointer(rebasing: working[..<best.count])
            }
            _ = working.update(fromContentsOf: storage)
            return working
        case .unchecked:
            // The row itself: only the plain draw asks for every token unchecked, and it reads
            // its candidates without writing (a 3 MB copy a token on a 262k vocabulary, saved).
            return storage
        }
    }
}
