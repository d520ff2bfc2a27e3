import BridleSchema

extension EvaluationPass {
    mutating func checkArray(_ items: [GeneratedContent], _ position: Position, into outcome: inout EvaluationOutcome) throws(JSONSchemaEvaluationError) {
        let schema = position.schema
        func fail(_ message: String) { outcome.violations.append(Violation(path: position.pointer, message: message)) }
        if let minimum = count(schema, "minItems"), items.count < minimum {
            fail("has \(items.count) items; at least \(minimum) needed")
        }
        if let maximum = count(schema, "maxItems"), items.count > maximum {
            fail("has \(items.count) items; at most \(maximum) allowed")
        }
        if schema[property: "uniqueItems"] == true, JSONEquality.hasDuplicates(items) {
            fail("has equal items; every item must be unique")
        }
        try checkItems(items, position, into: &outcome)
        if draft >= .draft6, let contains = schema[property: "contains"] {
            try checkContains(contains, items, position, into: &outcome)
        }
    }

    /// `prefixItems` and `items` (2020-12), or tuple `items` and `additionalItems` (older).
    private mutating func checkItems(_ items: [GeneratedContent], _ position: Position, into outcome: inout EvaluationOutcome) throws(JSONSchemaEvaluationError) {
        let schema = position.schema
        var prefix: [GeneratedContent] = []
        var prefixKeyword = "prefixItems"
        var rest: GeneratedContent?
        var restKeyword = "items"
        if draft >= .draft2020, case .array(let list)? = schema[property: "prefixItems"]?.kind {
            prefix = list
        }
        if let items = schema[property: "items"] {
            if case .array(let tuple) = items.kind {
                prefix = tuple
                prefixKeyword = "items"
                rest = schema[property: "additionalItems"]
                restKeyword = "additionalItems"
            } else {
                rest = items
            }
        }
        for (index, item) in items.enumerated() {
            let itemPointer = "\(position.pointer)/\(index)"
            let result: EvaluationOutcome
            if index < prefix.count {
                result = try apply(prefix[index], at: "\(position.child(prefixKeyword))/\(index)", to: item, at: itemPointer, from: position)
            } else if let rest {
                result = try apply(rest, at: position.child(restKeyword), to: item, at: itemPointer, from: position)
            } else {
                continue
            }
            outcome.violations.append(contentsOf: result.violations)
            outcome.evaluatedItems.insert(index)
        }
    }

    private mutating func checkContains(
        _ contains: GeneratedContent, _ items: [GeneratedContent], _ position: Position, into outcome: inout EvaluationOutcome
    ) throws(JSONSchemaEvaluationError) {
        var matches = 0
        for (index, item) in items.enumerated() {
            let result = try apply(contains, at: position.child("contains"), to: item, at: "\(position.pointer)/\(index)", from: position)
            if result.isValid {
                matches += 1
                outcome.evaluatedItems.insert(index)
            }
        }
        let usesCounts = draft >= .draft2019
        let minimum = usesCounts ? count(position.schema, "minContains") ?? 1 : 1
        func fail(_ message: String) { outcome.violations.append(Violation(path: position.pointer, message: message)) }
        if matches < minimum {
            fail(minimum == 1 ? "no item matches the contains schema" : "\(matches) items match the contains schema; at least \(minimum) needed")
        }
        if usesCounts, let maximum = count(position.schema, "maxContains"), matches > maximum {
            fail("\(matches) items match the contains schema; at most \(maximum) allowed")
        }
    }

    mutating func applyUnevaluatedItems(_ items: [GeneratedContent], _ position: Position, into outcome: inout EvaluationOutcome) throws(JSONSchemaEvaluationError) {
        guard let unevaluated = position.schema[property: "unevaluatedItems"] else { return }
        for (index, item) in items.enumerated() where !outcome.evaluatedItems.contains(index) {
            let result = try apply(unevaluated, at: position.child("unevaluatedItems"), to: item, at: "\(position.pointer)/\(index)", from: position)
            outcome.violations.append(contentsOf: result.violations)
            outcome.evaluatedItems.insert(index)
        }
    }
}
