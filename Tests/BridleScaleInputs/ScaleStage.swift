import BridleGrammar
import BridleJSONSchema
import BridleMask
import BridleSchema
import Foundation

/// One stage of Bridle's work on an input: what the harness times and weighs.
public enum ScaleStage: String, CaseIterable, Sendable {
    case `import`, compile, print, parse, lint, match, sample, vocabulary, mask, decode

    /// Steps of ``mask`` and ``decode`` at most: enough to see a cost that grows with the
    /// answer (each element checked against every earlier one), short enough for 10⁵.
    public static let stepLimit = 50_000
}

/// What a stage needs, built before the clock starts: each stage's own input is the previous
/// stage's output, so only the stage itself is measured.
public struct ScaleInput {
    public let dimension: ScaleDimension
    public let size: Int

    public init(dimension: ScaleDimension, size: Int) {
        self.dimension = dimension
        self.size = size
    }

    /// Runs everything before `stage`, then `stage` under `measure`, which times it.
    public func run(_ stage: ScaleStage, measure: (() throws -> Void) throws -> Void) throws {
        if let document = dimension.schema(size) {
            let json = try GeneratedContent(json: document)
            if stage == .import { return try measure { _ = try GenerationSchema(jsonSchema: json) } }
            let schema = try GenerationSchema(jsonSchema: json)
            if stage == .compile { return try measure { _ = try schema.grammar() } }
            let compiled = try schema.grammar()
            try run(stage, grammar: compiled.grammar, gbnf: compiled.gbnf, valueRules: compiled.valueRules, guide: guide(for: compiled.grammar), measure: measure)
        } else if let gbnf = dimension.gbnf(size) {
            if stage == .parse { return try measure { _ = try Grammar(gbnf: gbnf) } }
            let grammar = try Grammar(gbnf: gbnf)
            if let input = dimension.input(size) {
                return try measure {
                    guard try GrammarMatcher.matches(grammar, input) else { throw ScaleFailure("the input does not match") }
                }
            }
            try run(stage, grammar: grammar, gbnf: gbnf, valueRules: .none, guide: guide(for: grammar), measure: measure)
        } else {
            // The vocabulary dimension: a fixed, ordinary schema over a growing vocabulary.
            let json = try GeneratedContent(json: """
                {"type": "object", "properties": {"name": {"type": "string", "maxLength": 40}, "count": {"type": "integer"},
                 "kind": {"enum": ["first", "second", "third"]}, "tags": {"type": "array", "items": {"type": "string"}, "maxItems": 4}},
                 "required": ["name", "count", "kind", "tags"]}
                """)
            let compiled = try GenerationSchema(jsonSchema: json).grammar()
            let words = ScaleVocabulary.words(size)
            if stage == .vocabulary { return try measure { _ = ScaleVocabulary(words: words) } }
            try run(stage, grammar: compiled.grammar, gbnf: compiled.gbnf, valueRules: .none,
                    guide: guide(for: compiled.grammar), vocabulary: ScaleVocabulary(words: words), measure: measure)
        }
    }

    private func run(
        _ stage: ScaleStage, grammar: Grammar, gbnf: String, valueRules: ValueRules, guide: String,
        vocabulary: ScaleVocabulary = .standard,
        measure: (() throws -> Void) throws -> Void
    ) throws {
        switch stage {
        case .import, .compile, .vocabulary:
            throw ScaleFailure("\(stage) does not apply to \(dimension.rawValue)")
        case .print:
            try measure { _ = try GBNFPrinter().print(grammar) }
        case .parse:
            try measure { _ = try Grammar(gbnf: gbnf) }
        case .lint:
            try measure { _ = grammar.lint() }
        case .match:
            try measure {
                guard try GrammarMatcher.matches(grammar, guide) else { throw ScaleFailure("the grammar's own sample does not match") }
            }
        case .sample:
            try measure { _ = try SentenceGenerator(grammar).sample(seed: 1) }
        case .mask:
            let tokens = vocabulary.tokenize(guide)
            try measure {
                var masker = try TokenMasker(grammar, vocabulary: vocabulary.tokens)
                for token in tokens.prefix(ScaleStage.stepLimit) {
                    _ = masker.mask()
                    guard masker.accept(token) else { throw ScaleFailure("the guide's token \(token) was refused") }
                }
            }
        case .decode:
            let tokens = vocabulary.tokenize(guide)
            try measure { try decode(grammar, valueRules: valueRules, vocabulary: vocabulary, following: tokens) }
        }
    }

    /// The constraint's work for an answer: each step's logits favour the guide's next token,
    /// the constraint answers greedy's candidates (the mask, narrowed by the value rules) and
    /// commits the likeliest.
    private func decode(_ grammar: Grammar, valueRules: ValueRules, vocabulary: ScaleVocabulary, following tokens: [Int32]) throws {
        let constraint = MaskedConstraint(masker: try TokenMasker(grammar, vocabulary: vocabulary.tokens), valueRules: valueRules)
        let candidates = CandidateBuffer()
        var logits = [Float](repeating: 0, count: vocabulary.tokens.count)
        for index in logits.indices { logits[index] = Float(index % 97) / 97 }
        for token in tokens.prefix(ScaleStage.stepLimit) {
            let saved = logits[Int(token)]
            logits[Int(token)] = 10
            logits.withUnsafeBufferPointer { candidates.load($0) }
            logits[Int(token)] = saved
            // Greedy: the likeliest allowed token is the choice.
            guard case .mostLikely(let kept) = constraint.candidates(.mostLikely(1), from: candidates.row), let chosen = kept.first,
                constraint.commit(chosen, healingWith: nil) != nil
            else { throw ScaleFailure("the constraint allowed no token") }
            guard chosen == token else { throw ScaleFailure("the decode left the guide (token \(chosen) for \(token))") }
        }
    }

    /// A sentence the grammar accepts: the seeded sample, or, for distinct items, the
    /// integers 0, 1, 2, … or the strings "item 0", "item 1", … (a sample may repeat one,
    /// which the value rules refuse).
    private func guide(for grammar: Grammar) throws -> String {
        if dimension == .uniqueItems { return "[" + (0..<size).map(String.init).joined(separator: ", ") + "]" }
        if dimension == .uniqueStrings { return "[" + (0..<size).map { "\"item \($0)\"" }.joined(separator: ", ") + "]" }
        return try SentenceGenerator(grammar).sample(seed: 1)
    }
}

public struct ScaleFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
