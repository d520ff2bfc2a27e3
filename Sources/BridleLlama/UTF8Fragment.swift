/// Whether bytes can occur somewhere inside valid UTF-8 text: a token whose bytes cannot is
/// never part of a grammar's output, since every grammar's text is UTF-8.
///
/// A fragment may begin with up to three continuation bytes (the end of a character a previous
/// token started) and end partway through a character; everything between must be well formed,
/// as RFC 3629 defines it: no `C0`, `C1` or `F5`–`FF`, no overlong forms, no surrogates.
///
/// ```swift
/// UTF8Fragment.isPossible([0x81, 0x61, 0xE6])   // true: a character's end, "a", the start of "日"
/// UTF8Fragment.isPossible([0xC1, 0x2E])         // false: C1 never appears in UTF-8
/// ```
enum UTF8Fragment {
    static func isPossible<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        var index = bytes.startIndex
        var skipped = 0
        while index != bytes.endIndex, isContinuation(bytes[index]) {
            skipped += 1
            if skipped > 3 { return false }
            index = bytes.index(after: index)
        }
        while index != bytes.endIndex {
            let lead = bytes[index]
            index = bytes.index(after: index)
            guard let (count, secondRange) = sequence(startingWith: lead) else { return false }
            for position in 0..<count {
                guard index != bytes.endIndex else { return true }
                let byte = bytes[index]
                guard position == 0 ? secondRange.contains(byte) : isContinuation(byte) else { return false }
                index = bytes.index(after: index)
            }
        }
        return true
    }

    private static func isContinuation(_ byte: UInt8) -> Bool {
        byte & 0xC0 == 0x80
    }

    /// How many continuation bytes follow `lead`, and which values the first of them may take.
    private static func sequence(startingWith lead: UInt8) -> (Int, ClosedRange<UInt8>)? {
        switch lead {
        case 0x00...0x7F: (0, 0x80...0xBF)
        case 0xC2...0xDF: (1, 0x80...0xBF)
        case 0xE0: (2, 0xA0...0xBF)
        case 0xED: (2, 0x80...0x9F)
        case 0xE1...0xEC, 0xEE...0xEF: (2, 0x80...0xBF)
        case 0xF0: (3, 0x90...0xBF)
        case 0xF1...0xF3: (3, 0x80...0xBF)
        case 0xF4: (3, 0x80...0x8F)
        default: nil
        }
    }
}
