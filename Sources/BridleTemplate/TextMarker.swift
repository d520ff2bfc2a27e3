/// A special-token-like marker: `<tool_call>`, `</tool_call>`, `<|python_tag|>`,
/// `<｜tool▁calls▁begin｜>`, `[TOOL_CALLS]`. Models write these as one token, so they are what
/// generated text is searched for, and texts compared byte by byte are never cut inside one
/// (`<|START_ACTION|>` and `<|START_THINKING|>` share `<|START_`, which is no piece of either).
/// Plain words and JSON are not markers.
///
/// ```swift
/// TextMarker.leading(in: "<tool_call>\n{")                  // "<tool_call>"
/// TextMarker.leading(in: "{\"name\"")                       // nil
/// TextMarker.snapBack(Array("ab<|START_".utf8) + Array("ACTION|>".utf8), 10)   // 2
/// ```
enum TextMarker {
    /// Longer than any real marker, short enough that `<` in prose doesn't swallow a sentence.
    static let maximumLength = 48

    /// The marker `text` starts with, if any.
    static func leading(in text: Substring) -> Substring? {
        let bytes = Array(text.utf8)
        guard let span = span(in: bytes, at: 0) else { return nil }
        let end = text.utf8.index(text.startIndex, offsetBy: span.upperBound)
        return text[..<end]
    }

    /// The marker that starts at `start` in `bytes`: `<` or `[` to the first matching close,
    /// nothing blank inside; `[…]` only in capitals (`[{` and `[1]` are JSON).
    static func span(in bytes: [UInt8], at start: Int) -> Range<Int>? {
        guard start >= 0, start < bytes.count else { return nil }
        let close: UInt8
        switch bytes[start] {
        case UInt8(ascii: "<"): close = UInt8(ascii: ">")
        case UInt8(ascii: "["): close = UInt8(ascii: "]")
        default: return nil
        }
        var index = start + 1
        while index < min(bytes.count, start + 1 + maximumLength) {
            let byte = bytes[index]
            if byte == close { return index > start + 1 ? start..<(index + 1) : nil }
            if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == UInt8(ascii: "<") || byte == UInt8(ascii: "[") { return nil }
            if close == UInt8(ascii: "]"), !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte), byte != UInt8(ascii: "_") { return nil }
            if close == UInt8(ascii: ">"), index == start + 1, byte == UInt8(ascii: "{") || byte == UInt8(ascii: "\"") { return nil }
            index += 1
        }
        return nil
    }

    /// The marker `position` falls strictly inside, if any; a slice that ends in an open marker
    /// (`<function=` before the name) counts that marker as running to its end.
    static func enclosing(_ position: Int, in bytes: [UInt8]) -> Range<Int>? {
        var start = position - 1
        while start >= 0, start >= position - maximumLength - 1 {
            if let span = span(in: bytes, at: start) ?? openSpan(in: bytes, at: start), span.lowerBound < position, position < span.upperBound {
                return span
            }
            start -= 1
        }
        return nil
    }

    /// A `<` marker still open where `bytes` ends.
    private static func openSpan(in bytes: [UInt8], at start: Int) -> Range<Int>? {
        guard bytes[start] == UInt8(ascii: "<"), bytes.count - start <= maximumLength,
            !bytes[(start + 1)...].contains(where: { $0 <= 0x20 || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "<") })
        else { return nil }
        return start..<(bytes.count + 1)
    }

    /// `position`, or the start of the marker it falls inside.
    static func snapBack(_ bytes: [UInt8], _ position: Int) -> Int {
        enclosing(position, in: bytes)?.lowerBound ?? position
    }

    /// `position`, or the end of the marker it falls inside.
    static func snapForward(_ bytes: [UInt8], _ position: Int) -> Int {
        enclosing(position, in: bytes)?.upperBound ?? position
    }

    /// The last marker that ends exactly at the end of `bytes`, with a word and the marker
    /// before it when the marker closes a `<|open|>think<|sep|>` group.
    static func trailing(_ bytes: [UInt8]) -> [UInt8] {
        guard let last = (0..<bytes.count).reversed().first(where: { span(in: bytes, at: $0)?.upperBound == bytes.count }) else { return [] }
        var start = last
        var word = start
        while word > 0, isWordByte(bytes[word - 1]) { word -= 1 }
        if word < start, let previous = (0..<word).reversed().first(where: { span(in: bytes, at: $0)?.upperBound == word }) {
            start = previous
        }
        return Array(bytes[start...])
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || byte == UInt8(ascii: "_")
    }
}
