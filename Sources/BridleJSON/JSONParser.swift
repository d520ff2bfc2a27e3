import Foundation

/// Where and why parsing failed; `JSONSyntaxError` adds line, column and source context,
/// which are only worth computing once we know there is an error.
package struct JSONParseFailure: Error, Equatable {
    package var offset: Int
    package var message: String
}

/// A strict RFC 8259 parser over UTF-8 bytes that builds `GeneratedContent` directly,
/// keeping object keys in document order.
///
/// It is iterative, with an explicit stack of open containers, so hostile nesting produces a
/// depth error instead of overflowing the thread's stack (test and concurrency threads have
/// small stacks). Strings without escapes are decoded straight from the input buffer; strings
/// with escapes reuse one scratch buffer, so parsing allocates little beyond the result.
///
/// ```swift
/// let content = try bytes.withUnsafeBufferPointer { JSONParser.parse($0) }.get()
/// ```
package struct JSONParser {
    /// Deep enough for any real document, shallow enough that recursive consumers of the result
    /// (printing, hashing, decoding) stay well within a thread's stack.
    package static let maximumDepth = 512

    /// Parses exactly one JSON value (with optional surrounding whitespace) from `bytes`.
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<GeneratedContent, JSONSyntaxError> {
        var parser = JSONParser(bytes: bytes)
        switch parser.parseDocument() {
        case .success(let content):
            return .success(content)
        case .failure(let failure):
            return .failure(JSONSyntaxError(failure: failure, source: bytes))
        }
    }

    /// The work of parsing `bytes` (values started plus values handed to their containers),
    /// parsed or not: complexity tests bound its growth with the input instead of timing it.
    package static func work(parsing bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var parser = JSONParser(bytes: bytes)
        _ = parser.parseDocument()
        return parser.work
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var work = 0
    /// Reused for every string that contains escapes.
    private var scratch: [UInt8] = []

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// One open array or object. A struct with stored arrays (rather than an enum with
    /// payloads) so appending through `stack[top]` mutates in place instead of copying.
    private struct Frame {
        var isObject: Bool
        var elements: [GeneratedContent] = []
        var keys: [String] = []
        var values: [String: GeneratedContent] = [:]
        var pendingKey = ""
    }

    private typealias Failure = JSONParseFailure

    private mutating func parseDocument() -> Result<GeneratedContent, Failure> {
        // RFC 8259 §8.1 lets parsers ignore a byte order mark, and editors on some systems add one.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            index = 3
        }
        var stack: [Frame] = []
        while true {
            work += 1
            // Parse the next value; opening a non-empty container pushes a frame and loops
            // back here for its first element.
            skipWhitespace()
            guard index < bytes.count else {
                return .failure(Failure(offset: index, message: "unexpected end of input; expected a JSON value"))
            }
            var value: GeneratedContent
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = bytes[index] == UInt8(ascii: "{")
                if stack.count >= Self.maximumDepth {
                    return .failure(Failure(
                        offset: index,
                        message: "nesting is deeper than the limit of \(Self.maximumDepth) arrays and objects"
                    ))
                }
                index += 1
                skipWhitespace()
                let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if index < bytes.count, bytes[index] == close {
                    index += 1
                    value = isObject
                        ? GeneratedContent(kind: .structure(properties: [:], orderedKeys: []))
                        : GeneratedContent(kind: .array([]))
                } else {
                    var frame = Frame(isObject: isObject)
                    if isObject {
                        switch parseKey(in: frame) {
                        case .success(let key): frame.pendingKey = key
                        case .failure(let failure): return .failure(failure)
                        }
                    }
                    stack.append(frame)
                    continue
                }
            default:
                switch parseScalar() {
                case .success(let scalar): value = scalar
                case .failure(let failure): return .failure(failure)
                }
            }

            // Hand the finished value to its container; a closing bracket finishes that
            // container too, so keep going until a container needs another element.
            closing: while !stack.isEmpty {
                work += 1
                let top = stack.count - 1
                skipWhitespace()
                if stack[top].isObject {
                    let key = stack[top].pendingKey
                    stack[top].values[key] = value
                    stack[top].keys.append(key)
                    guard index < bytes.count else {
                        return .failure(Failure(offset: index, message: "unexpected end of input; expected ',' or '}' after object member"))
                    }
                    if bytes[index] == UInt8(ascii: ",") {
                        let comma = index
                        index += 1
                        skipWhitespace()
                        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                            return .failure(Failure(offset: comma, message: "trailing comma before '}'; JSON does not allow trailing commas"))
                        }
                        switch parseKey(in: stack[top]) {
                        case .success(let key): stack[top].pendingKey = key
                        case .failure(let failure): return .failure(failure)
                        }
                        break closing
                    } else if bytes[index] == UInt8(ascii: "}") {
                        index += 1
                        let frame = stack.removeLast()
                        value = GeneratedContent(kind: .structure(properties: frame.values, orderedKeys: frame.keys))
                    } else {
                        return .failure(Failure(offset: index, message: "expected ',' or '}' after object member"))
                    }
                } else {
                    stack[top].elements.append(value)
                    guard index < bytes.count else {
                        return .failure(Failure(offset: index, message: "unexpected end of input; expected ',' or ']' after array element"))
                    }
                    if bytes[index] == UInt8(ascii: ",") {
                        let comma = index
                        index += 1
                        skipWhitespace()
                        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                            return .failure(Failure(offset: comma, message: "trailing comma before ']'; JSON does not allow trailing commas"))
                        }
                        break closing
                    } else if bytes[index] == UInt8(ascii: "]") {
                        index += 1
                        let frame = stack.removeLast()
                        value = GeneratedContent(kind: .array(frame.elements))
                    } else {
                        return .failure(Failure(offset: index, message: "expected ',' or ']' after array element"))
                    }
                }
            }
            if stack.isEmpty {
                skipWhitespace()
                if index < bytes.count {
                    return .failure(Failure(
                        offset: index,
                        message: "unexpected \(describeCharacter(at: index)) after the JSON value; the input must hold exactly one value"
                    ))
                }
                return .success(value)
            }
        }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                index += 1
            default:
                return
            }
        }
    }

    /// Parses `"key"` and the `:` after it, rejecting a key the object already has.
    private mutating func parseKey(in frame: Frame) -> Result<String, Failure> {
        skipWhitespace()
        guard index < bytes.count else {
            return .failure(Failure(offset: index, message: "unexpected end of input; expected a double-quoted object key"))
        }
        guard bytes[index] == UInt8(ascii: "\"") else {
            let hint = bytes[index] == UInt8(ascii: "'") ? "; JSON strings use double quotes" : ""
            return .failure(Failure(offset: index, message: "expected a double-quoted object key\(hint)"))
        }
        let keyStart = index
        let key: String
        switch parseString() {
        case .success(let string): key = string
        case .failure(let failure): return .failure(failure)
        }
        if frame.values[key] != nil {
            return .failure(Failure(
                offset: keyStart,
                message: "duplicate key \(JSONWriter.quoted(key)) in object; each key may appear only once"
            ))
        }
        skipWhitespace()
        guard index < bytes.count else {
            return .failure(Failure(offset: index, message: "unexpected end of input; expected ':' after object key"))
        }
        guard bytes[index] == UInt8(ascii: ":") else {
            return .failure(Failure(offset: index, message: "expected ':' after object key"))
        }
        index += 1
        return .success(key)
    }

    // MARK: - Scalars

    private mutating func parseScalar() -> Result<GeneratedContent, Failure> {
        let start = index
        switch bytes[start] {
        case UInt8(ascii: "\""):
            return parseString().map { GeneratedContent(kind: .string($0)) }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            if bytes[start] == UInt8(ascii: "-"), matches("-Infinity", at: start) {
                return .failure(Failure(offset: start, message: "-Infinity is not valid JSON; JSON numbers must be finite"))
            }
            switch JSONNumberSyntax.scan(bytes, from: start) {
            case .success(let end):
                index = end
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                return .success(GeneratedContent(kind: .number(JSONNumber(validatedText: text))))
            case .failure(let failure):
                return .failure(failure)
            }
        case UInt8(ascii: "t"):
            return literal("true", GeneratedContent(kind: .bool(true)))
        case UInt8(ascii: "f"):
            return literal("false", GeneratedContent(kind: .bool(false)))
        case UInt8(ascii: "n"):
            return literal("null", GeneratedContent(kind: .null))
        default:
            return .failure(Failure(offset: start, message: unexpectedValueMessage(at: start)))
        }
    }

    private func unexpectedValueMessage(at position: Int) -> String {
        let byte = bytes[position]
        if matches("NaN", at: position) {
            return "NaN is not valid JSON; JSON numbers must be finite"
        }
        if matches("Infinity", at: position) {
            return "Infinity is not valid JSON; JSON numbers must be finite"
        }
        for literal in ["True", "False", "Null", "TRUE", "FALSE", "NULL"] where matches(literal, at: position) {
            return "invalid literal \(literal); JSON literals are lowercase: \(literal.lowercased())"
        }
        switch byte {
        case UInt8(ascii: "+"):
            return "numbers may not start with '+'"
        case UInt8(ascii: "."):
            return "numbers must start with a digit; write 0.5, not .5"
        case UInt8(ascii: "'"):
            return "JSON strings use double quotes, not single quotes"
        case UInt8(ascii: "/"):
            return "comments are not allowed in JSON"
        case UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: ":"):
            return "unexpected \(describeCharacter(at: position)); expected a JSON value"
        default:
            return "unexpected \(describeCharacter(at: position)); expected a JSON value (object, array, string, number, true, false or null)"
        }
    }

    private mutating func literal(_ word: StaticString, _ value: GeneratedContent) -> Result<GeneratedContent, Failure> {
        let length = word.utf8CodeUnitCount
        let matched = word.withUTF8Buffer { expected in
            index + length <= bytes.count && zip(expected, bytes[index..<index + length]).allSatisfy { $0 == $1 }
        }
        guard matched else {
            return .failure(Failure(offset: index, message: "invalid literal; expected '\(word)'"))
        }
        index += length
        return .success(value)
    }

    private func matches(_ word: String, at position: Int) -> Bool {
        var position = position
        for byte in word.utf8 {
            guard position < bytes.count, bytes[position] == byte else { return false }
            position += 1
        }
        return true
    }

    /// Names the character at `position` for messages: `'x'`, `U+0007`, or the raw byte when
    /// it doesn't start valid UTF-8.
    private func describeCharacter(at position: Int) -> String {
        let byte = bytes[position]
        if byte >= 0x20, byte < 0x7F {
            return "'\(Character(Unicode.Scalar(byte)))'"
        }
        if byte < 0x80 {
            return "character U+\(Self.hex(UInt32(byte), width: 4))"
        }
        if let (scalar, _) = Self.decodeScalar(bytes, at: position) {
            return "character '\(Character(scalar))' (U+\(Self.hex(scalar.value, width: 4)))"
        }
        return "byte 0x\(Self.hex(UInt32(byte), width: 2)), which is not valid UTF-8"
    }

    package static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    // MARK: - Strings

    /// Parses a string starting at its opening quote.
    private mutating func parseString() -> Result<String, Failure> {
        let openingQuote = index
        var position = index + 1
        var segmentStart = position
        var usesScratch = false
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let result: String
                if usesScratch {
                    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[segmentStart..<position]))
                    result = String(decoding: scratch, as: UTF8.self)
                } else {
                    result = String(decoding: UnsafeBufferPointer(rebasing: bytes[segmentStart..<position]), as: UTF8.self)
                }
                index = position + 1
                return .success(result)
            } else if byte == UInt8(ascii: "\\") {
                if !usesScratch {
                    usesScratch = true
                    scratch.removeAll(keepingCapacity: true)
                }
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[segmentStart..<position]))
                switch parseEscape(at: position) {
                case .success(let end): position = end
                case .failure(let failure): return .failure(failure)
                }
                segmentStart = position
            } else if byte < 0x20 {
                return .failure(Failure(offset: position, message: Self.controlCharacterMessage(byte)))
            } else if byte < 0x80 {
                position += 1
            } else {
                guard let length = Self.validUTF8SequenceLength(bytes, at: position) else {
                    return .failure(Failure(
                        offset: position,
                        message: "invalid UTF-8 byte sequence starting with 0x\(Self.hex(UInt32(byte), width: 2)) in string"
                    ))
                }
                position += length
            }
        }
        return .failure(Failure(offset: openingQuote, message: "unterminated string; expected a closing '\"'"))
    }

    private static func controlCharacterMessage(_ byte: UInt8) -> String {
        let name = "U+\(hex(UInt32(byte), width: 4))"
        let escape: String
        switch byte {
        case 0x08: escape = "\\b"
        case 0x09: escape = "\\t"
        case 0x0A: escape = "\\n"
        case 0x0C: escape = "\\f"
        case 0x0D: escape = "\\r"
        default: escape = "\\u\(hex(UInt32(byte), width: 4))"
        }
        return "unescaped control character \(name) in string; write it as \(escape)"
    }

    /// Decodes the escape at `position` (a backslash) into `scratch` and returns the index
    /// after it.
    private mutating func parseEscape(at position: Int) -> Result<Int, Failure> {
        guard position + 1 < bytes.count else {
            return .failure(Failure(offset: position, message: "unterminated escape sequence at end of input"))
        }
        let replacement: UInt8
        switch bytes[position + 1] {
        case UInt8(ascii: "\""): replacement = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): replacement = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): replacement = UInt8(ascii: "/")
        case UInt8(ascii: "b"): replacement = 0x08
        case UInt8(ascii: "f"): replacement = 0x0C
        case UInt8(ascii: "n"): replacement = 0x0A
        case UInt8(ascii: "r"): replacement = 0x0D
        case UInt8(ascii: "t"): replacement = 0x09
        case UInt8(ascii: "u"):
            return parseUnicodeEscape(at: position)
        default:
            let shown = describeCharacter(at: position + 1)
            return .failure(Failure(
                offset: position,
                message: "invalid escape sequence: backslash followed by \(shown); JSON allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX"
            ))
        }
        scratch.append(replacement)
        return .success(position + 2)
    }

    /// Decodes `\uXXXX`, combining a UTF-16 surrogate pair written as two escapes; a lone
    /// surrogate is an error because no Unicode scalar (and so no Swift `String`) holds one.
    private mutating func parseUnicodeEscape(at position: Int) -> Result<Int, Failure> {
        guard let unit = hexQuad(at: position + 2) else {
            return .failure(Failure(offset: position, message: "invalid \\u escape; expected exactly four hexadecimal digits after \\u"))
        }
        var scalarValue = UInt32(unit)
        var end = position + 6
        if (0xD800...0xDBFF).contains(unit) {
            guard end + 1 < bytes.count, bytes[end] == UInt8(ascii: "\\"), bytes[end + 1] == UInt8(ascii: "u"),
                  let low = hexQuad(at: end + 2), (0xDC00...0xDFFF).contains(low)
            else {
                return .failure(Failure(
                    offset: position,
                    message: "lone high surrogate \\u\(Self.hex(UInt32(unit), width: 4)); it must be followed by a low surrogate escape \\uDC00-\\uDFFF"
                ))
            }
            scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            end += 6
        } else if (0xDC00...0xDFFF).contains(unit) {
            return .failure(Failure(
                offset: position,
                message: "lone low surrogate \\u\(Self.hex(UInt32(unit), width: 4)); it must follow a high surrogate escape \\uD800-\\uDBFF"
            ))
        }
        guard let scalar = Unicode.Scalar(scalarValue) else {
            return .failure(Failure(offset: position, message: "invalid \\u escape"))
        }
        scratch.append(contentsOf: scalar.utf8)
        return .success(end)
    }

    private func hexQuad(at position: Int) -> UInt16? {
        guard position + 4 <= bytes.count else { return nil }
        var value: UInt16 = 0
        for byte in bytes[position..<position + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    /// The length of the well-formed UTF-8 sequence (per RFC 3629: no overlong forms, no
    /// surrogates, nothing above U+10FFFF) starting at `position`, or `nil`.
    package static func validUTF8SequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Int? {
        let lead = bytes[position]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        default: return nil
        }
        guard position + length <= bytes.count, secondRange.contains(bytes[position + 1]) else { return nil }
        for offset in 2..<length where !(0x80...0xBF).contains(bytes[position + offset]) {
            return nil
        }
        return length
    }

    package static func decodeScalar(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> (Unicode.Scalar, Int)? {
        guard let length = validUTF8SequenceLength(bytes, at: position) else { return nil }
        var decoder = UTF8()
        var iterator = bytes[position..<position + length].makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) {
            return (scalar, length)
        }
        return nil
    }
}

