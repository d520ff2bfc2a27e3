/// How scalars are written inside GBNF string literals and character classes, using only the
/// escapes llama.cpp's `parse_char` knows: `\x`, `\u`, `\U` (2, 4 and 8 hex digits), `\t`,
/// `\r`, `\n`, `\\`, `\"`, `\[`, `\]` and `\-`. There is no `\^`: llama.cpp rejects it.
///
/// ```swift
/// GBNFEscaping.literal("say \"hi\"\n", escapesNonASCII: false)   // say \"hi\"\n
/// GBNFEscaping.classMember(0x5E, isFirst: true, escapesNonASCII: false)   // \x5E
/// ```
enum GBNFEscaping {
    /// The body of a `"…"` literal for `text`.
    static func literal(_ text: String, escapesNonASCII: Bool) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default: result += common(scalar.value, escapesNonASCII: escapesNonASCII)
            }
        }
        return result
    }

    /// One endpoint of a range inside `[…]`. `isFirst` is true right after `[` (not after
    /// `[^`), where a bare `^` would negate the class.
    static func classMember(_ value: UInt32, isFirst: Bool, escapesNonASCII: Bool) -> String {
        switch value {
        case 0x5D: return "\\]"
        case 0x5C: return "\\\\"
        // Escaped everywhere, not just where it would form a range: simpler to read and to
        // prove right.
        case 0x2D: return "\\-"
        case 0x5E where isFirst: return hex(value)
        default: return common(value, escapesNonASCII: escapesNonASCII)
        }
    }

    private static func common(_ value: UInt32, escapesNonASCII: Bool) -> String {
        switch value {
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        case 0x09: return "\\t"
        default:
            guard !needsHexEscape(value, escapesNonASCII: escapesNonASCII),
                  let scalar = Unicode.Scalar(value)
            else { return hex(value) }
            return String(scalar)
        }
    }

    /// Non-printing scalars are escaped so the text shows what it matches and survives
    /// editors and terminals. Printable non-ASCII text stays literal (llama.cpp reads UTF-8,
    /// and `[ぁ-ゟ]` is easier to check than `[\u3041-\u309F]`), but marks are escaped too:
    /// a combining accent right after `"` or `[` would fuse with it on screen.
    private static func needsHexEscape(_ value: UInt32, escapesNonASCII: Bool) -> Bool {
        if value < 0x20 || value == 0x7F { return true }
        if value < 0x80 { return false }
        if escapesNonASCII { return true }
        guard let scalar = Unicode.Scalar(value) else { return true }
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned,
             .lineSeparator, .paragraphSeparator, .spaceSeparator,
             .nonspacingMark, .spacingMark, .enclosingMark:
            return true
        default:
            return false
        }
    }

    /// The shortest of `\xHH`, `\uHHHH`, `\UHHHHHHHH` that holds `value`. `\x` is a code point
    /// in llama.cpp, not a byte, so `\xE9` is "é".
    private static func hex(_ value: UInt32) -> String {
        let (prefix, width): (String, Int) = switch value {
        case ...0xFF: ("\\x", 2)
        case ...0xFFFF: ("\\u", 4)
        default: ("\\U", 8)
        }
        let digits = String(value, radix: 16, uppercase: true)
        return prefix + String(repeating: "0", count: width - digits.count) + digits
    }
}
