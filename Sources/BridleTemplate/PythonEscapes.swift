/// Python's backslash escapes in string literals, as jinja2 decodes them (`unicode-escape`):
/// `\n`, `\t`, `\\`, `\'`, `\xhh`, `\uXXXX`, `\UXXXXXXXX`, octal; an unknown escape keeps its
/// backslash, as Python does.
enum PythonEscapes {
    static func unescape(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var scalars = Array(text.unicodeScalars)[...]
        var result = String.UnicodeScalarView()
        while let scalar = scalars.popFirst() {
            guard scalar == "\\", let next = scalars.first else {
                result.append(scalar)
                continue
            }
            scalars.removeFirst()
            switch next {
            case "\n": break
            case "\\", "'", "\"": result.append(next)
            case "a": result.append("\u{07}")
            case "b": result.append("\u{08}")
            case "f": result.append("\u{0C}")
            case "n": result.append("\n")
            case "r": result.append("\r")
            case "t": result.append("\t")
            case "v": result.append("\u{0B}")
            case "x", "u", "U":
                let count = next == "x" ? 2 : next == "u" ? 4 : 8
                let digits = String(String.UnicodeScalarView(scalars.prefix(count)))
                if digits.count == count, let value = UInt32(digits, radix: 16), let decoded = Unicode.Scalar(value) {
                    result.append(decoded)
                    scalars.removeFirst(count)
                } else {
                    result.append("\\")
                    result.append(next)
                }
            case "0"..."7":
                var digits = String(next)
                while digits.count < 3, let digit = scalars.first, ("0"..."7").contains(digit) {
                    digits.unicodeScalars.append(digit)
                    scalars.removeFirst()
                }
                result.append(Unicode.Scalar(UInt32(digits, radix: 8) ?? 0) ?? "\u{FFFD}")
            default:
                result.append("\\")
                result.append(next)
            }
        }
        return String(result)
    }
}
