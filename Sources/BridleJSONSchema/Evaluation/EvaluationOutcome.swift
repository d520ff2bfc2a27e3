import BridleSchema

/// What applying one schema to one value found: the violations, and the annotations later
/// keywords read (`unevaluatedProperties` and `unevaluatedItems` need to know which
/// properties and items some successful subschema looked at).
struct EvaluationOutcome {
    var violations: [Violation] = []
    var evaluatedKeys: Set<String> = []
    var evaluatedItems: Set<Int> = []

    var isValid: Bool { violations.isEmpty }

    /// Takes in a subschema's outcome: its violations, and its annotations when it passed
    /// (annotations of a failed subschema are dropped, as the specification says).
    mutating func merge(_ other: EvaluationOutcome) {
        violations.append(contentsOf: other.violations)
        mergeAnnotations(of: other)
    }

    mutating func mergeAnnotations(of other: EvaluationOutcome) {
        guard other.isValid else { return }
        evaluatedKeys.formUnion(other.evaluatedKeys)
        evaluatedItems.formUnion(other.evaluatedItems)
    }
}
