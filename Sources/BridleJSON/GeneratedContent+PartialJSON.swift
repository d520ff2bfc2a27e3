extension GeneratedContent {
    /// The value a *prefix* of JSON text describes so far, for streaming snapshots while a
    /// model writes a document; `nil` until a value has started, or once the text can no
    /// longer become valid JSON.
    ///
    /// Unfinished strings, arrays and objects are closed where the text stops. What could
    /// still change is left out instead of guessed: a number at the very end (`1` may grow
    /// into `12`), a literal still missing letters, an object key whose value hasn't started
    /// (or is such a number or literal), and an escape sequence cut short at the end of a
    /// string, including a `\uD83D` still waiting for its low surrogate. So each snapshot
    /// extends the one before: strings only grow and nothing shown is taken back.
    ///
    /// ```swift
    /// GeneratedContent(partialJSON: #"{"name": "Ad"#)?.jsonString             // {"name":"Ad"}
    /// GeneratedContent(partialJSON: #"{"name": "Ada", "age": 3"#)?.jsonString  // {"name":"Ada"}
    /// GeneratedContent(partialJSON: #"[1, 2, [true, nul"#)?.jsonString         // [1,2,[true]]
    /// GeneratedContent(partialJSON: #""caf\u00"#)?.jsonString                  // "caf"
    /// GeneratedContent(partialJSON: "42")                                      // nil: may still grow
    /// GeneratedContent(partialJSON: "42 ")?.jsonString                         // 42
    /// GeneratedContent(partialJSON: #"{"a": 1 "b""#)                           // nil: missing ','
    /// GeneratedContent(partialJSON: " ")                                       // nil: nothing yet
    /// ```
    ///
    /// The text seen so far obeys the same strict RFC 8259 rules as `init(json:)`, which a
    /// complete document gives exactly, apart from a bare number with nothing after it.
    public init?(partialJSON prefix: String) {
        var source = prefix
        guard let content = source.withUTF8({ PartialJSONScanner(bytes: $0).snapshot() }) else { return nil }
        self = content
    }
}

/// Reads a prefix only far enough to decide how much of it to keep and which brackets close
/// it, then hands that completed text to the strict `JSONParser`. Everything a snapshot shows
/// has so passed exactly the checks `init(json:)` makes (escapes, surrogates, control
/// characters, duplicate keys, depth), and this scanner only has to get the structure right.
private struct PartialJSONScanner {
    package let bytes: UnsafeBufferPointer<UInt8>

    private enum Expecting { case value, valueOrClose, key, keyOrClose, colon, commaOrClose, end }

