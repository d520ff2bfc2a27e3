/// SplitMix64 (Steele, Lea and Flood, 2014): a tiny, fast, well-mixed PRNG whose whole state
/// is one `UInt64`, so a property test is reproduced exactly from the seed it prints.
///
/// ```swift
/// var generator = SplitMix64(seed: 42)
/// Int.random(in: 1...6, using: &generator)   // the same value on every run and platform
/// ```
public struct SplitMix64: RandomNumberGenerator, Sendable {
    public private(set) var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