/// The RFC 8259 number grammar, shared by the parser and `JSONNumber(text:)` so both accept
/// exactly the same spellings.
package enum JSONNumberSyntax {
    /// Scans `-? (0 | [1-9][0-9]*) (\.[0-9]+)? ([eE][+-]?[0-9]+)?` from `start` and returns the
    /// index after it. Stops at the first byte that can't continue the number; the caller
    /// decides whether that byte is allowed there.
    package static func scan(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Result<Int, JSONParseFailure> {
        var index = start
        func isDigit(_ position: Int) -> Bool {
            position < bytes.count && JSONNumber.isDigit(bytes[position])
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
            index += 1
        }
        guard index < bytes.count else {
            return .failure(JSONParseFailure(offset: index, message: "expected a digit after '-'"))
        }
        if bytes[index] == UInt8(ascii: "0") {
            if isDigit(index + 1) {
                return .failure(JSONParseFailure(offset: index, message: "leading zeros are not allowed in JSON numbers"))
            }
            index += 1
        } else if isDigit(index) {
            while isDigit(index) { index += 1 }
        } else if bytes[index] == UInt8(ascii: "+") {
            return .failure(JSONParseFailure(offset: index, message: "numbers may not start with '+'"))
        } else if bytes[index] == UInt8(ascii: ".") {
            return .failure(JSONParseFailure(offset: index, message: "numbers must start with a digit; write 0.5, not .5"))
        } else {
            let message = index == start ? "expected a digit" : "expected a digit after '-'"
            return .failure(JSONParseFailure(offset: index, message: message))
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard isDigit(index) else {
                return .failure(JSONParseFailure(offset: index, message: "expected a digit after the decimal point"))
            }
            while isDigit(index) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard isDigit(index) else {
                return .failure(JSONParseFailure(offset: index, message: "expected a digit in the exponent"))
            }
            while isDigit(index) { index += 1 }
        }
        return .success(index)
    }
}
