import BridleMask
import BridleTestSupport
import Foundation
import Testing

/// `MaskPressure` against softmax computed directly in `Double` (log-sum-exp), over seeded rows
/// with −∞ logits, ties and extreme values, and masks from empty to full.
///
/// The implementation weighs each token in `Double`, as the reference does, so the two agree to
/// 1e-9 relative.
@Suite struct MaskPressureTests {
    static let relativeTolerance = 1e-9
    static let absoluteTolerance = 1e-30

    struct Reference {
        var removed: Double
        var favourite: Int32?
        var favouriteProbability: Double
    }

    /// Softmax in `Double` via log-sum-exp; the favourite is the refused token with the highest
    /// logit, the lower id among equals, and only a token with a finite logit (a −∞ token has
    /// probability 0: the implementation never names it).
    static func reference(_ logits: [Float], allowed: (Int32) -> Bool) -> Reference? {
        let finite = logits.filter(\.isFinite)
        guard let highest = finite.max() else { return nil }
        let top = Double(highest)
        let logTotal = top + log(logits.reduce(0.0) { $0 + exp(Double($1) - top) })
        var removed = 0.0
        var favourite: Int32?
        for (index, logit) in logits.enumerated() where !allowed(Int32(index)) {
            removed += exp(Double(logit) - logTotal)
            if logit > -.infinity, favourite == nil || logit > logits[Int(favourite!)] { favourite = Int32(index) }
        }
        return Reference(
            removed: min(removed, 1), favourite: favourite,
            favouriteProbability: favourite.map { exp(Double(logits[Int($0)]) - logTotal) } ?? 0)
    }

    static func close(_ actual: Double, _ expected: Double) -> Bool {
        abs(actual - expected) <= relativeTolerance * abs(expected) + absoluteTolerance
    }

    static func pressure(_ logits: [Float], _ candidates: Candidates) -> MaskPressure? {
        let row = logits.enumerated().map { TokenCandidate(id: Int32($0.offset), logit: $0.element) }
        return row.withUnsafeBufferPointer { MaskPressure(row: $0, candidates: candidates) }
    }

    // MARK: - Random rows and masks

    static func randomLogits(_ random: inout SplitMix64, count: Int) -> [Float] {
        let style = Int.random(in: 0..<5, using: &random)
        let palette: [Float] = [0, 1, -1, 2.5, -Float.infinity]
        return (0..<count).map { _ in
            switch (style, Int.random(in: 0..<10, using: &random)) {
            case (_, 0): -Float.infinity
            case (0, _): Float.random(in: -20...20, using: &random)
            // Ties: a few repeated values.
            case (1, _): palette.randomElement(using: &random)!
            // Huge spread: most tokens are far below the highest.
            case (2, _): Float.random(in: -1e4...1e4, using: &random)
            // Huge magnitudes, small differences.
            case (3, _): 1e6 + Float(Int.random(in: 0...40, using: &random))
            default: Float.random(in: -1e-3...1e-3, using: &random)
            }
        }
    }

    static func randomMask(_ random: inout SplitMix64, vocabularySize: Int) -> TokenMask {
        var mask = TokenMask(vocabularySize: vocabularySize)
        let density = [0.0, 1.0, 0.02, 0.5, 0.98].randomElement(using: &random)!
        for token in 0..<vocabularySize where Double.random(in: 0..<1, using: &random) < density { mask.insert(Int32(token)) }
        return mask
    }

