/// Serialises `GeneratedContent` as JSON text, keeping object keys in order and numbers as
/// their exact text.
///
/// Output goes into a byte buffer rather than a `String`: appending bytes is cheap, and
/// unescaped runs of a string can be copied in one go.
///
/// ```swift
/// JSONWriter.string(for: ["a": [1, 2]], prettyPrinted: false)  // {"a":[1,2]}
/// ```
package struct JSONWriter {
    private var output: [UInt8] = []
    private let prettyPrinted: Bool
    /// A space after each `,` and `:` (one-line output only).
    private let spaced: Bool

    private init(prettyPrinted: Bool, spaced: Bool = false) {
        self.prettyPrinted = prettyPrinted
        self.spaced = spaced && !prettyPrinted
    }

    /// Compact output has no whitespace at all; pretty output indents by two spaces, puts a
    /// space after each `:`, and keeps empty arrays and objects on one line (`[]`, `{}`).
    package static func string(for content: GeneratedContent, prettyPrinted: Bool) -> String {
        var writer = JSONWriter(prettyPrinted: prettyPrinted)
        writer.write(content, depth: 0)
        return String(decoding: writer.output, as: UTF8.self)
    }

    /// One line of JSON text in `layout` (see ``JSONLayout/writtenLayout``).
    package static func string(for content: GeneratedContent, layout: JSONLayout) -> String {
        var writer = JSONWriter(prettyPrinted: false, spaced: layout.writtenLayout == .spaced)
        writer.write(content, depth: 0)
        return String(decoding: writer.output, as: UTF8.self)
    }

    /// `text` as a JSON string literal, quotes included; used in messages.
    package static func quoted(_ text: String) -> String {
        var writer = JSONWriter(prettyPrinted: false)
        writer.writeString(text)
        return String(decoding: writer.output, as: UTF8.self)
    }

    private mutating func write(_ content: GeneratedContent, depth: Int) {
        switch content.kind {
        case .null:
            output.append(contentsOf: "null".utf8)
        case .bool(let value):
            output.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let number):
            output.append(contentsOf: number.text.utf8)
        case .string(let string):
            writeString(string)
        case .array(let elements):
            guard !elements.isEmpty else {
                output.append(contentsOf: "[]".utf8)
                return
            }
            output.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { writeComma() }
                writeNewline(depth: depth + 1)
                write(element, depth: depth + 1)
            }
            writeNewline(depth: depth)
            output.append(UInt8(ascii: "]"))
        case .structure(let properties, let orderedKeys):
            let entries = GeneratedContent.orderedEntries(properties: properties, orderedKeys: orderedKeys)
            guard !entries.isEmpty else {
                output.append(contentsOf: "{}".utf8)
                return
            }
            output.append(UInt8(ascii: "{"))
            for (position, entry) in entries.enumerated() {
                if position > 0 { writeComma() }
                writeNewline(depth: depth + 1)
                writeString(entry.name)
                output.append(UInt8(ascii: ":"))
                if prettyPrinted || spaced { output.append(UInt8(ascii: " ")) }
                write(entry.value, depth: depth + 1)
            }
            writeNewline(depth: depth)
            output.append(UInt8(ascii: "}"))
        }
    }

    private mutating func writeComma() {
        output.append(UInt8(ascii: ","))
        if spaced { output.append(UInt8(ascii: " ")) }
    }

    private mutating func writeNewline(depth: Int) {
        guard prettyPrinted else { return }
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
    }

    /// Escapes only what JSON requires (quote, backslash, control characters); everything else,
    /// including `/` and non-ASCII text, is written as literal UTF-8 so it stays readable.
    private mutating func writeString(_ string: String) {
        output.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { bytes in
            var runStart = 0
            for position in 0..<bytes.count {
                let byte = bytes[position]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<position]))
                runStart = position + 1
                output.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""): output.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): output.append(UInt8(ascii: "\\"))
                case 0x08: output.append(UInt8(ascii: "b"))
                case 0x0C: output.append(UInt8(ascii: "f"))
                case 0x0A: output.append(UInt8(ascii: "n"))
                case 0x0D: output.append(UInt8(ascii: "r"))
                case 0x09: output.append(UInt8(ascii: "t"))
                default:
                    let hexDigits = Array("0123456789abcdef".utf8)
                    output.append(contentsOf: "u00".utf8)
                    output.append(hexDigits[Int(byte >> 4)])
                    output.append(hexDigits[Int(byte & 0x0F)])
                }
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        }
        output.append(UInt8(ascii: "\""))
    }
}
