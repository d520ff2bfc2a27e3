import BridleGrammar
import BridleJSONSchema
import BridleMask
import BridleSchema

extension FuzzTargets {
    /// Schemas whose value rules the guard enforces while decoding: distinct elements of
    /// several kinds, relations between integers and between dates, nested rules.
    static let valueRuleSchemas: [String] = [
        #"{"type": "array", "items": {"type": "integer", "minimum": -20, "maximum": 20}, "uniqueItems": true, "maxItems": 5}"#,
        #"{"type": "array", "items": {"type": "string", "maxLength": 3}, "uniqueItems": true, "maxItems": 4}"#,
        #"{"type": "array", "items": {"type": "array", "items": {"type": "boolean"}, "maxItems": 2}, "uniqueItems": true, "maxItems": 4}"#,
        #"{"type": "object", "properties": {"from": {"type": "integer", "minimum": 1990, "maximum": 2030}, "to": {"type": "integer", "minimum": 1990, "maximum": 2030}}, "required": ["from", "to"], "x-bridle-relations": [{"property": "to", "atLeast": "from"}]}"#,
        #"{"type": "object", "properties": {"low": {"type": "integer", "maximum": 99}, "high": {"type": "integer", "maximum": 99}}, "required": ["low"], "x-bridle-relations": [{"property": "high", "greaterThan": "low"}]}"#,
        #"{"type": "object", "properties": {"start": {"type": "string", "format": "date"}, "end": {"type": "string", "format": "date"}}, "required": ["start", "end"], "x-bridle-relations": [{"property": "end", "after": "start"}]}"#,
        #"{"type": "object", "properties": {"rows": {"type": "array", "items": {"type": "object", "properties": {"a": {"type": "integer", "minimum": 0, "maximum": 9}, "b": {"type": "integer", "minimum": 0, "maximum": 9}}, "required": ["a", "b"], "x-bridle-relations": [{"property": "b", "atMost": "a"}]}, "uniqueItems": true, "maxItems": 3}}, "required": ["rows"]}"#,
    ]

    static let valueRuleConstraints: [(schema: GenerationSchema, compiled: CompiledGrammar)] = valueRuleSchemas.compactMap { text in
        guard let schema = try? GenerationSchema(jsonSchema: text), let compiled = try? schema.grammar(options: GrammarOptions(layout: .compact))
        else { return nil }
        return (schema, compiled)
    }

    /// The value guard over text the grammar admits: the first byte picks a schema with value
    /// rules and says whether the text is the input itself or a seeded sample of the grammar
    /// (which breaks the rules often); the rest is the text, or where to cut the sample into
    /// tokens. Every piece the grammar allows is offered to the guard, which either refuses it
    /// or moves past it. Invariant: a text the guard let through whole, complete under the
    /// grammar, with no search over budget, breaks none of the schema's rules.
    public static func valueRules(_ bytes: [UInt8]) {
        guard let first = bytes.first, !valueRuleConstraints.isEmpty else { return }
        let (schema, compiled) = valueRuleConstraints[Int(first) % valueRuleConstraints.count]
        let rest = Array(bytes.dropFirst().prefix(maximumInputLength))
        let text: [UInt8]
        var cuts: [Int] = []
        if first & 0x80 == 0 {
            text = rest
            cuts = rest.indices.filter { rest[$0] & 0x3 == 0 }.map { $0 + 1 }
        } else {
            guard let generator = try? SentenceGenerator(compiled.grammar, maximumDepth: 8, workBudget: 20_000) else { return }
            text = Array(generator.sample(seed: UInt64(rest.count) &* 0x9E37_79B9 &+ UInt64(rest.first ?? 0)).utf8)
            var position = 0
            for byte in rest where position < text.count {
                position += 1 + Int(byte % 5)
                cuts.append(min(position, text.count))
            }
        }
        cuts.append(text.count)
        guard var matcher = try? GrammarMatcher(compiled.grammar, workBudget: matchWorkBudget),
            var valueGuard = ValueGuard(rules: compiled.valueRules)
        else { return }
        let workspace = matcher.makeWorkspace()
        var start = 0
        for cut in cuts where cut > start {
            let piece = Array(text[start..<cut])
            var trial = matcher
            guard trial.accept(bytes: piece) == nil, !trial.hasExceededWorkBudget else { return }
            guard valueGuard.permits(piece, from: matcher, using: workspace) else { return }
            valueGuard.advance(piece)
            matcher = trial
            start = cut
        }
        guard start == text.count, matcher.isComplete, valueGuard.searchesOverBudget == 0,
            let content = try? GeneratedContent(json: String(decoding: text, as: UTF8.self))
        else { return }
        let broken = schema.violations(of: content)
        invariant(broken.isEmpty, "the value guard let through \(String(decoding: text, as: UTF8.self)), which breaks \(broken)")
    }
}
