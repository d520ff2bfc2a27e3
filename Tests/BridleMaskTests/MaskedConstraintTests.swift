import BridleGrammar
import BridleMask
import BridleTestSupport
import Foundation
import Testing

/// The masked constraint with synthetic logits and vocabularies, no model: what each sampling
/// filter is shown is exactly what the whole mask leaves, the distribution inside the mask is
/// the model's, and the tokens the grammar forces are split as the tokenizer splits them.
struct MaskedConstraintTests {
    static let filters: [ReferenceFilter] = [.greedy, .topK(5), .topP(0.9), .none]

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
                let constraint = MaskedConstraint(masker: TokenMasker(matcher, vocabulary: vocabulary))
                let buffer = CandidateBuffer()
                logits.withUnsafeBufferPointer { buffer.load($0) }
                let drawn = try #require(buffer.narrow(to: constraint.candidates(filter.selection, from: buffer.row)), "\(filter) \(context)")
                let seen = Dictionary(uniqueKeysWithValues: drawn.filter { $0.logit > -Float.infinity }.map { ($0.id, $0.logit) })
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
                let choice = logits.withUnsafeBufferPointer { ReferenceLoop.choose(constraint, logits: $0, filter: filter, draw: ReferenceDraw.highest) }
                #expect(choice?.token == ranked.first, "\(filter) \(context)")
                #expect(choice.flatMap { constraint.commit($0.token, healingWith: nil) } != nil)
            }
        }
    }

    /// Three allowed tokens among more likely forbidden ones: over many seeded draws, each
    /// filter's choices follow the masked distribution p(t) / p(allowed) (a χ² test with two
    /// degrees of freedom, well under its 0.1% point 13.8). Draw-first is refused often and
    /// screens after four refusals, and still comes out right.
    @Test(arguments: [ReferenceFilter.none, .topK(3), .topP(1 - 1e-6)])
    func choicesFollowTheMaskedDistribution(_ filter: ReferenceFilter) throws {
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
            let constraint = MaskedConstraint(masker: masker)
            let choice = try #require(logits.withUnsafeBufferPointer { logits in
                ReferenceLoop.choose(constraint, logits: logits, filter: filter) { ReferenceDraw.sample($0, filter: filter, using: &random) }
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

    /// Where the grammar forces bytes, they are split by the tokenizer; the last token is left
    /// to the model unless the forced text ends the output.
    @Test func forcedTextIsSplitByTheTokenizerAndItsLastTokenLeftOpen() throws {
        let pieces = ["{", "\"", "{\"", "name", "\":", " ", " \"", "a", "b", "\"}", "}", ":"]
        let tokens = pieces.map { Array($0.utf8) } + [[]]
        let kinds = tokens.indices.map { $0 == tokens.count - 1 ? TokenVocabulary.Kind.endOfGeneration : .text }
        let vocabulary = TokenVocabulary(tokens: tokens, kinds: kinds)
        let tokenize = { (bytes: [UInt8]) in ReferenceTokenizer.longestMatch(bytes, pieces: tokens) }
        let grammar = try Grammar(gbnf: #"root ::= "{\"name\": \"" [ab] "\"}""#)
        let constraint = MaskedConstraint(masker: try TokenMasker(grammar, vocabulary: vocabulary))
        let id = { (piece: String) in Int32(try #require(pieces.firstIndex(of: piece))) }
        // `{"name": "` splits as {" name ": ␠" — the last may grow into a longer token.
        #expect(constraint.forcedTokens(tokenize: tokenize) == [try id("{\""), try id("name"), try id("\":")])
        for piece in ["{\"", "name", "\":", " \""] { #expect(constraint.commit(try id(piece), healingWith: nil) != nil) }
        #expect(constraint.forcedTokens(tokenize: tokenize).isEmpty, "a or b: a choice")
        #expect(constraint.commit(try id("a"), healingWith: nil) != nil)
        // `"}` ends the output: nothing can follow, so it is forced whole.
        #expect(constraint.forcedTokens(tokenize: tokenize) == [try id("\"}")])
        #expect(constraint.commit(try id("}"), healingWith: nil) == nil)
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
        func inValue() throws -> MaskedConstraint {
            let constraint = MaskedConstraint(masker: try TokenMasker(grammar, vocabulary: vocabulary))
            #expect(constraint.commit(try id("{\"a\": \""), healingWith: nil) != nil)
            return constraint
        }
        // `com` can only be `complete"}`, to the end: split together, nothing left open.
        let healed = try inValue()
        #expect(healed.commit(try id("com"), healingWith: tokenize) == Commit(tokens: [try id("complete"), try id("\"}")], healed: true))
        #expect(healed.commit(try id("z"), healingWith: nil) == nil, "the constraint moved past the whole split")
        #expect(healed.commit(Int32(pieces.count), healingWith: nil) == Commit(tokens: [Int32(pieces.count)], stop: true), "and may end there")
        // Without a tokenizer (no fast-forward), the sampled token stands alone.
        let alone = try inValue()
        #expect(alone.commit(try id("com"), healingWith: nil) == Commit(tokens: [try id("com")]))
        #expect(alone.commit(try id("plete"), healingWith: nil) != nil)
        // `complete` is the tokenizer's first token anyway.
        #expect(try inValue().commit(try id("complete"), healingWith: tokenize) == Commit(tokens: [try id("complete")]))
        // After `co` comes a choice (`z` or the end): nothing forced, nothing to heal.
        let open = try inValue()
        #expect(open.commit(try id("co"), healingWith: tokenize) == Commit(tokens: [try id("co")]))
        #expect(open.commit(try id("z"), healingWith: nil) != nil)
        // A token the grammar refuses moves nothing.
        let refused = try inValue()
        #expect(refused.commit(try id("}"), healingWith: tokenize) == nil)
        #expect(refused.commit(try id("co"), healingWith: nil) != nil)
    }

    /// Where nothing is allowed, every selection answers so, and the buffer gives a draw nothing
    /// (a sampler must never see only −∞).
    @Test func whenNothingIsAllowedNoDrawHappens() throws {
        let vocabulary = TokenVocabulary(tokens: [Array("a".utf8)], kinds: [.text])
        var masker = try TokenMasker(try Grammar(gbnf: #"root ::= "a""#), vocabulary: vocabulary)
        let accepted = masker.accept(0)
        #expect(accepted)
        let buffer = CandidateBuffer()
        [Float(1)].withUnsafeBufferPointer { buffer.load($0) }
        for selection in [CandidateSelection.mostLikely(1), .mostLikely(5), .allowed] {
            let answer = MaskedConstraint(masker: masker).candidates(selection, from: buffer.row)
            guard case .none = answer else {
                Issue.record("\(selection): \(answer)")
                continue
            }
            #expect(buffer.narrow(to: answer) == nil)
        }
    }

    /// The selections a logits transform asks for: only allowed candidates, and enough of them.
    @Test(arguments: [
        (CandidateSelection.mostLikely(1), CandidateSelection.mostLikely(32)), (.mostLikely(40), .mostLikely(40)),
        (.allowed, .allowed), (.drawFirst, .allowed),
    ])
    func aTransformThatComparesCandidatesSeesOnlyAllowedOnes(_ selection: CandidateSelection, _ expected: CandidateSelection) {
        #expect(selection.checked(atLeast: 32) == expected)
        #expect(selection.after(refused: CandidateSelection.refusalsBeforeScreening) == .allowed)
        #expect(selection.after(refused: CandidateSelection.refusalsBeforeScreening - 1) == selection)
    }
}

/// The sampling filters the tests draw after, and what each needs of a constraint.
enum ReferenceFilter: Hashable, CustomStringConvertible {
    case greedy
    case topK(Int)
    case topP(Double)
    case none

    var selection: CandidateSelection {
        switch self {
        case .greedy: .mostLikely(1)
        case .topK(let k): .mostLikely(k)
        case .topP: .allowed
        case .none: .drawFirst
        }
    }

    var description: String {
        switch self {
        case .greedy: "greedy"
        case .topK(let k): "top-\(k)"
        case .topP(let p): "top-p \(p)"
        case .none: "draw first"
        }
    }
}

/// The decoding loop's choice as a backend runs it (BridleLlama's `TokenChoice`), with a test's
/// draw: candidates → draw → check, again without each refused token.
enum ReferenceLoop {
    static func choose(
        _ constraint: some TokenConstraint, logits: UnsafeBufferPointer<Float>, filter: ReferenceFilter,
        draw: (UnsafeMutableBufferPointer<TokenCandidate>) -> Int?
    ) -> (token: Int32, refused: Int)? {
        let buffer = CandidateBuffer()
        buffer.load(logits)
        var refused = 0
        while true {
            guard let drawn = buffer.narrow(to: constraint.candidates(filter.selection.after(refused: refused), from: buffer.row)),
                let index = draw(drawn), drawn[index].logit > -Float.infinity
            else { return nil }
            let token = drawn[index].id
            if constraint.allows(token) { return (token, refused) }
            refused += 1
            buffer.refuse(token)
        }
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
    static func sample(_ candidates: UnsafeMutableBufferPointer<TokenCandidate>, filter: ReferenceFilter, using random: inout SplitMix64) -> Int? {
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
