import BridleRegex

/// JSON Schema `pattern` for the validator, judged by ``ECMARegex``: the same parser and the
/// same ECMA-262 semantics as the grammar compiler (`\d` is `[0-9]`, `\w` `[A-Za-z0-9_]`,
/// scalars rather than grapheme clusters, an unanchored search), so the validator never
/// disagrees with the grammar about what a pattern means. Every refusal is a message, never a
/// silent pass: a pattern Bridle can't read or can't judge within its budget fails the value.
///
/// ```swift
/// PatternCheck.failure(of: "12345", against: #"^\d{5}$"#)   // nil
/// PatternCheck.failure(of: "١٢٣٤٥", against: #"^\d{5}$"#)   // "\"١٢٣٤٥\" does not match the pattern ^\d{5}$"
/// ```
package enum PatternCheck {
    /// Why `text` fails `pattern`, or nil when the pattern matches somewhere in it.
    package static func failure(of text: String, against pattern: String) -> String? {
        do {
            return try ECMARegex(pattern).containsMatch(in: text) ? nil : "\"\(text)\" does not match the pattern \(pattern)"
        } catch {
            return message(for: error)
        }
    }

    /// Why `text` fails the string's patterns (each required one matches somewhere, no
    /// excluded one does), or nil when it passes them all.
    package static func failure(of text: String, against constraints: StringConstraints) -> String? {
        for pattern in constraints.requiredPatterns {
            if let failure = failure(of: text, against: pattern) { return failure }
        }
        for pattern in constraints.excludedPatterns {
            do {
                if try ECMARegex(pattern).containsMatch(in: text) { return "\"\(text)\" matches the pattern \(pattern), which it must not" }
            } catch {
                return message(for: error)
            }
        }
        return nil
    }

    /// Whether `pattern` matches somewhere in `text`; nil when Bridle can't read the
    /// pattern or can't judge it within its budget.
    package static func matches(_ pattern: String, _ text: String) -> Bool? {
        try? ECMARegex(pattern).containsMatch(in: text)
    }

    /// Whether Bridle reads `pattern` (the `regex` format, `patternProperties` keys).
    package static func isValid(_ pattern: String) -> Bool {
        problem(with: pattern) == nil
    }

    /// Why `pattern` can't be used, or nil when it can.
    package static func problem(with pattern: String) -> String? {
        do {
            _ = try ECMARegex(pattern)
            return nil
        } catch {
            return message(for: error)
        }
    }

    private static func message(for error: ECMARegexError) -> String {
        switch error.kind {
        case .invalidSyntax:
            "the pattern \(error.pattern) is not a valid regular expression: at offset \(error.offset), \(error.message)"
        case .unsupported:
            "the pattern \(error.pattern) can't be checked: at offset \(error.offset), \(error.message)"
        case .budgetExceeded:
            "the pattern \(error.pattern) can't be checked within its work budget: \(error.message)"
        }
    }
}
