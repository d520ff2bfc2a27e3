/// The bytes of an unfinished UTF-8 sequence, decoded as far as they go.
///
/// Only well-formed UTF-8 gets through: overlong forms, surrogates and values past
/// U+10FFFF are refused at the first byte that makes them so, which is what lets the
/// matcher reject a byte as soon as no scalar it could start is allowed.
///
/// ```swift
/// var prefix = UTF8Prefix()
/// if case .partial(let next) = prefix.step(0xF0) { prefix = next }   // 🎉 starts F0 9F 8E 89
/// prefix.scalars   // 0x10000...0x3FFFF
/// ```
struct UTF8Prefix: Sendable, Hashable {
    enum Step {
        case scalar(UInt32)
        case partial(UTF8Prefix)
        case invalid
    }

    private var value: UInt32 = 0
    /// Continuation bytes still to come; 0 when no sequence is open.
    private(set) var remaining: UInt8 = 0
    // The range the next continuation byte must fall in (narrower after E0, ED, F0, F4).
    private var low: UInt8 = 0x80
    private var high: UInt8 = 0xBF

    var isEmpty: Bool { remaining == 0 }

    /// The scalars that this prefix can still become.
    var scalars: ClosedRange<UInt32> {
        let shift = UInt32(6 * (Int(remaining) - 1))
        let lower = ((value << 6) | UInt32(low & 0x3F)) << shift
        let upper = ((value << 6) | UInt32(high & 0x3F)) << shift | ((1 << shift) - 1)
        return lower...upper
    }

    func step(_ byte: UInt8) -> Step {
        if remaining == 0 {
            switch byte {
            case 0x00...0x7F: return .scalar(UInt32(byte))
            case 0xC2...0xDF: return .partial(UTF8Prefix(value: UInt32(byte & 0x1F), remaining: 1, low: 0x80, high: 0xBF))
            case 0xE0: return .partial(UTF8Prefix(value: 0, remaining: 2, low: 0xA0, high: 0xBF))
            case 0xED: return .partial(UTF8Prefix(value: 0xD, remaining: 2, low: 0x80, high: 0x9F))
            case 0xE1...0xEF: return .partial(UTF8Prefix(value: UInt32(byte & 0x0F), remaining: 2, low: 0x80, high: 0xBF))
            case 0xF0: return .partial(UTF8Prefix(value: 0, remaining: 3, low: 0x90, high: 0xBF))
            case 0xF1...0xF3: return .partial(UTF8Prefix(value: UInt32(byte & 0x07), remaining: 3, low: 0x80, high: 0xBF))
            case 0xF4: return .partial(UTF8Prefix(value: 4, remaining: 3, low: 0x80, high: 0x8F))
            default: return .invalid
            }
        }
        guard byte >= low, byte <= high else { return .invalid }
        let next = (value << 6) | UInt32(byte & 0x3F)
        if remaining == 1 { return .scalar(next) }
        return .partial(UTF8Prefix(value: next, remaining: remaining - 1, low: 0x80, high: 0xBF))
    }
}
