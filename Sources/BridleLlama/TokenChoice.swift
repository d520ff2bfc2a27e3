import BridleMask

/// One sampled token, one way: the constraint's candidates → request emphasis over them → the
/// sampler chain's draw → the constraint's check; a refused token leaves the candidates and the
/// draw is made again. Neither the constraint nor the chain calls the other. Measuring the
/// constraint's pressure (``GenerationOptions/measuresPressure``) reads the candidates before
/// the draw and changes nothing after it.
final class TokenChoice {
    private let constraint: any TokenConstraint
    private let sampler: SamplerChain
    private let emphasis: EmphasisTransform?
    private let measuresPressure: Bool
    private let candidates = CandidateBuffer()

    /// A chosen token, the draws refused before it, how long the constraint's mask work took
    /// (`nil` when a drawn-first token needed none), and the constraint's pressure when measured.
    struct Outcome {
        let token: Int32
        let refused: Int
        let maskSeconds: Double?
        let pressure: MaskPressure?
        /// Whether request emphasis weighed the choice (not where the constraint expects a digit).
        let emphasised: Bool
    }

    init(constraint: any TokenConstraint, sampler: SamplerChain, emphasis: EmphasisTransform?, measuresPressure: Bool = false) {
        self.constraint = constraint
        self.sampler = sampler
        self.emphasis = emphasis
        self.measuresPressure = measuresPressure
    }

    /// Chooses from `logits` (one per vocabulary token, by id), weighed against `baseline` under
    /// emphasis; `nil` when the constraint allows nothing or the chain draws nothing.
    func choose(from logits: UnsafeBufferPointer<Float>, baseline: UnsafeBufferPointer<Float>?) -> Outcome? {
        candidates.load(logits)
        // A date's or a number's digits are the model's to order: emphasis, which favours what
        // the request makes likelier, would put the request's "25" into a year's first digits.
        let emphasis = baseline.flatMap { baseline in self.emphasis.map { ($0, baseline) } }.flatMap { constraint.expectsDigit ? nil : $0 }
        let selection = emphasis == nil ? sampler.selection : sampler.selection.checked(atLeast: EmphasisTransform.candidates)
        var refused = 0
        var maskSeconds: Double?
        // The whole allowed set, asked before any draw: the pressure needs it exactly, and a
        // draw that needs it too takes it from here.
        let whole = measuresPressure ? constraint.candidates(.allowed, from: candidates.row) : nil
        let pressure = whole.flatMap { MaskPressure(row: candidates.row, candidates: $0) }
        while true {
            let maskStart = ContinuousClock.now
            let asked = selection.after(refused: refused)
            let allowed = refused == 0 && asked == .allowed ? whole ?? constraint.candidates(asked, from: candidates.row)
                : constraint.candidates(asked, from: candidates.row)
            let drawn = candidates.narrow(to: allowed, for: asked, onlyAllowed: sampler.isPlainDraw)
            if allowed.usedMask { maskSeconds = (maskSeconds ?? 0) + (ContinuousClock.now - maskStart).seconds }
            guard var drawn else { return nil }
            if let (transform, baseline) = emphasis { transform.apply(to: drawn, baseline: baseline, cut: allowed.areAllowed) }
            // A mask (above) or the emphasis cut leaves most of a vocabulary at −∞, which a
            // plain draw would still weigh one by one (an `expf` each: 4 ms on 262,144 tokens).
            if sampler.isPlainDraw, emphasis != nil { drawn = CandidateBuffer.ruledIn(drawn) }
            guard let token = sampler.draw(drawn) else { return nil }
            if constraint.allows(token) {
                sampler.accept(token)
                return Outcome(token: token, refused: refused, maskSeconds: maskSeconds, pressure: pressure, emphasised: emphasis != nil)
            }
            refused += 1
            candidates.refuse(token)
        }
    }
}
