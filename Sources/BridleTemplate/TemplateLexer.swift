import Foundation

/// One piece of a template as the parser reads it: text to copy, a tag's edges, or a token of
/// an expression inside a tag.
enum TemplateToken: Equatable {
    case text(String)
    case variableBegin, variableEnd
    case blockBegin, blockEnd
    case name(String)
    case string(String)
    case integer(Int)
    case float(Double)
    case symbol(String)
    case end
}

struct Lexeme {
    let token: TemplateToken
    let line: Int
}

/// Splits a template into lexemes with Hugging Face's settings: `trim_blocks` (a block tag
/// eats the newline after it), `lstrip_blocks` (spaces before a block tag on its own line go),
/// `-`/`+` whitespace control, line endings normalised to `\n`, and one trailing newline
/// dropped (`keep_trailing_newline` off). The rules are jinja2's lexer's, so whitespace matches
/// byte for byte.
struct TemplateLexer {
    private let bytes: [UInt8]
    private var position = 0
    private var line = 1
    private var lexemes: [Lexeme] = []
    /// jinja2 strips spaces before a block tag only at the start of a line: after a newline in
    /// the text, at the template's start, or after a tag whose own trimming ended on a newline.
    private var lineStarting = true

    static func lexemes(of source: String) throws(TemplateError) -> [Lexeme] {
        var lexer = TemplateLexer(source: source)
        try lexer.run()
        return lexer.lexemes
    }

    private init(source: String) {
        var text = source.replacingNewlines()
        if text.hasSuffix("\n") { text.removeLast() }
        bytes = Array(text.utf8)
    }

    private mutating func run() throws(TemplateError) {
        while position < bytes.count {
            guard let open = nextTagStart(from: position) else {
                emitText(position..<bytes.count, trimmingTrailing: false, lstrip: false)
                position = bytes.count
                break
            }
            let opener = bytes[open + 1]
            let sign = open + 2 < bytes.count ? bytes[open + 2] : 0
            let stripsBefore = sign == UInt8(ascii: "-")
            let lstrip = opener != UInt8(ascii: "{") && sign != UInt8(ascii: "+") && !stripsBefore
            emitText(position..<open, trimmingTrailing: stripsBefore, lstrip: lstrip)
            position = open + 2
            if stripsBefore || sign == UInt8(ascii: "+") { position += 1 }
            switch opener {
            case UInt8(ascii: "#"): try skipComment(openedAt: open)
            case UInt8(ascii: "%"):
                if let raw = rawBlockName() , raw == "raw" { try readRaw(openedAt: open) } else { try readTag(block: true) }
            default: try readTag(block: false)
            }
        }
        lexemes.append(Lexeme(token: .end, line: line))
    }

