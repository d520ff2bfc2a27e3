import BridleJSONSchema
import BridleGrammar
import BridleMask
import BridleSchema

/// The slow reference for value rules: every sentence of a small finite language that the
/// grammar admits and the schema's validator accepts (``JudgedSentences`` with the validator
/// as the judge), so that "some valid completion starts with these bytes" is a lookup.
public struct ValidSentences: Sendable {
    public let schema: GenerationSchema
    public let compiled: CompiledGrammar
    private let judged: JudgedSentences

    /// Sorted bytewise.
    public var sentences: [[UInt8]] { judged.sentences }

    /// Enumerates `schema`'s grammar (compact layout, printable ASCII) and keeps what the
    /// validator accepts.
    public init(jsonSchema: String) throws {
        let schema = try GenerationSchema(jsonSchema: GeneratedContent(json: jsonSchema))
        var options = GrammarOptions()
        options.layout = .compact
        let compiled = try schema.grammar(options: options)
        judged = try JudgedSentences(grammar: compiled.grammar, rules: compiled.valueRules) { sentence in
            guard let content = try? GeneratedContent(json: String(decoding: sentence, as: UTF8.self)) else { return false }
            return schema.violations(of: content).isEmpty
        }
        self.schema = schema
        self.compiled = compiled
    }

    /// Whether some valid sentence starts with `prefix`.
    public func extend(_ prefix: [UInt8]) -> Bool { judged.extend(prefix) }

    /// Whether `sentence` is valid and whole.
    public func contains(_ sentence: [UInt8]) -> Bool { judged.contains(sentence) }

    /// Where the mask (the grammar's, narrowed by the value rules) differs from this reference
    /// (``JudgedSentences/maskDisagreements(vocabulary:positions:seed:)``).
    public func maskDisagreements(vocabulary: TokenVocabulary, positions: Int, seed: UInt64) throws -> [String] {
        try judged.maskDisagreements(vocabulary: vocabulary, positions: positions, seed: seed)
    }
}
