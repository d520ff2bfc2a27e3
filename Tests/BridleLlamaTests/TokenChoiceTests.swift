import BridleGeneration
import BridleGrammar
@testable import BridleLlama
import BridleMask
import BridleTestSupport
import Testing

/// One token's choice, one way: the constraint's candidates, request emphasis over them, then
/// llama.cpp's own sampler chain (real, no model needed) and the constraint's check.
struct TokenChoiceTests {
    /// a, b, c allowed; x, likelier than all, forbidden; then the end token.
    static let vocabulary = TokenVocabulary(
        tokens: ["a", "b", "c", "x"].map { Array($0.utf8) } + [[]], kinds: [.text, .text, .text, .text, .endOfGeneration])
    static let logits: [Float] = [5, 4, 1, 9, 0]
    static let baseline: [Float] = [5, 1, 10, 0, 0]

    static func constraint() throws -> MaskedConstraint {
        MaskedConstraint(masker: try TokenMasker(try Grammar(gbnf: "root ::= [abc]"), vocabulary: vocabulary))
    }

    /// Emphasis reweighs the allowed candidates by `γ·a + (1 − γ)·b`, after cutting those far
    /// less likely than the likeliest *allowed* one (x, disallowed, is likelier still, and must
    /// not move the cut). For every selection a filter may ask for, with the highest taken.
    @Test(arguments: [CandidateSelection.mostLikely(1), .mostLikely(40), .allowed, .drawFirst])
    func emphasisWeighsTheAllowedPlausibleCandidates(_ selection: CandidateSelection) throws {
        func choice(weight: Double, plausibility: Double) throws -> Int32? {
            let constraint = try Self.constraint()
            let transform = EmphasisTransform(RequestEmphasis(weight: weight, plausibility: plausibility))
            let buffer = CandidateBuffer()
            Self.logits.withUnsafeBufferPointer { buffer.load($0) }
            let allowed = constraint.candidates(selection.checked(atLeast: EmphasisTransform.candidates), from: buffer.row)
            let drawn = try #require(buffer.narrow(to: allowed))
            Self.baseline.withUnsafeBufferPointer { transform.apply(to: drawn, baseline: $0, cut: allowed.areAllowed) }
            return drawn.filter { $0.logit > -.infinity }.max { $0.logit < $1.logit }?.id
        }
        // a 2·5 − 5 = 5, b 2·4 − 1 = 7; c (1, below 5 + ln 0.1) is cut.
        #expect(try choice(weight: 2, plausibility: 0.1) == 1, "\(selection)")
        // Without the cut: c 2·1 − 10 = −8, still b.
        #expect(try choice(weight: 2, plausibility: 0) == 1, "\(selection)")
        // γ = 0 is the baseline's choice: c without the cut, a (5 against b's 1) with it.
        #expect(try choice(weight: 0, plausibility: 0) == 2, "\(selection)")
        #expect(try choice(weight: 0, plausibility: 0.1) == 0, "\(selection)")
        // A cut of 1 leaves only the likeliest allowed candidate.
        #expect(try choice(weight: 0, plausibility: 1) == 0, "\(selection)")
    }

    /// Without a constraint, greedy and top-k are handed only the k likeliest tokens instead of
    /// the whole row: llama.cpp's real chain draws the same token from either, over random rows
    /// and seeds. (Among tokens with exactly equal logits, which the chain walks in its own
    /// order, a seed may pick another of them: the distribution is the same.)
    @Test(arguments: [SamplingMode.greedy, .random(top: 1), .random(top: 40)], 0..<20)
    func theKLikeliestDrawAsTheWholeRowDoes(_ mode: SamplingMode, seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        let logits = (0..<5_000).map { _ in Float.random(in: -10..<10, using: &generator) }
        func draw(keeping selection: CandidateSelection) throws -> Int32? {
            let chain = try SamplerChain(options: GenerationOptions(sampling: mode.seeded(seed)))
            let buffer = CandidateBuffer()
            logits.withUnsafeBufferPointer { buffer.load($0) }
            let drawn = try #require(buffer.narrow(to: .all, for: selection))
            return chain.draw(drawn)
        }
        let selection = mode.selection
        #expect(try draw(keeping: selection) == draw(keeping: .allowed), "\(mode) seed \(seed)")
        if case .mostLikely(let count) = selection {
            let buffer = CandidateBuffer()
            logits.withUnsafeBufferPointer { buffer.load($0) }
            #expect(buffer.narrow(to: .all, for: selection)?.count == count)
        }
    }