    package func snapshot() -> GeneratedContent? {
        var position = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var closers: [UInt8] = []
        // How much text a snapshot keeps if the input stops here: up to the last finished
        // element or member, or to the bracket of the innermost open container.
        var keep = position
        // A finished key whose value isn't kept yet; it is left out, but must still be valid.
        var pendingKey: Range<Int>?
        var expecting = Expecting.value

        scan: while true {
            while position < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[position]) {
                position += 1
            }
            guard position < bytes.count else { break }
            let byte = Unicode.Scalar(bytes[position])

            let closes = switch expecting {
            case .commaOrClose: byte != ","
            case .valueOrClose: byte == "]"
            case .keyOrClose: byte == "}"
            default: false
            }
            if closes {
                guard bytes[position] == closers.last else { return nil }
                closers.removeLast()
                position += 1
                keep = position
                expecting = closers.isEmpty ? .end : .commaOrClose
                continue
            }

            switch expecting {
            case .end:
                return nil
            case .commaOrClose:
                position += 1
                expecting = closers.last == UInt8(ascii: "}") ? .key : .value
                continue
            case .colon:
                guard byte == ":" else { return nil }
                position += 1
                expecting = .value
                continue
            case .key, .keyOrClose:
                guard byte == "\"" else { return nil }
                switch stringEnd(from: position) {
                case .closed(let end):
                    pendingKey = position..<end
                    position = end
                    expecting = .colon
                    continue
                case .unfinished(let cut):
                    // The key may still grow, so it can't be a duplicate yet, but what there
                    // is of it must already be valid.
                    guard parse(position..<cut, then: [UInt8(ascii: "\"")]) != nil else { return nil }
                    break scan
                }
            case .value, .valueOrClose:
                switch byte {
                case "[", "{":
                    closers.append(byte == "[" ? UInt8(ascii: "]") : UInt8(ascii: "}"))
                    position += 1
                    keep = position
                    pendingKey = nil
                    expecting = byte == "[" ? .valueOrClose : .keyOrClose
                    continue
                case "\"":
                    switch stringEnd(from: position) {
                    case .closed(let end):
                        position = end
                    case .unfinished(let cut):
                        return parse(0..<cut, then: [UInt8(ascii: "\"")] + closers.reversed())
                    }
                case "-", "0"..."9":
                    switch JSONNumberSyntax.scan(bytes, from: position) {
                    case .success(let end) where end < bytes.count:
                        position = end
                    case .failure(let failure) where failure.offset < bytes.count:
                        return nil
                    default:
                        // Ended by the end of the input, or cut short there: it may grow.
                        break scan
                    }
                case "t", "f", "n":
                    let word = byte == "t" ? "true" : byte == "f" ? "false" : "null"
                    switch match(word.map(String.init), at: position) {
                    case .matched: position += word.utf8.count
                    case .unfinished: break scan
                    case .mismatched: return nil
                    }
                default:
                    return nil
                }
                keep = position
                pendingKey = nil
                expecting = closers.isEmpty ? .end : .commaOrClose
            }
        }

        // Stopped between tokens, or inside a key, number or literal that is left out.
        guard !closers.isEmpty || expecting == .end else { return nil }
        // A duplicate key can't become valid, so the parser judges the pending key as if its
        // value were already there.
        if let pendingKey, parse(0..<pendingKey.upperBound, then: Array(":0".utf8) + closers.reversed()) == nil {
            return nil
        }
        return parse(0..<keep, then: Array(closers.reversed()))
    }

    private func parse(_ kept: Range<Int>, then suffix: [UInt8]) -> GeneratedContent? {
        try? GeneratedContent(jsonData: Array(bytes[kept]) + suffix)
    }

    // MARK: - Strings

    private enum StringEnd {
        case closed(after: Int)
        /// The input ends inside the string; `cut` is where its complete characters end.
        case unfinished(cut: Int)
    }

    private static let hex = "0123456789abcdefABCDEF"
    private static let unicodeEscape = ["\\", "u", hex, hex, hex, hex]
    private static let highSurrogateEscape = ["\\", "u", "dD", "89abAB", hex, hex]
    private static let lowSurrogateEscape = ["\\", "u", "dD", "cdefCDEF", hex, hex]

    private func stringEnd(from quote: Int) -> StringEnd {
        var position = quote + 1
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\""):
                return .closed(after: position + 1)
            case UInt8(ascii: "\\"):
                // Neither an escape cut short nor a high surrogate without its low half is a
                // character yet. Malformed escapes are kept, for the parser to reject.
                if match(Self.unicodeEscape, at: position) == .unfinished
                    || (match(Self.highSurrogateEscape, at: position) == .matched
                        && match(Self.lowSurrogateEscape, at: position + 6) == .unfinished) {
                    return .unfinished(cut: position)
                }
                position += 2
            default:
                position += 1
            }
        }
        return .unfinished(cut: bytes.count)
    }

    private enum Match { case matched, unfinished, mismatched }

    /// Matches `pattern`, one string of allowed ASCII characters per byte, at `start`;
    /// `.unfinished` when the input ends before a mismatch or the pattern's end.
    private func match(_ pattern: [String], at start: Int) -> Match {
        for (offset, allowed) in pattern.enumerated() {
            guard start + offset < bytes.count else { return .unfinished }
            guard allowed.utf8.contains(bytes[start + offset]) else { return .mismatched }
        }
        return .matched
    }
}
