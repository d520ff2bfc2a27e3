/// xoshiro256** (Blackman and Vigna), seeded through SplitMix64: the generator's only source
/// of randomness, so a seed gives the same text on every run, platform and Swift version.
///
/// Bounded draws use ``uniform(below:)`` on the raw 64-bit output rather than
/// `Int.random(in:using:)`, whose way of consuming the generator is not promised to stay
/// the same between Swift releases.
///
/// ```swift
/// var random = SeededRandom(seed: 0)
/// random.next()                // 0x99EC5F36CB75F2B4
/// random.uniform(below: 6)     // a die roll, 0 ..< 6
/// ```
struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: (UInt64, UInt64, UInt64, UInt64)

    init(seed: UInt64) {
        // SplitMix64 spreads any seed (0 included) over the whole state, as the xoshiro
        // authors recommend.
        var mix = seed
        func splitMix() -> UInt64 {
            mix &+= 0x9E37_79B9_7F4A_7C15
            var z = mix
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        state = (splitMix(), splitMix(), splitMix(), splitMix())
    }

    mutating func next() -> UInt64 {
        let result = rotateLeft(state.1 &* 5, 7) &* 9
        let shifted = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= shifted
        state.3 = rotateLeft(state.3, 45)
        return result
    }

    /// A uniformly distributed value in `0 ..< bound` (0 when `bound` is 0), by Lemire's
    /// multiply-and-reject method.
    mutating func uniform(below bound: UInt64) -> UInt64 {
        guard bound > 0 else { return 0 }
        var product = next().multipliedFullWidth(by: bound)
        if product.low < bound {
            let threshold = (0 &- bound) % bound
            while product.low < threshold {
                product = next().multipliedFullWidth(by: bound)
            }
        }
        return product.high
    }

    /// A uniformly distributed value in `0 ..< bound` (0 when `bound` is not positive).
    mutating func uniform(below bound: Int) -> Int {
        bound > 0 ? Int(uniform(below: UInt64(bound))) : 0
    }

    private func rotateLeft(_ value: UInt64, _ count: UInt64) -> UInt64 {
        (value << count) | (value >> (64 - count))
    }
}
