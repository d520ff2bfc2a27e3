/// How the generator draws one scalar for a character class, leaning towards the values
/// that break things: the ends of each range, and for negated classes and `.` a pool of
/// awkward scalars (quotes, backslashes, control characters, non-ASCII, emoji, U+2028…)
/// that the class allows.
///
/// ```swift
/// var random = SeededRandom(seed: 1)
/// ScalarChoice(CharacterClass("a"..."z")).pick(using: &random)   // often "a" or "z"
/// ```
struct ScalarChoice: Sendable {
    /// Scalars that commonly expose escaping and encoding bugs, plus ordinary letters so
    /// that not every draw is awkward.
    static let awkward: [UInt32] = [
        0x22, 0x5C, 0x27, 0x60, 0x2F, 0x00, 0x01, 0x09, 0x0A, 0x0D, 0x1F, 0x7F, 0x20,
        0x7B, 0x7D, 0x5B, 0x5D, 0x3C, 0x26, 0x80, 0xA0, 0xE9, 0xDF, 0x7FF, 0x800, 0x65E5,
        0x2028, 0x2029, 0xFEFF, 0xFFFD, 0xFFFF, 0x10000, 0x1F600, 0x1F389, 0x10FFFF,
        0x61, 0x7A, 0x41, 0x5A, 0x30, 0x39, 0x78, 0x51,
    ]

    private let ranges: [ClosedRange<UInt32>]
    private let pool: [UInt32]

    init(_ set: ScalarRanges, preferringAwkward: Bool) {
        ranges = set.ranges
        pool = preferringAwkward ? Self.awkward.filter(set.contains) : []
    }

    init(_ characterClass: CharacterClass) {
        self.init(ScalarRanges(characterClass), preferringAwkward: characterClass.isNegated)
    }

    var isEmpty: Bool { ranges.isEmpty }

    func pick(using random: inout SeededRandom) -> Unicode.Scalar {
        if !pool.isEmpty, random.uniform(below: 4) != 0 {
            return Self.scalar(pool[random.uniform(below: pool.count)])
        }
        guard !ranges.isEmpty else { return Self.scalar(0xFFFD) }
        let range = ranges[random.uniform(below: ranges.count)]
        switch random.uniform(below: 4) {
        case 0: return Self.scalar(range.lowerBound)
        case 1: return Self.scalar(range.upperBound)
        default:
            let offset = random.uniform(below: UInt64(range.upperBound - range.lowerBound) + 1)
            return Self.scalar(range.lowerBound + UInt32(offset))
        }
    }

    private static func scalar(_ value: UInt32) -> Unicode.Scalar {
        // ScalarRanges holds valid scalar values only, so the fallback is never taken.
        Unicode.Scalar(value) ?? "\u{FFFD}"
    }
}
