import BridleGrammar

/// A set of scalars that a grammar position treats alike, such as the free text of a JSON
/// string (everything but `"`, `\` and the controls below U+0020) or a pattern's `[0-9a-f]`.
/// Where a run of the grammar takes any scalars of a class, most of a vocabulary may be
/// allowed at once; the mask engine reads each token once per class (``TextClassView``) to
/// take whole subtrees of such tokens without stepping the grammar through their bytes.
///
/// Classes never hold `"`, `\` or controls, so a token that leaves a string or starts an
/// escape is always walked byte by byte.
///
/// ```swift
/// let hex = TextClass(ranges: [0x30...0x39, 0x61...0x66])
/// var reading = TextClass.Reading()
/// for byte in "be".utf8 { reading = reading.after(byte, in: hex) }
/// reading.characters   // 2
/// reading.after(UInt8(ascii: "g"), in: hex).isInClass   // false
/// ```
struct TextClass: Hashable, Sendable {
    let scalars: ScalarRanges
    /// Sorted, disjoint ranges of scalars.
    var ranges: [ClosedRange<UInt32>] { scalars.ranges }

    init(ranges: [ClosedRange<UInt32>]) {
        scalars = ScalarRanges(ranges: ranges)
    }

    /// The text of a JSON string: any scalar but `"`, `\` and the controls.
    static let jsonText = TextClass(ranges: [0x20...0x21, 0x23...0x5B, 0x5D...0xD7FF, 0xE000...0x10FFFF])

    func contains(_ scalar: UInt32) -> Bool {
        scalars.contains(scalar)
    }

    /// Whether some scalar in `lower...upper` is in the class.
    func intersects(_ lower: UInt32, _ upper: UInt32) -> Bool {
        scalars.intersects(lower, upper)
    }

    /// Reading bytes as text of a class: complete characters so far, and the state of one
    /// that is still arriving. Out of the class once a byte is malformed UTF-8 or a
    /// character is not in the class, or cannot be whatever bytes follow.
    struct Reading {
        private(set) var isInClass = true
        private(set) var complete: Int16 = 0
        private var remaining: UInt8 = 0
        private var low: UInt8 = 0x80
        private var high: UInt8 = 0xBF
        /// The bits of the character still arriving.
        private var value: UInt32 = 0

        /// Characters, counting one that is still arriving.
        var characters: Int16 { remaining > 0 ? complete + 1 : complete }
        var endsMidCharacter: Bool { remaining > 0 }

        func after(_ byte: UInt8, in textClass: TextClass) -> Reading {
            var next = self
            guard isInClass else { return next }
            if remaining > 0 {
                guard byte >= low, byte <= high else { return next.leftClass() }
                next.value = value << 6 | UInt32(byte & 0x3F)
                next.remaining -= 1
                next.low = 0x80
                next.high = 0xBF
            } else {
                switch byte {
                case 0x00...0x7F: next.value = UInt32(byte)
                case 0xC2...0xDF: next.begin(1, 0x80, 0xBF, byte & 0x1F)
                case 0xE0: next.begin(2, 0xA0, 0xBF, byte & 0x0F)
                case 0xE1...0xEC, 0xEE...0xEF: next.begin(2, 0x80, 0xBF, byte & 0x0F)
                case 0xED: next.begin(2, 0x80, 0x9F, byte & 0x0F)
                case 0xF0: next.begin(3, 0x90, 0xBF, byte & 0x07)
                case 0xF1...0xF3: next.begin(3, 0x80, 0xBF, byte & 0x07)
                case 0xF4: next.begin(3, 0x80, 0x8F, byte & 0x07)
                default: return next.leftClass()
                }
            }
            if next.remaining == 0 {
                guard textClass.contains(next.value) else { return next.leftClass() }
                next.complete += 1
                next.value = 0
                return next
            }
            // The bytes so far begin every scalar from the smallest to the largest completion.
            let shift = 6 * UInt32(next.remaining - 1)
            let smallest = (next.value << 6 | UInt32(next.low & 0x3F)) << shift
            let largest = (next.value << 6 | UInt32(next.high & 0x3F)) << shift | (1 << shift - 1)
            return textClass.intersects(smallest, largest) ? next : next.leftClass()
        }

        private mutating func begin(_ count: UInt8, _ low: UInt8, _ high: UInt8, _ bits: UInt8) {
            remaining = count
            self.low = low
            self.high = high
            value = UInt32(bits)
        }

        private func leftClass() -> Reading {
            var reading = self
            reading.isInClass = false
            return reading
        }
    }
}
