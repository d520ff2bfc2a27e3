import BridleSchema

extension EvaluationPass {
    /// `allOf`, `anyOf`, `oneOf`, `not` and `if`/`then`/`else`. Every branch is evaluated,
    /// not just until the answer is known, because `unevaluated*` reads the annotations of
    /// every branch that passed.
    mutating func applyComposition(_ instance: GeneratedContent, _ position: Position, into outcome: inout EvaluationOutcome) throws(JSONSchemaEvaluationError) {
        let schema = position.schema
        func fail(_ message: String) { outcome.violations.append(Violation(path: position.pointer, message: message)) }
        func branches(_ keyword: String) throws(JSONSchemaEvaluationError) -> [EvaluationOutcome]? {
            guard case .array(let list)? = schema[property: keyword]?.kind else { return nil }
            var results: [EvaluationOutcome] = []
            for (index, branch) in list.enumerated() {
                results.append(try apply(branch, at: "\(position.child(keyword))/\(index)", to: instance, at: position.pointer, from: position))
            }
            return results
        }
        if let results = try branches("allOf") {
            for result in results { outcome.merge(result) }
        }
        if let results = try branches("anyOf") {
            for result in results { outcome.mergeAnnotations(of: result) }
            if !results.contains(where: \.isValid) {
                fail("\(instance.jsonString) matches none of the anyOf schemas")
            }
        }
        if let results = try branches("oneOf") {
            let valid = results.filter(\.isValid)
            for result in valid { outcome.mergeAnnotations(of: result) }
            if valid.count != 1 {
                fail("\(instance.jsonString) matches \(valid.count) of the oneOf schemas; exactly one is required")
            }
        }
        if let negated = schema[property: "not"] {
            let result = try apply(negated, at: position.child("not"), to: instance, at: position.pointer, from: position)
            if result.isValid { fail("\(instance.jsonString) matches the schema under not") }
        }
        if draft >= .draft7, let condition = schema[property: "if"] {
            let test = try apply(condition, at: position.child("if"), to: instance, at: position.pointer, from: position)
            let keyword = test.isValid ? "then" : "else"
            outcome.mergeAnnotations(of: test)
            if let branch = schema[property: keyword] {
                outcome.merge(try apply(branch, at: position.child(keyword), to: instance, at: position.pointer, from: position))
            }
        }
    }
}
