import BridleSchema

/// One run of a ``JSONSchemaEvaluator``: applies a schema's keywords to a value, counting
/// every subschema application against the budget.
struct EvaluationPass {
    let resources: SchemaResources
    let budget: JSONSchemaEvaluator.Budget
    private(set) var steps = 0
    /// Compiled `pattern`s, so each is parsed once per run.
    var patterns: [String: PatternSearch] = [:]

    init(resources: SchemaResources, budget: JSONSchemaEvaluator.Budget, steps: Int = 0) {
        self.resources = resources
        self.budget = budget
        self.steps = steps
    }

    var draft: JSONSchemaDraft { resources.draft }

    /// Where the pass is: the schema (and its pointer and base URI) and the value's pointer.
    struct Position {
        var schema: GeneratedContent
        var schemaPointer: String
        var base: String
        var pointer: String
        var depth: Int

        func child(_ keyword: String) -> String { "\(schemaPointer)/\(JSONPointer.escape(keyword))" }
    }

    mutating func evaluate(
        _ instance: GeneratedContent, against schema: GeneratedContent, schemaPointer: String, base: String, at pointer: String, depth: Int,
        baseIncludesID: Bool = false
    ) throws(JSONSchemaEvaluationError) -> EvaluationOutcome {
        steps += 1
        guard steps <= budget.steps else {
            throw JSONSchemaEvaluationError(
                pointer: schemaPointer, message: "checking the value took more than \(budget.steps) steps; raise the evaluator's budget or simplify the schema",
                isBudgetExhausted: true)
        }
        guard depth <= budget.depth else {
            throw JSONSchemaEvaluationError(
                pointer: schemaPointer, message: "subschemas and references nest deeper than \(budget.depth) levels while checking \(pointer); a $ref may refer to itself without consuming the value",
                isBudgetExhausted: true)
        }
        switch schema.kind {
        case .bool(true):
            return EvaluationOutcome()
        case .bool(false):
            return EvaluationOutcome(violations: [Violation(path: pointer, message: "no value is allowed here (the schema at \(schemaPointer) is false)")])
        case .structure:
            break
        default:
            throw JSONSchemaEvaluationError(pointer: schemaPointer, message: "a schema must be an object or a boolean, found \(schema.kind.name)")
        }
        var position = Position(schema: schema, schemaPointer: schemaPointer, base: base, pointer: pointer, depth: depth)
        // A resolved reference's base already is its target's `$id`; a relative `$id`
        // resolved again would nest (`nested/nested/foo.json`).
        if !baseIncludesID, case .string(let id)? = schema[property: draft.idKeyword]?.kind, !id.hasPrefix("#") {
            position.base = URIReference.resource(URIReference.resolve(id, against: base))
        }
        if schema[property: "$recursiveRef"] != nil {
            throw JSONSchemaEvaluationError(
                pointer: position.child("$recursiveRef"), message: "$recursiveRef is not supported; use $ref to a $defs entry")
        }
        var outcome = EvaluationOutcome()
        if let dynamic = schema[property: "$dynamicRef"] {
            guard case .string(let reference) = dynamic.kind,
                let target = try resources.staticDynamicTarget(reference, base: position.base, at: position.child("$dynamicRef"))
            else {
                throw JSONSchemaEvaluationError(
                    pointer: position.child("$dynamicRef"),
                    message: "$dynamicRef is supported only where it resolves the same in every dynamic scope; use $ref to a $defs entry")
            }
            outcome.merge(try evaluate(instance, against: target.schema, schemaPointer: target.pointer, base: target.base, at: pointer, depth: depth + 1, baseIncludesID: true))
        }
        if case .string(let reference)? = schema[property: "$ref"]?.kind {
            let target = try resources.resolve(reference, base: position.base, at: position.child("$ref"))
            outcome.merge(try evaluate(instance, against: target.schema, schemaPointer: target.pointer, base: target.base, at: pointer, depth: depth + 1, baseIncludesID: true))
            if draft.refIgnoresSiblings { return outcome }
        }
        checkGenericKeywords(instance, position, into: &outcome)
        switch instance.kind {
        case .number(let number): checkNumber(number, position, into: &outcome)
        case .string(let text): try checkString(text, position, into: &outcome)
        case .array(let items): try checkArray(items, position, into: &outcome)
        case .structure: try checkObject(instance, position, into: &outcome)
        case .null, .bool: break
        }
        try applyComposition(instance, position, into: &outcome)
        if case .array(let items) = instance.kind, draft >= .draft2019 {
            try applyUnevaluatedItems(items, position, into: &outcome)
        }
        if case .structure = instance.kind, draft >= .draft2019 {
            try applyUnevaluatedProperties(instance, position, into: &outcome)
        }
        return outcome
    }

    /// Applies a subschema found under `keyword` of the current schema to `instance`.
    mutating func apply(
        _ schema: GeneratedContent, at schemaPointer: String, to instance: GeneratedContent, at pointer: String, from position: Position
    ) throws(JSONSchemaEvaluationError) -> EvaluationOutcome {
        try evaluate(instance, against: schema, schemaPointer: schemaPointer, base: position.base, at: pointer, depth: position.depth + 1)
    }

    // MARK: type, enum, const

    private func checkGenericKeywords(_ instance: GeneratedContent, _ position: Position, into outcome: inout EvaluationOutcome) {
        let schema = position.schema
        func fail(_ message: String) { outcome.violations.append(Violation(path: position.pointer, message: message)) }
        if let type = schema[property: "type"] {
            let names: [String]
            switch type.kind {
            case .string(let name): names = [name]
            case .array(let list): names = list.compactMap { if case .string(let name) = $0.kind { name } else { nil } }
            default: names = []
            }
            if !names.contains(where: { hasType(instance, $0) }) {
                fail("\(instance.kind.name) is not of type \(names.joined(separator: " or "))")
            }
        }
        if case .array(let values)? = schema[property: "enum"]?.kind, !values.contains(where: { JSONEquality.equal($0, instance) }) {
            fail("\(instance.jsonString) is not one of the enum values")
        }
        if draft >= .draft6, let constant = schema[property: "const"], !JSONEquality.equal(constant, instance) {
            fail("\(instance.jsonString) is not the constant \(constant.jsonString)")
        }
    }

    func hasType(_ instance: GeneratedContent, _ name: String) -> Bool {
        switch (name, instance.kind) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .structure), ("number", .number):
            return true
        case ("integer", .number(let number)):
            return draft.integersNeedIntegerLiterals ? number.isIntegerLiteral : number.isIntegral
        default:
            return false
        }
    }
}
