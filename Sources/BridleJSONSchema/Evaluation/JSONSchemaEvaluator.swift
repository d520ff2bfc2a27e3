import BridleSchema

/// Judges JSON values against a JSON Schema document itself, keyword by keyword, as the
/// specification defines it (draft 2020-12, with the older drafts' spellings).
///
/// The schema IR that grammars are compiled from may be narrower than the document it was
/// read from (a grammar never writes extra properties, say). Checks that only make sense
/// against the whole document — is a value matched by exactly one `oneOf` branch, are an
/// array's items unique, is an answer from another engine valid at all — run here, on the
/// original, so they are sound whatever the IR left out.
///
/// ```swift
/// let evaluator = try JSONSchemaEvaluator(document: #"{"oneOf":[{"minimum":0},{"maximum":10}]}"#)
/// try evaluator.violations(of: 5)     // [#: 5 matches 2 of the oneOf schemas; exactly one is required]
/// try evaluator.violations(of: 50)    // []
/// ```
///
/// Evaluation is bounded by ``Budget``: a document that refers to itself without end, or an
/// instance whose check would take more steps than the budget, is a
/// ``JSONSchemaEvaluationError``, never a hang or a crash.
public struct JSONSchemaEvaluator: Sendable {
    /// The work one evaluation may do.
    public struct Budget: Sendable, Hashable {
        /// Subschema applications in one call of ``violations(of:)``.
        public var steps: Int
        /// How deep subschemas (and `$ref`s) may nest while one value is judged.
        public var depth: Int

        public init(steps: Int = 2_000_000, depth: Int = 512) {
            self.steps = steps
            self.depth = depth
        }
    }

    public let document: GeneratedContent
    public var budget: Budget
    let resources: SchemaResources

    /// Indexes the document's `$id`s and `$anchor`s, so references resolve in constant time.
    /// Throws when the document is not a schema (neither an object nor a boolean).
    public init(document: GeneratedContent, budget: Budget = Budget()) throws(JSONSchemaEvaluationError) {
        self.document = document
        self.budget = budget
        self.resources = try SchemaResources(document: document, depthLimit: budget.depth)
    }

    /// Parses `text` as JSON and indexes it as a schema.
    public init(document text: String, budget: Budget = Budget()) throws(JSONSchemaEvaluationError) {
        let document: GeneratedContent
        do {
            document = try GeneratedContent(json: text)
        } catch {
            throw JSONSchemaEvaluationError(pointer: "#", message: "the schema is not valid JSON: \(error)")
        }
        try self.init(document: document, budget: budget)
    }

    /// Every way `instance` breaks the schema, with the JSON pointer of the offending value;
    /// empty when it is valid.
    ///
    /// Throws when the schema can't decide: a reference to a document it doesn't hold, a
    /// keyword it can't evaluate (`$dynamicRef`), or the budget spent.
    public func violations(of instance: GeneratedContent) throws(JSONSchemaEvaluationError) -> [Violation] {
        var pass = EvaluationPass(resources: resources, budget: budget)
        let outcome = try pass.evaluate(instance, against: document, schemaPointer: "#", base: resources.rootBase, at: "#", depth: 0)
        return outcome.violations
    }

    /// Judges `instance` against a subschema of the document (`subschema`, found at
    /// `schemaPointer`), counting steps in `steps` across calls: the reader spends one
    /// budget on every candidate value of a finite schema.
    func violations(
        of instance: GeneratedContent, against subschema: GeneratedContent, at schemaPointer: String, steps: inout Int
    ) throws(JSONSchemaEvaluationError) -> [Violation] {
        var pass = EvaluationPass(resources: resources, budget: budget, steps: steps)
        defer { steps = pass.steps }
        return try pass.evaluate(instance, against: subschema, schemaPointer: schemaPointer, base: resources.rootBase, at: "#", depth: 0).violations
    }

    /// Whether `instance` is valid; `false` when the schema can't decide.
    public func isValid(_ instance: GeneratedContent) -> Bool {
        (try? violations(of: instance))?.isEmpty ?? false
    }
}
