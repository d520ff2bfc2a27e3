/// A tiny, fully specified pseudo-random generator (Steele, Lea and Flood's
/// SplitMix64).
///
/// The tiny models must be byte-identical for the same seed on every
/// platform and Swift version, so nothing here goes through the standard
/// library's random APIs (whose algorithms are unspecified) or through libm
/// transcendental functions (whose last bits differ between platforms). It
/// deliberately does not conform to `RandomNumberGenerator` so that such APIs
/// cannot be used by accident.
struct SplitMix64: Sendable {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A value in `0..<bound` (`bound` must be positive), using the high half
    /// of a 128-bit product instead of a biased modulo.
    mutating func next(below bound: Int) -> Int {
        Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// An approximately standard normal value: the Irwin-Hall sum of four
    /// 32-bit uniforms, centred and scaled to unit variance. It uses only
    /// additions and multiplications, so the result is the same everywhere.
    mutating func nextStandardNormal() -> Float {
        let first = next()
        let second = next()
        let sum = Double(first & 0xFFFF_FFFF) + Double(first >> 32) + Double(second & 0xFFFF_FFFF) + Double(second >> 32)
        // Each uniform has variance 1/12, so four have 1/3: multiply by sqrt(3).
        return Float((sum * 0x1p-32 - 2) * 1.732_050_807_568_877_2)
    }

    /// Shuffles `elements` in place (Fisher-Yates) with this generator.
    mutating func shuffle<Element>(_ elements: inout [Element]) {
        guard elements.count > 1 else { return }
        for index in stride(from: elements.count - 1, to: 0, by: -1) {
            elements.swapAt(index, next(below: index + 1))
        }
    }
}
