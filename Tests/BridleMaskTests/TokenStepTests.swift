import BridleGrammar
import BridleMask
import BridleTestSupport
import Foundation
import Testing

/// The token step with synthetic logits and vocabularies, no model: what each sampling filter
/// is shown is exactly what the whole mask leaves, the distribution inside the mask is the
/// model's, and the tokens the grammar forces are split as the tokenizer splits them.
struct TokenStepTests {
    static let filters: [TokenStep.Filter] = [.greedy, .topK(5), .topP(0.9), .none]

    /// Seeded logits for every token of `vocabulary`.
    static func logits(count: Int, seed: UInt64) -> [Float] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in Float(random.next() % 10_000) / 1000 }
    }

    /// At random reachable positions of every fixture grammar: greedy and top-k are shown only
    /// allowed tokens, the k most likely of them first, top-p every allowed token, with their logits
    /// unchanged; draw-first is shown everything, and the token it ends with is the most likely
    /// allowed one (the draw here takes the highest logit). The brute-force mask decides.
    @Test(arguments: MaskFixtures.schemaGrammars.map(\.name))
    func eachFilterSeesExactlyWhatTheWholeMaskLeaves(_ name: String) throws {
        let grammar = try #require(MaskFixtures.schemaGrammars.first { $0.name == name }).grammar
        let vocabulary = MaskFixtures.vocabulary32k
        for (index, (prefix, matcher)) in try MaskFixtures.reachablePositions(of: grammar, count: 6, seed: 17).enumerated() {
            let allowed = MaskFixtures.bruteForceMask(at: matcher, vocabulary: vocabulary)
            guard !allowed.isEmpty else { continue }
            let logits = Self.logits(count: vocabulary.count, seed: UInt64(index))
            let ranked = allowed.sorted { logits[Int($0)] > logits[Int($1)] || (logits[Int($0)] == logits[Int($1)] && $0 < $1) }
            let context = "after \(String(decoding: prefix, as: UTF8.self).debugDescription)"
            for filter in Self.filters {
                let step = TokenStep(masker: TokenMasker(matcher, vocabulary: vocabulary), filter: filter)
                var firstView: [Int32: Float]?
                let choice = logits.withUnsafeBufferPointer { logits in
                    step.choose(logits: logits) { candidates in
                        if firstView == nil {
                            firstView = Dictionary(uniqueKeysWithValues: candidates.filter { $0.logit > -Float.infinity }.map { ($0.id, $0.logit) })
                        }
                        return ReferenceDraw.highest(candidates)
                    }
                }
                let seen = try #require(firstView, "\(filter) \(context): the draw was never called")
                let expected: [Int32] = switch filter {
                case .greedy: Array(ranked.prefix(1))
                case .topK(let k): Array(ranked.prefix(k))
                case .topP: allowed
                case .none: Array(0..<Int32(vocabulary.count))
                }
                switch filter {
                case .greedy, .topK:
                    // The favourites, or (when too few are allowed among them) the whole mask:
                    // either way the filter then keeps exactly the k most likely allowed.
                    let kept = seen.keys.sorted { seen[$0]! > seen[$1]! || (seen[$0]! == seen[$1]! && $0 < $1) }.prefix(expected.count)
                    #expect(Set(seen.keys).isSubset(of: allowed), "\(filter) \(context)")
                    #expect(Array(kept) == expected, "\(filter) \(context)")
                case .topP, .none:
                    #expect(Set(seen.keys) == Set(expected), "\(filter) \(context)")
                }
                #expect(seen.allSatisfy { logits[Int($0.key)] == $0.value }, "\(filter) \(context): a logit changed")
                #expect(choice?.token == ranked.first, "\(filter) \(context)")
                #expect(choice.map { step.accept($0.token) } == true)
            }
        }
    }

    /// Three allowed tokens among more likely forbidden ones: over many seeded draws, each
    /// filter's choices follow the masked distribution p(t) / p(allowed) (a χ² test with two
    /// degrees of freedom, well under its 0.1% point 13.8). Draw-first is refused often and
    /// screens after four refusals, and still comes out right.
    @Test(arguments: [TokenStep.Filter.none, .topK(3), .topP(1 - 1e-6)])
    func choicesFollowTheMaskedDistribution(_ filter: TokenStep.Filter) throws {
        let tokens: [[UInt8]] = ["a", "b", "c", "x", "y", "z", "ab"].map { Array($0.utf8) } + [[]]
        let kinds = tokens.indices.map { $0 == tokens.count - 1 ? TokenVocabulary.Kind.endOfGeneration : .text }
        let vocabulary = TokenVocabulary(tokens: tokens, kinds: kinds)
        let logits: [Float] = [1, 0.5, 0, 3, 2.5, 2, 1.5, 2]
        let masker = try TokenMasker(try Grammar(gbnf: "root ::= [abc]"), vocabulary: vocabulary)
        var random = SplitMix64(seed: 42)
        var counts = [Int](repeating: 0, count: 3)
        var refusals = 0
        let draws = 6000
        for _ in 0..<draws {
            let step = TokenStep(masker: masker, filter: filter)
            let choice = try #require(logits.withUnsafeBufferPointer { logits in
                step.choose(logits: logits) { ReferenceDraw.sample($0, filter: filter, using: &random) }
            })
            counts[Int(choice.token)] += 1
            refusals += choice.refused
        }
        let weights: [Double] = logits[0..<3].map { exp(Double($0)) }
        let total: Double = weights.reduce(0, +)
        var chiSquared = 0.0
        for (count, weight) in zip(counts, weights) {
            let expected: Double = Double(draws) * weight / total
            let difference: Double = Double(count) - expected
            chiSquared += difference * difference / expected
        }
        #expect(chiSquared < 13.8, "\(filter): counts \(counts), χ² \(chiSquared)")
        #expect((filter == .none) == (refusals > 0), "only draw-first draws before it checks")
    }

    /// Request emphasis reweighs the allowed candidates by `γ·a + (1 − γ)·b`, after cutting
    /// those far less likely than the likeliest *allowed* one (x, disallowed, is likelier
    /// still, and must not move the cut). For every filter, with a draw that takes the highest.
    @Test(arguments: filters)
    func emphasisWeighsTheAllowedPlausibleCandidates(_ filter: TokenStep.Filter) throws {
        let tokens: [[UInt8]] = ["a", "b", "c", "x"].map { Array($0.utf8) } + [[]]
        let kinds = tokens.indices.map { $0 == tokens.count - 1 ? TokenVocabulary.Kind.endOfGeneration : .text }
        let masker = try TokenMasker(try Grammar(gbnf: "root ::= [abc]"), vocabulary: TokenVocabulary(tokens: tokens, kinds: kinds))
        let logits: [Float] = [5, 4, 1, 9, 0]
        let baseline: [Float] = [5, 1, 10, 0, 0]
        func choice(weight: Float, plausibility: Float) throws -> Int32 {
            let step = TokenStep(masker: masker, filter: filter)
            return try #require(logits.withUnsafeBufferPointer { logits in
                baseline.withUnsafeBufferPointer { baseline in
                    step.choose(logits: logits, emphasis: TokenStep.Emphasis(weight: weight, plausibility: plausibility, baseline: baseline)) { candidates in
                        candidates.indices.filter { candidates[$0].logit > -.infinity }.max { candidates[$0].logit < candidates[$1].logit }
                    }
                }
            }).token
        }
        // a 2·5 − 5 = 5, b 2·4 − 1 = 7; c (1, below 5 + ln 0.1) is cut.
        #expect(try choice(weight: 2, plausibility: 0.1) == 1, "\(filter)")
        // Without the cut: c 2·1 − 10 = −8, still b.
        #expect(try choice(weight: 2, plausibility: 0) == 1, "\(filter)")
        // γ = 0 is the baseline's choice: c without the cut, a (5 against b's 1) with it.
        #expect(try choice(weight: 0, plausibility: 0) == 2, "\(filter)")
        #expect(try choice(weight: 0, plausibility: 0.1) == 0, "\(filter)")
        // A cut of 1 leaves only the likeliest allowed candidate.
        #expect(try choice(weight: 0, plausibility: 1) == 0, "\(filter)")
    }

    /// Where the grammar forces bytes, they are split by the tokenizer; the last token is left
    /// to the model unless the forced text ends the output.
    @Test func forcedTextIsSplitByTheTokenizerAndItsLastTokenLeftOpen() throws {
        let pieces = ["{", "\"", "{\"", "name", "\":", " ", " \"", "a", "b", "\"}", "}", ":"]
        let tokens = pieces.map { Array($0.utf8) } + [[]]
        let kinds = tokens.indices.map { $0 == tokens.count - 1 ? TokenVocabulary.Kind.endOfGeneration : .text }
        let vocabulary = TokenVocabulary(tokens: tokens, kinds: kinds)
        let tokenize = { (bytes: [UInt8]) in ReferenceTokenizer.longestMatch(bytes, pieces: tokens) }
        let grammar = try Grammar(gbnf: #"root ::= "{\"name\": \"" [ab] "\"}""#)
        let step = TokenStep(masker: try TokenMasker(grammar, vocabulary: vocabulary), filter: .greedy)
        let id = { (piece: String) in Int32(try #require(pieces.firstIndex(of: piece))) }
        // `{"name": "` splits as {" name ": ␠" — the last may grow into a longer token.
        #expect(step.forcedTokens(tokenize: tokenize) == [try id("{\""), try id("name"), try id("\":")])
        for piece in ["{\"", "name", "\":", " \""] { #expect(step.accept(try id(piece))) }
        #expect(step.forcedTokens(tokenize: tokenize).isEmpty, "a or b: a choice")
        #expect(step.accept(try id("a")))
        // `"}` ends the output: nothing can follow, so it is forced whole.
        #expect(step.forcedTokens(tokenize: tokenize) == [try id("\"}")])
        #expect(!step.accept(try id("}")))
    }

    /// Token healing: a sampled token and the text forced after it are split together, as the
    /// tokenizer would (`com` + forced `plete"}` is `complete` `"}`); nothing changes where the
    /// tokenizer starts with the sampled token anyway or nothing is forced after it.
    @Test func aSampledTokenAndTheForcedTextAfterItAreSplitTogether() throws {
        let pieces = ["{\"a\": \"", "com", "plete", "complete", "co", "\"", "}", "\"}", "z"]
        let tokens = pieces.map { Array($0.utf8) } + [[]]
        let kinds = tokens.indices.map { $0 == tokens.count - 1 ? TokenVocabulary.Kind.endOfGeneration : .text }
        let vocabulary = TokenVocabulary(tokens: tokens, kinds: kinds)
        let tokenize = { (bytes: [UInt8]) in ReferenceTokenizer.longestMatch(bytes, pieces: tokens) }
        let grammar = try Grammar(gbnf: #"root ::= "{\"a\": \"" ("complete" | "co" "z"* ) "\"}""#)
        let id = { (piece: String) in Int32(try #require(pieces.firstIndex(of: piece))) }
        func stepInValue() throws -> TokenStep {
            let step = TokenStep(masker: try TokenMasker(grammar, vocabulary: vocabulary), filter: .greedy)
            #expect(step.accept(try id("{\"a\": \"")))
            return step
        }
        // `com` can only be `complete"}`, to the end: split together, nothing left open.
        let healed = try stepInValue()
        #expect(healed.accept(sampled: try id("com"), healingWith: tokenize) == [try id("complete"), try id("\"}")])
        #expect(!healed.accept(try id("z")), "the step moved past the whole split")
        #expect(healed.accept(Int32(pieces.count)), "and may end there")
        // Without a tokenizer (no fast-forward), the sampled token stands alone.
        let alone = try stepInValue()
        #expect(alone.accept(sampled: try id("com"), healingWith: nil) == [try id("com")])
        #expect(alone.accept(try id("plete")))
        // `complete` is the tokenizer's first token anyway.
        #expect(try stepInValue().accept(sampled: try id("complete"), healingWith: tokenize) == [try id("complete")])
        // After `co` comes a choice (`z` or the end): nothing forced, nothing to heal.
        let open = try stepInValue()
        #expect(open.accept(sampled: try id("co"), healingWith: tokenize) == [try id("co")])
        #expect(open.accept(try id("z")))
        // A token the grammar refuses moves nothing.
        let refused = try stepInValue()
        #expect(refused.accept(sampled: try id("}"), healingWith: tokenize) == nil)
        #expect(refused.accept(try id("co")))
    }

    @Test func whenNothingIsAllowedNoDrawHappens() throws {
        let vocabulary = TokenVocabulary(tokens: [Array("a".utf8)], kinds: [.text])
        var masker = try TokenMasker(try Grammar(gbnf: #"root ::= "a""#), vocabulary: vocabulary)
        let accepted = masker.accept(0)
        #expect(accepted)
        for filter in Self.filters where filter != .none {
            let step = TokenStep(masker: masker, filter: filter)
            var draws = 0
            let choice = [Float(1)].withUnsafeBufferPointer { logits in
                step.choose(logits: logits) { _ in draws += 1; return 0 }
            }
            #expect(choice == nil && draws == 0, "\(filter)")
        }
    }

    /// A backend's own grammar sampler chose; Bridle's strict matcher has the last word.
    @Test func aCheckedStepRefusesWhatItsMatcherRefuses() throws {
        let tokens: [[UInt8]] = [[0xC1, 0xA5], Array("é".utf8), []]
        let step = TokenStep(
            checking: try GrammarMatcher(try Grammar(gbnf: #"root ::= "é""#)), bytes: { tokens[Int($0)] },
            isEndOfGeneration: { $0 == 2 })
        let choice = [Float(5), 1, 3].withUnsafeBufferPointer { logits in
            step.choose(logits: logits) { ReferenceDraw.highest($0) }
        }
        #expect(choice?.token == 1 && choice?.refused == 2, "the overlong bytes, then the unfinished end")
        #expect(step.accept(1))
        #expect(step.accept(2))
        let forced = step.forcedTokens { _ in [0] }
        #expect(forced.isEmpty, "a checked step never forces")
    }
}

/// Draws for the tests, over candidates as a backend's sampler gets them.
enum ReferenceDraw {
    /// The index of the highest logit (ties: the first).
    static func highest(_ candidates: UnsafeMutableBufferPointer<TokenCandidate>) -> Int? {
        var best: Int?
        for index in candidates.indices where candidates[index].logit > -Float.infinity {
            if best.map({ candidates[index].logit > candidates[$0].logit }) ?? true { best = index }
        }
        return best
    }

    /// A seeded draw after the filter: top-k keeps the k highest, top-p the most likely
    /// tokens up to the threshold; then in proportion to exp(logit).
    static func sample(_ candidates: UnsafeMutableBufferPointer<TokenCandidate>, filter: TokenStep.Filter, using random: inout SplitMix64) -> Int? {
        var order = candidates.indices.filter { candidates[$0].logit > -Float.infinity }
        order.sort { candidates[$0].logit > candidates[$1].logit }
        let maximum = order.first.map { Double(candidates[$0].logit) } ?? 0
        var weights = order.map { exp(Double(candidates[$0].logit) - maximum) }
        switch filter {
        case .greedy:
            order = Array(order.prefix(1))
        case .topK(let k):
            order = Array(order.prefix(k))
        case .topP(let threshold):
            let total = weights.reduce(0, +)
            var sum = 0.0
            var kept = 0
            while kept < order.count, sum < threshold * total {
                sum += weights[kept]
                kept += 1
            }
            order = Array(order.prefix(kept))
        case .none:
            break
        }
        weights = Array(weights.prefix(order.count))
        guard !order.isEmpty else { return nil }
        let total: Double = weights.reduce(0, +)
        let unit = Double(random.next() >> 11) / 9_007_199_254_740_992
        var point = unit * total
        for (index, weight): (Int, Double) in zip(order, weights) {
            point -= weight
            if point < 0 { return index }
        }
        return order.last
    }
}

/// Greedy longest-match tokenization over a list of pieces: the way the fixtures' tokenizer
/// splits forced text.
enum ReferenceTokenizer {
    static func longestMatch(_ bytes: [UInt8], pieces: [[UInt8]]) -> [Int32]? {
        var tokens: [Int32] = []
        var offset = 0
        while offset < bytes.count {
            var best: (id: Int, length: Int)?
            for (id, piece) in pieces.enumerated() where !piece.isEmpty && piece.count > (best?.length ?? 0) {
                if bytes[offset...].starts(with: piece) { best = (id, piece.count) }
            }
            guard let best else { return nil }
            tokens.append(Int32(best.id))
            offset += best.length
        }
        return tokens
    }
}
