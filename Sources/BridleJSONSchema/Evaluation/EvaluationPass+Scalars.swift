import BridleSchema
import Foundation

extension EvaluationPass {
    // MARK: Numbers

    func checkNumber(_ number: JSONNumber, _ position: Position, into outcome: inout EvaluationOutcome) {
        let schema = position.schema
        func fail(_ message: String) { outcome.violations.append(Violation(path: position.pointer, message: message)) }
        func bound(_ keyword: String) -> JSONNumber? {
            if case .number(let value)? = schema[property: keyword]?.kind { return value }
            return nil
        }
        // Draft 4 spells exclusive bounds as booleans beside minimum and maximum.
        let exclusiveMinimumFlag = schema[property: "exclusiveMinimum"] == true
        let exclusiveMaximumFlag = schema[property: "exclusiveMaximum"] == true
        if let minimum = bound("minimum") {
            let order = NumberOrder.compare(number, minimum)
            if order == .orderedAscending || (exclusiveMinimumFlag && order == .orderedSame) {
                fail("\(number) is below the minimum \(minimum)\(exclusiveMinimumFlag ? " (exclusive)" : "")")
            }
        }
        if let maximum = bound("maximum") {
            let order = NumberOrder.compare(number, maximum)
            if order == .orderedDescending || (exclusiveMaximumFlag && order == .orderedSame) {
                fail("\(number) is above the maximum \(maximum)\(exclusiveMaximumFlag ? " (exclusive)" : "")")
            }
        }
        if let minimum = bound("exclusiveMinimum"), NumberOrder.compare(number, minimum) != .orderedDescending {
            fail("\(number) is not above the exclusive minimum \(minimum)")
        }
        if let maximum = bound("exclusiveMaximum"), NumberOrder.compare(number, maximum) != .orderedAscending {
            fail("\(number) is not below the exclusive maximum \(maximum)")
        }
        if let divisor = bound("multipleOf"), !NumberOrder.isExactMultiple(number, of: divisor) {
            fail("\(number) is not a multiple of \(divisor)")
        }
    }

    // MARK: Strings

    /// Formats that validators with format checking (Python's jsonschema, ajv-formats)
    /// assert. Any other format name is an annotation, as draft 2020-12 says.
    static let formatsOthersAssert: Set<String> = [
        "date", "date-time", "time", "duration", "email", "idn-email", "hostname", "idn-hostname", "ipv4", "ipv6",
        "uri", "uri-reference", "iri", "iri-reference", "uri-template", "uuid", "json-pointer", "relative-json-pointer", "regex",
    ]

    mutating func checkString(_ text: String, _ position: Position, into outcome: inout EvaluationOutcome) throws(JSONSchemaEvaluationError) {
        let schema = position.schema
        func fail(_ message: String) { outcome.violations.append(Violation(path: position.pointer, message: message)) }
        let length = text.unicodeScalars.count
        if let minimum = count(schema, "minLength"), length < minimum {
            fail("is \(length) characters; at least \(minimum) needed")
        }
        if let maximum = count(schema, "maxLength"), length > maximum {
            fail("is \(length) characters; at most \(maximum) allowed")
        }
        if case .string(let pattern)? = schema[property: "pattern"]?.kind,
            try !search(pattern, in: text, at: position.child("pattern"))
        {
            fail("\"\(text)\" does not match the pattern \(pattern)")
        }
        if case .string(let name)? = schema[property: "format"]?.kind {
            if let format = StringFormat(rawValue: name) {
                if !format.accepts(text) { fail("\"\(text)\" is not a valid \(name)") }
            } else if Self.formatsOthersAssert.contains(name) {
                // Validators with format checking judge it; guessing here could flip a `not`.
                throw JSONSchemaEvaluationError(
                    pointer: position.child("format"), message: "the format \(name) is not one Bridle checks, so the value can't be judged exactly")
            }
        }
        checkDateBounds(text, position, fail: fail)
    }

    /// `formatMinimum` and friends (ajv's spelling, which Bridle's own export writes): bounds
    /// on `date` and `date-time` strings, compared as instants.
    private func checkDateBounds(_ text: String, _ position: Position, fail: (String) -> Void) {
        let schema = position.schema
        guard case .string(let name)? = schema[property: "format"]?.kind, name == "date" || name == "date-time",
            let date = name == "date" ? RFC3339.parseFullDate(text) : RFC3339.parseDateTime(text)
        else { return }
        for keyword in ["formatMinimum", "formatExclusiveMinimum", "formatMaximum", "formatExclusiveMaximum"] {
            guard case .string(let boundText)? = schema[property: keyword]?.kind,
                let bound = name == "date" ? RFC3339.parseFullDate(boundText) : RFC3339.parseDateTime(boundText)
            else { continue }
            let broken: Bool
            switch keyword {
            case "formatMinimum": broken = date < bound
            case "formatExclusiveMinimum": broken = date <= bound
            case "formatMaximum": broken = date > bound
            default: broken = date >= bound
            }
            if broken { fail("\"\(text)\" breaks \(keyword) \(boundText)") }
        }
    }

    /// Whether `pattern` finds a match in `text` (JSON Schema patterns are not anchored).
    mutating func search(_ pattern: String, in text: String, at pointer: String) throws(JSONSchemaEvaluationError) -> Bool {
        if let compiled = patterns[pattern] { return try compiled.finds(in: text, at: pointer) }
        let compiled = try PatternSearch(pattern, at: pointer)
        patterns[pattern] = compiled
        return try compiled.finds(in: text, at: pointer)
    }

    /// A non-negative integer keyword's value, or `nil` when absent or malformed.
    func count(_ schema: GeneratedContent, _ keyword: String) -> Int? {
        guard case .number(let number)? = schema[property: keyword]?.kind else { return nil }
        if let exact = number.exactInteger(Int.self) { return exact }
        // 2020-12 allows `2.0`; a count too large for Int is no bound in practice.
        return number.isIntegral ? (number.isNegative ? 0 : Int.max) : nil
    }
}