    /// A plain draw (temperature and the seeded draw) is handed only the candidates above −∞
    /// after a mask or the emphasis cut: llama.cpp's real chain draws the same token from them
    /// as from the whole row, over random rows, masks of every density, temperatures and seeds.
    @Test(arguments: [0.01, 0.3, 0.95], 0..<20)
    func aPlainDrawOverTheRuledInDrawsAsOverTheWholeRow(density: Double, seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        let logits = (0..<5_000).map { _ in Float.random(in: -10..<10, using: &generator) }
        var mask = TokenMask(vocabularySize: logits.count)
        for id in 0..<logits.count where Double.random(in: 0..<1, using: &generator) < density { mask.insert(Int32(id)) }
        mask.insert(Int32(seed))
        for temperature in [1.0, 0.7] {
            func draw(ruledIn: Bool, onlyAllowed: Bool = false) throws -> Int32? {
                let chain = try SamplerChain(options: GenerationOptions(sampling: .random(probabilityThreshold: 1, seed: seed), temperature: temperature))
                #expect(chain.isPlainDraw)
                let buffer = CandidateBuffer()
                logits.withUnsafeBufferPointer { buffer.load($0) }
                let drawn = try #require(buffer.narrow(to: .allowed(mask), onlyAllowed: onlyAllowed))
                if onlyAllowed { #expect(drawn.count == mask.count) }
                return chain.draw(ruledIn ? CandidateBuffer.ruledIn(drawn) : drawn)
            }
            let token = try draw(ruledIn: true)
            #expect(token == (try draw(ruledIn: false)), "density \(density) seed \(seed) temperature \(temperature)")
            #expect(token == (try draw(ruledIn: false, onlyAllowed: true)), "density \(density) seed \(seed) temperature \(temperature)")
            #expect(token.map { mask.contains($0) } == true)
        }
    }

    /// Through llama.cpp's chain: greedy takes the likeliest allowed token, never x; with the
    /// baseline's logits, the emphasised choice; and plain temperature sampling, which draws
    /// first, ends on an allowed token however often the chain draws x.
    @Test func theChainDrawsOnlyWhatTheConstraintAllows() throws {
        let greedy = try SamplerChain(options: GenerationOptions(sampling: .greedy))
        let plainChoice = TokenChoice(constraint: try Self.constraint(), sampler: greedy, emphasis: nil)
        let plain = Self.logits.withUnsafeBufferPointer { plainChoice.choose(from: $0, baseline: nil) }
        #expect(plain?.token == 0 && plain?.refused == 0)

        let emphasisedChoice = TokenChoice(
            constraint: try Self.constraint(), sampler: greedy, emphasis: EmphasisTransform(RequestEmphasis(weight: 2, plausibility: 0.1)))
        let emphasised = Self.logits.withUnsafeBufferPointer { logits in
            Self.baseline.withUnsafeBufferPointer { emphasisedChoice.choose(from: logits, baseline: $0) }
        }
        #expect(emphasised?.token == 1)

        var refusals = 0
        for seed in UInt64(0)..<50 {
            let sampler = try SamplerChain(options: GenerationOptions(sampling: .random(probabilityThreshold: 1, seed: seed)))
            let choice = TokenChoice(constraint: try Self.constraint(), sampler: sampler, emphasis: nil)
            let outcome = try #require(Self.logits.withUnsafeBufferPointer { choice.choose(from: $0, baseline: nil) })
            #expect([0, 1, 2].contains(outcome.token), "seed \(seed)")
            refusals += outcome.refused
        }
        #expect(refusals > 0, "x (e⁹ against e⁵) is drawn first most of the time, and refused")
    }

    /// Where the grammar expects a digit the model chooses plainly, emphasis or not: "1", "2"
    /// and "3" weighed as `[abc]` was above, "1" (5) against "2" (4) plainly, "2" emphasised.
    @Test func aDigitTheGrammarExpectsIsChosenPlainly() throws {
        let digits = TokenVocabulary(
            tokens: ["1", "2", "3", "x"].map { Array($0.utf8) } + [[]], kinds: [.text, .text, .text, .text, .endOfGeneration])
        let greedy = try SamplerChain(options: GenerationOptions(sampling: .greedy))
        let transform = EmphasisTransform(RequestEmphasis(weight: 2, plausibility: 0.1))
        func choose(_ gbnf: String) throws -> TokenChoice.Outcome? {
            let constraint = MaskedConstraint(masker: try TokenMasker(try Grammar(gbnf: gbnf), vocabulary: digits))
            let choice = TokenChoice(constraint: constraint, sampler: greedy, emphasis: transform)
            return Self.logits.withUnsafeBufferPointer { logits in Self.baseline.withUnsafeBufferPointer { choice.choose(from: logits, baseline: $0) } }
        }
        let digit = try #require(try choose("root ::= [1-3]"))
        #expect(digit.token == 0 && !digit.emphasised)
        // A sign may come first (no token writes it): no digit is expected, and emphasis weighs the choice.
        let either = try #require(try choose(#"root ::= "-"? [1-3]"#))
        #expect(either.token == 1 && either.emphasised)
    }
}
