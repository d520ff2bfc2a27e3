import BridleJSONSchema
import BridleGrammar
import BridleMask
import BridleSchema

/// The slow reference for value rules: every sentence of a small finite language that the
/// grammar admits and the schema's validator accepts, so that "some valid completion starts
/// with these bytes" is a lookup.
public struct ValidSentences: Sendable {
    public let schema: GenerationSchema
    public let compiled: CompiledGrammar
    /// Sorted bytewise.
    public let sentences: [[UInt8]]

    /// Enumerates `schema`'s grammar (compact layout, printable ASCII) and keeps what the
    /// validator accepts.
    public init(jsonSchema: String) throws {
        schema = try GenerationSchema(jsonSchema: GeneratedContent(json: jsonSchema))
        var options = GrammarOptions()
        options.layout = .compact
        compiled = try schema.grammar(options: options)
        var found: [[UInt8]] = []
        var path: [UInt8] = []
        func enumerate(_ matcher: GrammarMatcher) {
            if matcher.isComplete { found.append(path) }
            for byte in UInt8(0x20)...UInt8(0x7E) {
                var next = matcher
                guard next.accept(byte) else { continue }
                path.append(byte)
                enumerate(next)
                path.removeLast()
            }
        }
        enumerate(try GrammarMatcher(compiled.grammar))
        let schema = schema
        sentences = found.filter { sentence in
            guard let content = try? GeneratedContent(json: String(decoding: sentence, as: UTF8.self)) else { return false }
            return schema.violations(of: content).isEmpty
        }.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// Whether some valid sentence starts with `prefix`.
    public func extend(_ prefix: [UInt8]) -> Bool {
        var low = 0
        var high = sentences.count
        while low < high {
            let middle = (low + high) / 2
            if sentences[middle].lexicographicallyPrecedes(prefix) { low = middle + 1 } else { high = middle }
        }
        return low < sentences.count && sentences[low].starts(with: prefix)
    }

    /// Whether `sentence` is valid and whole.
    public func contains(_ sentence: [UInt8]) -> Bool {
        extend(sentence) && sentences.contains(sentence)
    }

    /// Where the mask (the grammar's, narrowed by the value rules) differs from this reference:
    /// at `positions` random prefixes of valid sentences, every token of `vocabulary` is
    /// allowed iff its bytes extend the prefix to the start of a valid sentence. Also checks
    /// that no search ran out of budget and that asking token by token agrees.
    public func maskDisagreements(vocabulary: TokenVocabulary, positions: Int, seed: UInt64) throws -> [String] {
        var random = SplitMix64(seed: seed)
        var disagreements: [String] = []
        for _ in 0..<positions {
            let sentence = sentences[Int(random.next() % UInt64(sentences.count))]
            let prefix = Array(sentence[..<Int(random.next() % UInt64(sentence.count + 1))])
            let text = String(decoding: prefix, as: UTF8.self)
            var matcher = try GrammarMatcher(compiled.grammar)
            guard matcher.accept(bytes: prefix) == nil, var valueGuard = ValueGuard(rules: compiled.valueRules) else {
                disagreements.append("after \(text): no grammar position or no rules")
                continue
            }
            valueGuard.advance(prefix)
            var single = valueGuard
            var masker = TokenMasker(matcher, vocabulary: vocabulary)
            var mask = masker.mask()
            valueGuard.restrict(&mask, vocabulary: vocabulary, from: matcher, using: matcher.makeWorkspace())
            let expected = (0..<Int32(vocabulary.count)).filter { token in
                switch vocabulary.kind(of: token) {
                case .excluded: false
                case .endOfGeneration: contains(prefix)
                case .text: extend(prefix + vocabulary.bytes(of: token))
                }
            }
            if mask.tokens != expected {
                let missing = Set(expected).subtracting(mask.tokens).sorted().prefix(5)
                let extra = Set(mask.tokens).subtracting(expected).sorted().prefix(5)
                disagreements.append("after \(text): allowed but invalid \(Array(extra)), valid but refused \(Array(missing))")
            }
            if valueGuard.searchesOverBudget > 0 { disagreements.append("after \(text): \(valueGuard.searchesOverBudget) searches ran out of budget") }
            for token in mask.tokens.prefix(64) where vocabulary.kind(of: token) == .text
                && !single.permits(vocabulary.bytes(of: token), from: matcher) {
                disagreements.append("after \(text): token \(token) is in the mask but refused on its own")
            }
        }
        return disagreements
    }
}
