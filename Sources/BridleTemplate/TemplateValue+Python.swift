/// How Python writes values: `str()` for `{{ … }}`, `repr()` inside containers, and floats
/// as Python's shortest round-trip form (`1.0`, `1e-05`, `1e+16`).
extension TemplateValue {
    /// Python's `str(value)`, which `{{ value }}` writes. Undefined writes nothing.
    var pythonString: String {
        switch self {
        case .undefined, .refused: ""
        case .string(let text), .markup(let text): text
        default: pythonRepresentation
        }
    }

    /// Python's `repr(value)`.
    var pythonRepresentation: String {
        switch self {
        case .undefined, .refused: ""
        case .none: "None"
        case .bool(let value): value ? "True" : "False"
        case .integer(let value): String(value)
        case .float(let value): PythonFloat.representation(value)
        case .string(let text): PythonString.representation(text)
        case .markup(let text): "Markup(\(PythonString.representation(text)))"
        case .list(let items): "[" + items.map(\.pythonRepresentation).joined(separator: ", ") + "]"
        case .tuple(let items):
            items.count == 1 ? "(\(items[0].pythonRepresentation),)" : "(" + items.map(\.pythonRepresentation).joined(separator: ", ") + ")"
        case .dictionary(let dictionary):
            "{" + dictionary.entries.map { $0.key.value.pythonRepresentation + ": " + $0.value.pythonRepresentation }.joined(separator: ", ") + "}"
        case .namespace(let namespace): "<Namespace \(TemplateValue.dictionary(namespace.attributes).pythonRepresentation)>"
        case .function(let function): "<function \(function.name)>"
        case .generator: "<generator object>"
        }
    }
}

enum PythonFloat {
    /// `repr(float)`: the shortest digits that read back exactly, positional when the decimal
    /// exponent is in -4..<16, else scientific with a two-digit exponent at least.
    static func representation(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        let (digits, pointPosition) = shortestDigits(abs(value))
        let sign = value.sign == .minus ? "-" : ""
        if pointPosition <= -4 || pointPosition > 16 {
            let exponent = pointPosition - 1
            var mantissa = String(digits.first ?? "0")
            if digits.count > 1 { mantissa += "." + digits.dropFirst() }
            let exponentDigits = String(abs(exponent))
            return sign + mantissa + "e" + (exponent < 0 ? "-" : "+") + (exponentDigits.count < 2 ? "0" : "") + exponentDigits
        }
        if pointPosition <= 0 {
            return sign + "0." + String(repeating: "0", count: -pointPosition) + digits
        }
        if pointPosition >= digits.count {
            return sign + digits + String(repeating: "0", count: pointPosition - digits.count) + ".0"
        }
        let split = digits.index(digits.startIndex, offsetBy: pointPosition)
        return sign + digits[..<split] + "." + digits[split...]
    }

    /// The shortest round-trip digits of a non-negative finite value (Swift's `description`
    /// has the same digits as Python's repr, in another layout) and where the decimal point
    /// goes: value = 0.DIGITS × 10^pointPosition.
    static func shortestDigits(_ value: Double) -> (String, Int) {
        if value == 0 { return ("0", 1) }
        let text = value.description
        let parts = text.split(separator: "e", maxSplits: 1)
        let mantissa = parts[0]
        let exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        let pieces = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        let whole = String(pieces[0])
        let fraction = pieces.count > 1 ? String(pieces[1]) : ""
        var digits = whole + fraction
        var pointPosition = whole.count + exponent
        while digits.hasPrefix("0"), digits.count > 1 {
            digits.removeFirst()
            pointPosition -= 1
        }
        while digits.hasSuffix("0"), digits.count > 1 { digits.removeLast() }
        return (digits, pointPosition)
    }
}

enum PythonString {
    /// `repr(str)`: single quotes unless the text has one and no double quote; backslash
    /// escapes for the quote, `\\`, `\n`, `\r`, `\t` and what Python deems unprintable.
    static func representation(_ text: String) -> String {
        // Bytes, not Foundation's string search: templates print the messages' repr in loops.
        let quote: Unicode.Scalar = text.utf8.contains(0x27) && !text.utf8.contains(0x22) ? "\"" : "'"
        var result = String(quote)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar == quote {
                    result += "\\" + String(quote)
                } else if isPrintable(scalar) {
                    result.unicodeScalars.append(scalar)
                } else {
                    result += escaped(scalar)
                }
            }
        }
        result.unicodeScalars.append(quote)
        return result
    }

    private static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        // ASCII without a Unicode lookup: most text is, and the lookup dominated repr's cost.
        if scalar.isASCII { return (0x20...0x7E).contains(scalar.value) }
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator, .spaceSeparator: return false
        default: return true
        }
    }

    private static func escaped(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        if scalar.value < 0x100 { return "\\x" + String(repeating: "0", count: 2 - hex.count) + hex }
        if scalar.value < 0x10000 { return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex }
        return "\\U" + String(repeating: "0", count: 8 - hex.count) + hex
    }
}
