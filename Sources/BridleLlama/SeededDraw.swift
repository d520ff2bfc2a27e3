import BridleMask
import CLlama
import Foundation

/// Temperature, then a seeded draw in proportion to each candidate's probability: llama.cpp's
/// `temp` and `dist` samplers, in Swift, drawing the same token for the same seed and candidates
/// (tested against the chain itself). Bridle's default sampling, so worth its own pass:
/// llama.cpp's `dist` also writes every candidate's normalised probability, which nothing reads
/// here, and its chain needs a copy of the row it may rewrite; this draw reads the candidates only.
///
/// ```swift
/// var draw = SeededDraw(temperature: 0.7, seed: 1)
/// let token = draw.draw(candidates)   // a token id, or nil when every candidate is at −∞
/// ```
struct SeededDraw {
    private var twister: MersenneTwister
    private let temperature: Float
    /// Each candidate's weight, kept between the two passes.
    private var weights: [Float] = []

    /// `seed` as llama.cpp takes it (``SamplerChain/llamaSeed(_:)``): its "random" value draws
    /// from the system's generator, as llama.cpp's `dist` does.
    init(temperature: Float, seed: UInt32) {
        self.temperature = temperature
        twister = MersenneTwister(seed: seed == LLAMA_DEFAULT_SEED ? UInt32.random(in: 0...UInt32.max) : seed)
    }

    /// One of `candidates` (logits of −∞ are out); `nil` when the draw lands on none.
    mutating func draw(_ candidates: UnsafeBufferPointer<TokenCandidate>) -> Int32? {
        guard let first = candidates.first else { return nil }
        let uniform = twister.nextUnitInterval()
        if candidates.count == 1 { return first.logit > -.infinity ? first.id : nil }
        if temperature <= 0 {
            // llama.cpp's `temp` keeps the first of the highest logits and rules out the rest.
            let best = candidates.indices.max { candidates[$0].logit < candidates[$1].logit || (candidates[$0].logit == candidates[$1].logit && $0 > $1) }
            return best.flatMap { candidates[$0].logit > -.infinity ? candidates[$0].id : nil }
        }
        let divisor = temperature
        func scaled(_ logit: Float) -> Float { divisor == 1 ? logit : logit / divisor }
        // Rounded division by a positive number keeps the order, so the highest scaled logit is
        // the highest logit scaled; and a maximum is the same in any order, so four run at once.
        let highest = scaled(Self.highestLogit(candidates))
        if weights.count < candidates.count { weights = Array(repeating: 0, count: candidates.count) }
        // Summed in `double`, in order, as llama.cpp sums them: the same total to the last bit.
        var total = 0.0
        weights.withUnsafeMutableBufferPointer { weights in
            for index in candidates.indices {
                let weight = expf(scaled(candidates[index].logit) - highest)
                weights[index] = weight
                total += Double(weight)
            }
        }
        let target = total * uniform
        var running = 0.0
        var chosen = candidates.count - 1
        weights.withUnsafeBufferPointer { weights in
            for index in candidates.indices {
                running += Double(weights[index])
                if running >= target {
                    chosen = index
                    break
                }
            }
        }
        return candidates[chosen].logit > -.infinity ? candidates[chosen].id : nil
    }

    private static func highestLogit(_ candidates: UnsafeBufferPointer<TokenCandidate>) -> Float {
        var lanes = SIMD4<Float>(repeating: -.infinity)
        var index = 0
        while index + 4 <= candidates.count {
            lanes = pointwiseMax(lanes, SIMD4(
                candidates[index].logit, candidates[index + 1].logit, candidates[index + 2].logit, candidates[index + 3].logit))
            index += 4
        }
        var highest = lanes.max()
        while index < candidates.count {
            highest = max(highest, candidates[index].logit)
            index += 1
        }
        return highest
    }
}
