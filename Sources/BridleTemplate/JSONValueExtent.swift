/// Where one JSON value that starts in a longer text ends, so the text after it (a call's
/// closing marker) can be read: balanced brackets outside strings, strings to their unescaped
/// quote, scalars to the first byte that can't continue them. Only the extent: the value is
/// then parsed strictly by BridleJSON, which reports what is wrong inside it.
///
/// ```swift
/// JSONValueExtent.end(of: Array(#"{"a": "}"}</call>"#.utf8), from: 0)   // 10
/// ```
enum JSONValueExtent {
    /// The index just past the value that starts at `start` (after optional whitespace), or
    /// `nil` when the text ends first or holds no value there.
    static func end(of bytes: [UInt8], from start: Int) -> Int? {
        var position = start
        while position < bytes.count, isWhitespace(bytes[position]) { position += 1 }
        guard position < bytes.count else { return nil }
        switch bytes[position] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return containerEnd(bytes, from: position)
        case UInt8(ascii: "\""):
            return stringEnd(bytes, from: position)
        default:
            var end = position
            while end < bytes.count, isScalarByte(bytes[end]) { end += 1 }
            return end > position ? end : nil
        }
    }

    private static func containerEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var depth = 0
        var position = start
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return position + 1 }
            case UInt8(ascii: "\""):
                guard let end = stringEnd(bytes, from: position) else { return nil }
                position = end
                continue
            default:
                break
            }
            position += 1
        }
        return nil
    }

    private static func stringEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var position = start + 1
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\\"): position += 2
            case UInt8(ascii: "\""): return position + 1
            default: position += 1
            }
        }
        return nil
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private static func isScalarByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"),
            UInt8(ascii: "."), UInt8(ascii: "E"):
            true
        default:
            false
        }
    }
}
