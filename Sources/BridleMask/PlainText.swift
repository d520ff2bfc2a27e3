/// The scalars that stand for themselves inside a JSON string (everything but `"`, `\` and
/// the controls below U+0020): the free text of a string value, where most of a vocabulary is
/// allowed at once. The mask engine precomputes, per trie node, whether the bytes that lead
/// to it are such text and how many characters they make, so that a walk inside a string
/// takes whole subtrees at once instead of byte by byte.
///
/// ```swift
/// var path = PlainText.Path()
/// for byte in "é!".utf8 { path = path.after(byte) }
/// path.characters   // 2
/// ```
enum PlainText {
    static let ranges: [ClosedRange<UInt32>] = [0x20...0x21, 0x23...0x5B, 0x5D...0xD7FF, 0xE000...0x10FFFF]
    /// A scalar of ``ranges`` every walk uses to stand for all of them.
    static let representative: UInt32 = 0x61

    /// Reading bytes as plain text: complete characters so far, and the state of one that
    /// is still arriving. Not plain once a byte is anything else.
    struct Path {
        private(set) var isPlain = true
        private(set) var complete: Int16 = 0
        private var remaining: UInt8 = 0
        private var low: UInt8 = 0x80
        private var high: UInt8 = 0xBF

        /// Characters, counting one that is still arriving.
        var characters: Int16 { remaining > 0 ? complete + 1 : complete }
        var endsMidCharacter: Bool { remaining > 0 }

        func after(_ byte: UInt8) -> Path {
            var next = self
            guard isPlain else { return next }
            if remaining > 0 {
                guard byte >= low, byte <= high else { return next.invalidated() }
                next.remaining -= 1
                next.low = 0x80
                next.high = 0xBF
                if next.remaining == 0 { next.complete += 1 }
                return next
            }
            switch byte {
            case 0x20...0x21, 0x23...0x5B, 0x5D...0x7F:
                next.complete += 1
            case 0xC2...0xDF: next.begin(1, 0x80, 0xBF)
            case 0xE0: next.begin(2, 0xA0, 0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: next.begin(2, 0x80, 0xBF)
            case 0xED: next.begin(2, 0x80, 0x9F)
            case 0xF0: next.begin(3, 0x90, 0xBF)
            case 0xF1...0xF3: next.begin(3, 0x80, 0xBF)
            case 0xF4: next.begin(3, 0x80, 0x8F)
            default: return next.invalidated()
            }
            return next
        }

        private mutating func begin(_ count: UInt8, _ low: UInt8, _ high: UInt8) {
            remaining = count
            self.low = low
            self.high = high
        }

        private func invalidated() -> Path {
            var path = self
            path.isPlain = false
            return path
        }
    }
}
