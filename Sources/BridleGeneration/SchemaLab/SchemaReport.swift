import BridleSchema

/// What a schema did under a model over many fixed seeds: whether the answers were valid, how
/// they vary, which branches of the schema they took, and where the constraint had to overrule
/// the model (``PathPressure``). Made by ``LanguageModel/testSchema(_:prompt:seeds:instructions:includeSchemaInPrompt:options:)``
/// (or, without a model, ``GenerationSchema/testGrammar(seeds:options:)``); `bridle test`
/// prints it, as JSON (`--json`, this type's `Codable` form) or as a page (`--report`,
/// ``html``).
///
/// ```swift
/// let report = try await model.testSchema(Films.Arguments.generationSchema, prompt: "Dramas from the fifties", seeds: 0..<32)
/// #expect(report.totals.validAtFirstAttempt == 32)
/// #expect(report.totals.highestPathPressure < 0.5)
/// ```
public struct SchemaReport: Sendable, Hashable, Codable {
    public var settings: Settings
    public var totals: Totals
    /// Every value the answers hold, by JSON pointer, in the order they first appear.
    public var paths: [PathReport]
    /// Every branch of the schema an answer could take, and how many answers took it.
    public var coverage: [CoverageBranch]
    /// Each seed's answer, in seed order.
    public var answers: [SeededAnswerReport]
    /// The constraint's pressure at the answers' ends (``AnswerPressure/end``), kept apart from
    /// the values; `nil` without a model.
    public var end: PressureSummary?

    /// What the report was made with: enough to make it again.
    public struct Settings: Sendable, Hashable, Codable {
        /// The model's file name (`nil` for the grammar alone).
        public var model: String?
        public var prompt: String?
        public var instructions: String?
        /// The seeds, in order.
        public var seeds: [UInt64]
        /// The sampling strategy, as `bridle generate`'s flags would write it.
        public var sampling: String
        public var temperature: Double?
        /// Request emphasis's weight, when on.
        public var emphasis: Double?
        /// The whitespace the grammar allows (``JSONLayout``).
        public var layout: String
        /// Whether the schema was shown to the model in its instructions.
        public var schemaInPrompt: Bool
        /// The schema, as JSON Schema; under a GBNF grammar, the grammar's text as a string.
        public var schema: GeneratedContent

        public init(
            model: String?, prompt: String?, instructions: String?, seeds: [UInt64], sampling: String, temperature: Double?,
            emphasis: Double?, layout: String, schemaInPrompt: Bool, schema: GeneratedContent
        ) {
            self.model = model
            self.prompt = prompt
            self.instructions = instructions
            self.seeds = seeds
            self.sampling = sampling
            self.temperature = temperature
            self.emphasis = emphasis
            self.layout = layout
            self.schemaInPrompt = schemaInPrompt
            self.schema = schema
        }
    }

    /// Counts over all seeds.
    public struct Totals: Sendable, Hashable, Codable {
        public var seeds: Int
        /// Seeds whose first answer passed every check.
        public var validAtFirstAttempt: Int
        /// Seeds whose answer passed only after being generated again.
        public var validAfterRetries: Int
        /// Seeds that gave no answer.
        public var failed: Int
        /// Answers generated again, over all seeds.
        public var retries: Int
        /// Different answers among those given (compared as JSON values).
        public var distinctAnswers: Int
        /// Mean removed probability over every measured token of the values (the answers' ends
        /// left out); 0 without a model.
        public var meanPressure: Double
        /// The highest mean pressure of any path: what `--max-pressure` checks.
        public var highestPathPressure: Double
        /// Branches of ``SchemaReport/coverage`` no answer took.
        public var branchesNeverTaken: Int
    }

    /// Seeds whose first answer was valid, as a share of all seeds: what `--min-valid` checks.
    public var validShare: Double {
        totals.seeds > 0 ? Double(totals.validAtFirstAttempt) / Double(totals.seeds) : 0
    }

    /// Distinct answers as a share of the answers given: what `--min-distinct` checks.
    public var distinctShare: Double {
        let answered = totals.seeds - totals.failed
        return answered > 0 ? Double(totals.distinctAnswers) / Double(answered) : 0
    }
}

/// One value of the answers, by JSON pointer (`#/keywords/2`).
public struct PathReport: Sendable, Hashable, Codable {
    public var path: String
    /// The constraint's pressure on it over every answer; `nil` without a model.
    public var pressure: PressureSummary?
    public var values: ValueDistribution
}

/// One branch of the schema an answer could take: an `anyOf`/`oneOf` alternative, an optional
/// property, or an enumeration's value.
public struct CoverageBranch: Sendable, Hashable, Codable {
    /// Where the branch is in the schema, as a JSON pointer into its JSON Schema form
    /// (`#/properties/kind/anyOf/1`, `#/$defs/Genre`).
    public var schemaPath: String
    public var kind: Kind
    /// The alternative's index, the property's name, or the value as JSON.
    public var label: String
    /// Answers that took it (each counted once, however often it took it).
    public var answers: Int

    public enum Kind: String, Sendable, Hashable, Codable {
        case alternative, optionalProperty, enumValue
    }
}

/// One seed's outcome in a ``SchemaReport``.
public struct SeededAnswerReport: Sendable, Hashable, Codable {
    public var seed: UInt64
    /// The answer as generated; `nil` when the seed gave none.
    public var text: String?
    /// Why the seed gave no answer.
    public var error: String?
    /// Answers generated again before this one.
    public var retries: Int
    /// The mean removed probability over its values' measured tokens (0 when none was measured).
    public var meanPressure: Double
}
