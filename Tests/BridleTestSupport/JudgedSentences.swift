import BridleGrammar
import BridleMask

/// A slow reference for the value rules over any small finite grammar: every sentence of
/// `grammar` (printable ASCII), kept when `judge` accepts it. The mask under `rules` must allow
/// a token exactly when its bytes extend the text to the start of a kept sentence (an end of
/// generation exactly when the text is one). ``ValidSentences`` judges by a JSON Schema
/// document; this takes any judge, for schemas built in Swift and text that is not one JSON
/// value (tool calls framed by text).
public struct JudgedSentences: Sendable {
    public let grammar: Grammar
    public let rules: ValueRules
    /// The sentences the judge accepts, sorted bytewise.
    public let sentences: [[UInt8]]
    /// How many sentences the grammar has, accepted or not.
    public let total: Int

    public init(grammar: Grammar, rules: ValueRules, judge: ([UInt8]) -> Bool) throws {
        self.grammar = grammar
        self.rules = rules
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
        enumerate(try GrammarMatcher(grammar))
        total = found.count
        sentences = found.filter(judge).sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// Whether some accepted sentence starts with `prefix`.
    public func extend(_ prefix: [UInt8]) -> Bool {
        var low = 0
        var high = sentences.count
        while low < high {
            let middle = (low + high) / 2
            if sentences[middle].lexicographicallyPrecedes(prefix) { low = middle + 1 } else { high = middle }
        }
        return low < sentences.count && sentences[low].starts(with: prefix)
    }

    public func contains(_ sentence: [UInt8]) -> Bool {
        extend(sentence) && sentences.contains(sentence)
    }

    /// Where the guarded mask differs from this reference, at `positions` random prefixes of
    /// accepted sentences (plus the empty one); also where a search ran out of budget, and
    /// where asking token by token disagrees with the whole mask.
    public func maskDisagreements(vocabulary: TokenVocabulary, positions: Int, seed: UInt64) throws -> [String] {
        var random = SplitMix64(seed: seed)
        var disagreements: [String] = []
        for round in 0...positions {
            let sentence = sentences[Int(random.next() % UInt64(sentences.count))]
            let prefix = round == 0 ? [] : Array(sentence[..<Int(random.next() % UInt64(sentence.count + 1))])
            let text = String(decoding: prefix, as: UTF8.self)
            var matcher = try GrammarMatcher(grammar)
            guard matcher.accept(bytes: prefix) == nil, var valueGuard = ValueGuard(rules: rules) else {
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
                let missing = Set(expected).subtracting(mask.tokens).sorted().prefix(5).map { String(decoding: vocabulary.bytes(of: $0), as: UTF8.self) }
                let extra = Set(mask.tokens).subtracting(expected).sorted().prefix(5).map { String(decoding: vocabulary.bytes(of: $0), as: UTF8.self) }
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