    @Test(arguments: 0..<400 as Range<UInt64>)
    func agreesWithSoftmaxInDouble(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let count = [1, 2, 3, 64, 65, 500].randomElement(using: &random)!
        let logits = Self.randomLogits(&random, count: count)
        let mask = Self.randomMask(&random, vocabularySize: count)
        let measured = Self.pressure(logits, .allowed(mask))
        guard let expected = Self.reference(logits, allowed: mask.contains) else {
            #expect(measured == nil, "seed \(seed): a row with no finite logit")
            return
        }
        let pressure = try #require(measured, "seed \(seed)")
        #expect(Self.close(pressure.removedProbability, expected.removed), "seed \(seed): \(pressure.removedProbability) vs \(expected.removed)")
        #expect(pressure.refusedFavourite == expected.favourite, "seed \(seed)")
        #expect(Self.close(pressure.refusedFavouriteProbability, expected.favouriteProbability), "seed \(seed): \(pressure.refusedFavouriteProbability) vs \(expected.favouriteProbability)")
        #expect((0...1).contains(pressure.removedProbability))
        #expect(pressure.refusedFavouriteProbability <= pressure.removedProbability + 1e-12)
        if mask.count == count { #expect(pressure.removedProbability == 0 && pressure.refusedFavourite == nil) }
    }

    /// A mask shorter than the row refuses every token past its end.
    @Test(arguments: 0..<50 as Range<UInt64>)
    func tokensPastTheMasksEndAreRefused(seed: UInt64) throws {
        var random = SplitMix64(seed: seed &+ 77)
        let logits = Self.randomLogits(&random, count: 130)
        let mask = Self.randomMask(&random, vocabularySize: Int.random(in: 0...129, using: &random))
        let expected = Self.reference(logits, allowed: mask.contains)
        let measured = Self.pressure(logits, .allowed(mask))
        #expect((expected == nil) == (measured == nil))
        if let expected, let measured {
            #expect(Self.close(measured.removedProbability, expected.removed), "seed \(seed)")
            #expect(measured.refusedFavourite == expected.favourite, "seed \(seed)")
        }
    }

    // MARK: - Hand-picked rows

    @Test func theDocumentedExample() throws {
        var mask = TokenMask(vocabularySize: 3)
        mask.insert(0)
        let pressure = try #require(Self.pressure([2, 1, 0], .allowed(mask)))
        let expected = (exp(1.0) + 1) / (exp(2.0) + exp(1.0) + 1)
        #expect(abs(pressure.removedProbability - expected) < 1e-6)
        #expect(abs(pressure.removedProbability - 0.335) < 1e-3)
        #expect(pressure.refusedFavourite == 1)
        #expect(abs(pressure.refusedFavouriteProbability - exp(1.0) / (exp(2.0) + exp(1.0) + 1)) < 1e-6)
    }

    /// Among refused tokens with equal logits, the favourite is the lower id.
    @Test(arguments: [
        ([1, 3, 3, 3, 0], [0, 4], 1),
        ([1, 3, 3, 3, 0], [0, 1], 2),
        ([5, 5], [], 0),
        ([5, 5], [0], 1),
        ([-Float.infinity, 2, -Float.infinity], [1], nil),
        ([0, -Float.infinity, -Float.infinity], [0], nil),
        ([-Float.infinity, -Float.infinity, 7], [2], nil),
        ([-Float.infinity, 0, 0], [], 1),
    ] as [([Float], [Int32], Int32?)])
    func favourite(logits: [Float], allowed: [Int32], favourite: Int32?) throws {
        var mask = TokenMask(vocabularySize: logits.count)
        for token in allowed { mask.insert(token) }
        let pressure = try #require(Self.pressure(logits, .allowed(mask)))
        #expect(pressure.refusedFavourite == favourite)
        if favourite == nil {
            // Only −∞ tokens refused: nothing of the model's probability was taken.
            #expect(pressure.removedProbability == 0)
            #expect(pressure.refusedFavouriteProbability == 0)
        }
    }

    @Test(arguments: 0..<20 as Range<UInt64>)
    func theAnswersThatNeedNoMask(seed: UInt64) throws {
        var random = SplitMix64(seed: seed &+ 500)
        var logits = Self.randomLogits(&random, count: 100)
        logits[Int.random(in: 0..<100, using: &random)] = 3
        let all = try #require(Self.pressure(logits, .all))
        #expect(all.removedProbability == 0 && all.refusedFavourite == nil && all.refusedFavouriteProbability == 0)
        let none = try #require(Self.pressure(logits, .none))
        #expect(none.removedProbability == 1)
        let expected = try #require(Self.reference(logits) { _ in false })
        #expect(none.refusedFavourite == expected.favourite)
        #expect(Self.close(none.refusedFavouriteProbability, expected.favouriteProbability))
        #expect(Self.pressure(logits, .mostLikely([0, 1])) == nil)
        #expect(Self.pressure(logits, .unchecked) == nil)
    }

    @Test(arguments: [0, 1, 5, 200])
    func aRowWithNoFiniteLogitHasNoPressure(count: Int) {
        let logits = [Float](repeating: -.infinity, count: count)
        var mask = TokenMask(vocabularySize: count)
        if count > 0 { mask.insert(0) }
        #expect(Self.pressure(logits, .allowed(mask)) == nil)
        #expect(Self.pressure(logits, .all) == nil)
        #expect(Self.pressure(logits, .none) == nil)
    }

    /// The refused set far below the highest: tiny pressure, never negative, never NaN.
    @Test func farBelowTheHighestIsTinyButNotNegative() throws {
        var mask = TokenMask(vocabularySize: 3)
        mask.insert(0)
        let pressure = try #require(Self.pressure([0, -80, -200], .allowed(mask)))
        #expect(pressure.removedProbability >= 0 && pressure.removedProbability < 1e-34)
        #expect(pressure.refusedFavourite == 1)
        let huge = try #require(Self.pressure([Float.greatestFiniteMagnitude, -Float.greatestFiniteMagnitude], .allowed(mask)))
        #expect(huge.removedProbability == 0)
        #expect(huge.refusedFavourite == 1)
    }
}