    private func nextTagStart(from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "{") {
                let next = bytes[index + 1]
                if next == UInt8(ascii: "{") || next == UInt8(ascii: "%") || next == UInt8(ascii: "#") { return index }
            }
            index += 1
        }
        return nil
    }

    private mutating func emitText(_ range: Range<Int>, trimmingTrailing: Bool, lstrip: Bool) {
        var end = range.upperBound
        if trimmingTrailing {
            while end > range.lowerBound, bytes[end - 1].isJinjaSpace { end -= 1 }
        } else if lstrip {
            var lineStart = end
            while lineStart > range.lowerBound, bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
            let afterNewline = lineStart > range.lowerBound
            if (afterNewline || lineStarting), lineStart < end, bytes[lineStart..<end].allSatisfy(\.isJinjaSpace) {
                end = lineStart
            }
        }
        if range.lowerBound < end {
            lexemes.append(Lexeme(token: .text(String(decoding: bytes[range.lowerBound..<end], as: UTF8.self)), line: line))
        }
        countLines(range)
    }

    private mutating func countLines(_ range: Range<Int>) {
        for index in range where bytes[index] == UInt8(ascii: "\n") { line += 1 }
    }

    /// After a tag's closing delimiter: `-` strips all whitespace, `+` keeps it, and a block
    /// or comment otherwise eats one newline.
    private mutating func finishTag(sign: UInt8?, trims: Bool) {
        let start = position
        if sign == UInt8(ascii: "-") {
            while position < bytes.count, bytes[position].isJinjaSpace { position += 1 }
        } else if trims, sign != UInt8(ascii: "+"), position < bytes.count, bytes[position] == UInt8(ascii: "\n") {
            position += 1
        }
        countLines(start..<position)
        lineStarting = position > start && bytes[position - 1] == UInt8(ascii: "\n")
    }

    private mutating func skipComment(openedAt open: Int) throws(TemplateError) {
        var index = position
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "#"), bytes[index + 1] == UInt8(ascii: "}") {
                let sign: UInt8? = index > position && (bytes[index - 1] == UInt8(ascii: "-") || bytes[index - 1] == UInt8(ascii: "+")) ? bytes[index - 1] : nil
                countLines(open..<index)
                position = index + 2
                finishTag(sign: sign, trims: true)
                return
            }
            index += 1
        }
        throw TemplateError(.syntax, line: line, "a comment opened with `{#` is never closed with `#}`")
    }

    /// The tag's first word when it is `raw`, whose body is copied as it is.
    private func rawBlockName() -> String? {
        var index = position
        while index < bytes.count, bytes[index].isJinjaSpace { index += 1 }
        let start = index
        while index < bytes.count, bytes[index].isNameByte { index += 1 }
        guard index > start else { return nil }
        let name = String(decoding: bytes[start..<index], as: UTF8.self)
        while index < bytes.count, bytes[index].isJinjaSpace { index += 1 }
        let closes = index + 1 < bytes.count && (bytes[index] == UInt8(ascii: "%") || (bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+")))
        return closes ? name : nil
    }

    private mutating func readRaw(openedAt open: Int) throws(TemplateError) {
        var index = position
        while index < bytes.count, bytes[index] != UInt8(ascii: "%") { index += 1 }
        let sign: UInt8? = index > 0 && (bytes[index - 1] == UInt8(ascii: "-") || bytes[index - 1] == UInt8(ascii: "+")) ? bytes[index - 1] : nil
        guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "}") else {
            throw TemplateError(.syntax, line: line, "`{% raw` is not closed with `%}`")
        }
        countLines(open..<index)
        position = index + 2
        finishTag(sign: sign, trims: true)
        let bodyStart = position
        var search = position
        while let tag = nextTagStart(from: search) {
            if bytes[tag + 1] == UInt8(ascii: "%"), let close = endRawClose(after: tag) {
                let stripsBefore = bytes[tag + 2] == UInt8(ascii: "-")
                let lstrip = bytes[tag + 2] != UInt8(ascii: "+") && !stripsBefore
                emitText(bodyStart..<tag, trimmingTrailing: stripsBefore, lstrip: lstrip)
                countLines(tag..<close.end)
                position = close.end
                finishTag(sign: close.sign, trims: true)
                return
            }
            search = tag + 1
        }
        throw TemplateError(.syntax, line: line, "`{% raw %}` is never closed with `{% endraw %}`")
    }

    private func endRawClose(after tag: Int) -> (end: Int, sign: UInt8?)? {
        var index = tag + 2
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        while index < bytes.count, bytes[index].isJinjaSpace { index += 1 }
        let word = Array("endraw".utf8)
        guard index + word.count <= bytes.count, Array(bytes[index..<index + word.count]) == word else { return nil }
        index += word.count
        while index < bytes.count, bytes[index].isJinjaSpace { index += 1 }
        var sign: UInt8?
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { sign = bytes[index]; index += 1 }
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "%"), bytes[index + 1] == UInt8(ascii: "}") else { return nil }
        return (index + 2, sign)
    }

    private mutating func readTag(block: Bool) throws(TemplateError) {
        let openLine = line
        lexemes.append(Lexeme(token: block ? .blockBegin : .variableBegin, line: line))
        var brackets: [UInt8] = []
        let closer = block ? UInt8(ascii: "%") : UInt8(ascii: "}")
        while true {
            while position < bytes.count, bytes[position].isJinjaSpace {
                if bytes[position] == UInt8(ascii: "\n") { line += 1 }
                position += 1
            }
            guard position < bytes.count else {
                throw TemplateError(.syntax, line: openLine, block ? "a tag opened with `{%` is never closed with `%}`" : "an expression opened with `{{` is never closed with `}}`")
            }
            if brackets.isEmpty, let sign = closingSign(closer) {
                position += sign == nil ? 2 : 3
                lexemes.append(Lexeme(token: block ? .blockEnd : .variableEnd, line: line))
                finishTag(sign: sign, trims: block)
                return
            }
            let byte = bytes[position]
            if byte.isNameStart {
                let start = position
                while position < bytes.count, bytes[position].isNameByte { position += 1 }
                append(.name(String(decoding: bytes[start..<position], as: UTF8.self)))
            } else if byte.isDigit {
                try readNumber()
            } else if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                try readString(quote: byte)
            } else {
                let symbol = readSymbol()
                switch symbol {
                case "(", "[", "{": brackets.append(byte)
                case ")", "]", "}":
                    let expected: UInt8 = symbol == ")" ? UInt8(ascii: "(") : symbol == "]" ? UInt8(ascii: "[") : UInt8(ascii: "{")
                    guard brackets.last == expected else {
                        throw TemplateError(.syntax, line: line, "unexpected `\(symbol)`")
                    }
                    brackets.removeLast()
                default: break
                }
                append(.symbol(symbol))
            }
        }
    }

    /// `nil` when the tag doesn't close here; else the sign before the delimiter (`-`, `+`),
    /// wrapped, or a wrapped `nil` for none.
    private func closingSign(_ closer: UInt8) -> UInt8?? {
        func closes(at index: Int) -> Bool {
            index + 1 < bytes.count && bytes[index] == closer && bytes[index + 1] == UInt8(ascii: "}")
        }
        if closes(at: position) { return .some(nil) }
        let sign = bytes[position]
        if sign == UInt8(ascii: "-") || (sign == UInt8(ascii: "+") && closer == UInt8(ascii: "%")), closes(at: position + 1) {
            return .some(sign)
        }
        return nil
    }

    private mutating func append(_ token: TemplateToken) {
        lexemes.append(Lexeme(token: token, line: line))
    }

    private static let symbols = ["//", "**", "==", "!=", "<=", ">=", "+", "-", "*", "/", "%", "~", "<", ">", "=", "(", ")", "[", "]", "{", "}", ",", ".", ":", "|", ";"]

    private mutating func readSymbol() -> String {
        for symbol in Self.symbols {
            let utf8 = Array(symbol.utf8)
            if position + utf8.count <= bytes.count, Array(bytes[position..<position + utf8.count]) == utf8 {
                position += utf8.count
                return symbol
            }
        }
        let scalarEnd = nextScalarEnd(position)
        defer { position = scalarEnd }
        return String(decoding: bytes[position..<scalarEnd], as: UTF8.self)
    }

    private func nextScalarEnd(_ index: Int) -> Int {
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return end
    }

    private mutating func readNumber() throws(TemplateError) {
        let start = position
        func digits() { while position < bytes.count, bytes[position].isDigit || bytes[position] == UInt8(ascii: "_") { position += 1 } }
        digits()
        var isFloat = false
        if position + 1 < bytes.count, bytes[position] == UInt8(ascii: "."), bytes[position + 1].isDigit {
            isFloat = true
            position += 1
            digits()
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            var index = position + 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            if index < bytes.count, bytes[index].isDigit {
                isFloat = true
                position = index
                digits()
            }
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self).replacingOccurrences(of: "_", with: "")
        if isFloat, let value = Double(text) {
            append(.float(value))
        } else if let value = Int(text) {
            append(.integer(value))
        } else {
            throw TemplateError(.syntax, line: line, "the number `\(text)` does not fit in 64 bits")
        }
    }

    private mutating func readString(quote: UInt8) throws(TemplateError) {
        let startLine = line
        var index = position + 1
        while index < bytes.count, bytes[index] != quote {
            if bytes[index] == UInt8(ascii: "\\") { index += 1 }
            index += 1
        }
        guard index < bytes.count else {
            throw TemplateError(.syntax, line: startLine, "a string literal is never closed")
        }
        let body = String(decoding: bytes[(position + 1)..<index], as: UTF8.self)
        countLines(position..<index)
        position = index + 1
        lexemes.append(Lexeme(token: .string(PythonEscapes.unescape(body)), line: startLine))
    }
}

extension UInt8 {
    /// Python's `\s` in ASCII; jinja2's whitespace control strips these.
    var isJinjaSpace: Bool { self == 0x20 || (0x09...0x0D).contains(self) }
    var isDigit: Bool { (0x30...0x39).contains(self) }
    var isNameStart: Bool { (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) || self == 0x5F }
    var isNameByte: Bool { isNameStart || isDigit }
}

extension String {
    func replacingNewlines() -> String {
        guard contains("\r") else { return self }
        return replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }
}
