import BridleJSON

/// JSON in and out: messages and tools arrive as JSON and become Python values as `json.loads`
/// makes them (`1` an int, `1.0` a float); `tojson` writes them back as `json.dumps` does.
extension TemplateValue {
    public init(_ content: GeneratedContent) {
        switch content.kind {
        case .null: self = .none
        case .bool(let value): self = .bool(value)
        case .number(let number):
            let text = number.text
            if !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let integer = Int(text) {
                self = .integer(integer)
            } else {
                self = .float(Double(text) ?? .nan)
            }
        case .string(let text): self = .string(text)
        case .array(let elements): self = .list(elements.map(TemplateValue.init))
        case .structure(let properties, let orderedKeys):
            var dictionary = TemplateDictionary()
            for key in orderedKeys { dictionary[key] = properties[key].map(TemplateValue.init) ?? TemplateValue.none }
            self = .dictionary(dictionary)
        }
    }

    struct JSONStyle {
        var asciiOnly = false
        var indent: String?
        var itemSeparator = ", "
        var keySeparator = ": "
        var sortsKeys = false
    }

    /// Python's `json.dumps(value, …)` with the given style.
    func json(_ style: JSONStyle, line: Int) throws(TemplateError) -> String {
        var output = ""
        try writeJSON(into: &output, style: style, depth: 0, line: line)
        return output
    }

    private func writeJSON(into output: inout String, style: JSONStyle, depth: Int, line: Int) throws(TemplateError) {
        switch self {
        case .none: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .integer(let value): output += String(value)
        case .float(let value):
            if value.isNaN { output += "NaN" } else if value.isInfinite { output += value < 0 ? "-Infinity" : "Infinity" } else {
                output += PythonFloat.representation(value)
            }
        case .string(let text), .markup(let text): output += JSONString.quoted(text, asciiOnly: style.asciiOnly)
        case .list(let items), .tuple(let items):
            guard !items.isEmpty else { output += "[]"; return }
            output += "["
            for (position, item) in items.enumerated() {
                if position > 0 { output += style.itemSeparator }
                newline(&output, style: style, depth: depth + 1)
                try item.writeJSON(into: &output, style: style, depth: depth + 1, line: line)
            }
            newline(&output, style: style, depth: depth)
            output += "]"
        case .dictionary(let dictionary):
            guard dictionary.count > 0 else { output += "{}"; return }
            output += "{"
            var entries = dictionary.entries
            if style.sortsKeys { entries.sort { $0.key.jsonText.unicodeScalars.lexicographicallyPrecedes($1.key.jsonText.unicodeScalars) } }
            for (position, entry) in entries.enumerated() {
                if position > 0 { output += style.itemSeparator }
                newline(&output, style: style, depth: depth + 1)
                output += JSONString.quoted(entry.key.jsonText, asciiOnly: style.asciiOnly) + style.keySeparator
                try entry.value.writeJSON(into: &output, style: style, depth: depth + 1, line: line)
            }
            newline(&output, style: style, depth: depth)
            output += "}"
        case .undefined, .refused, .namespace, .function, .generator:
            throw TemplateError(.evaluation, line: line, "Object of type \(typeName) is not JSON serializable")
        }
    }

    private func newline(_ output: inout String, style: JSONStyle, depth: Int) {
        guard let indent = style.indent else { return }
        output += "\n" + String(repeating: indent, count: depth)
    }
}

extension TemplateDictionary.Key {
    /// `json.dumps` writes every key as a string: `1` as `"1"`, `None` as `"null"`.
    var jsonText: String {
        switch self {
        case .string(let text): text
        case .integer(let integer): String(integer)
        case .float(let number): PythonFloat.representation(number)
        case .none: "null"
        }
    }
}

enum JSONString {
    /// A string as Python's `json` module quotes it: lowercase `\u00XX` for control bytes and,
    /// with `asciiOnly`, for everything past ASCII (astral characters as surrogate pairs).
    static func quoted(_ text: String, asciiOnly: Bool) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            default:
                if scalar.value < 0x20 {
                    result += unicodeEscape(UInt16(scalar.value))
                } else if asciiOnly, scalar.value > 0x7E {
                    for unit in String(scalar).utf16 { result += unicodeEscape(unit) }
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    private static func unicodeEscape(_ unit: UInt16) -> String {
        let hex = String(unit, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}
