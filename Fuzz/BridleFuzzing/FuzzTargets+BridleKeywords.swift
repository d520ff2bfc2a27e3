import BridleGrammar
import BridleJSONSchema
import BridleSchema

extension FuzzTargets {
    /// Bridle's own keywords from a stranger: the input is the value of `x-bridle-relations`
    /// (first byte even) or of `x-bridle-relativeDates` (odd) in a schema that is otherwise
    /// fine. Reading either answers or throws; a schema that compiles samples sentences its
    /// matcher accepts, and the validator judges a sample without trapping.
    public static func bridleKeywords(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        let value = text(bytes.dropFirst())
        let document = first & 1 == 0
            ? #"{"type": "object", "properties": {"a": {"type": "integer", "maximum": 50}, "b": {"type": "integer"}, "c": {"type": "string", "format": "date"}, "d": {"type": "string", "format": "date-time"}}, "required": ["a"], "x-bridle-relations": "# + value + "}"
            : #"{"type": "object", "properties": {"when": {"type": "string", "format": "date-time", "x-bridle-relativeDates": "# + value + #"}, "day": {"type": "string", "format": "date", "x-bridle-relativeDates": "# + value + "}}}"
        guard let schema = try? GenerationSchema(jsonSchema: document) else { return }
        _ = schema.jsonSchemaString(prettyPrinted: false)
        guard let compiled = try? schema.grammar(options: fuzzOptions) else { return }
        checkCompiled(compiled.grammar, gbnf: compiled.gbnf, seed: UInt64(bytes.count))
        _ = ValueRules(schema)
        if let generator = try? SentenceGenerator(compiled.grammar, maximumDepth: 8, workBudget: 20_000),
            let content = try? GeneratedContent(json: generator.sample(seed: UInt64(first)))
        {
            _ = schema.violations(of: content)
        }
    }
}
