import Bridle
import BridleGrammar
import BridleLlama
import BridleMask
import Foundation

/// What free text before the answer costs the constraint (``SegmentedConstraint``), on one
/// vocabulary: per free token, the constraint's whole share of a step (its candidates, the
/// check and the commit, watching for the trigger); then, inside the answer, the whole mask
/// at every step against the same grammar masked alone (``MaskedConstraint``).
struct FreeTextBench {
    let model: LlamaLanguageModel
    var passes = 5

    static let prose = """
        The user wants the weather in Oslo, and asks for it in Fahrenheit. The function takes a \
        city and a unit, so the city is Oslo, Norway, and the unit is fahrenheit; nothing else is \
        needed. Temperatures there in winter are often below freezing, but that is not asked. 
        """
    static let answer = #"{"city": "Oslo, Norway", "unit": "fahrenheit", "days": 3}"#
    static let schema = #"{"type":"object","properties":{"city":{"type":"string","maxLength":40},"unit":{"enum":["celsius","fahrenheit"]},"days":{"type":"integer","minimum":1,"maximum":14}},"required":["city","unit","days"],"additionalProperties":false}"#

    func run() throws {
        let llama = model.model
        let vocabulary = llama.tokenVocabulary
        let tokenize: ([UInt8]) -> [Int32]? = { llama.tokenize(plainText: $0) }
        let grammar = try GenerationSchema(jsonSchema: GeneratedContent(json: Self.schema)).grammar().grammar
        guard let free = tokenize(Array(String(repeating: Self.prose, count: 4).utf8) + Array("\nAnswer:".utf8)),
            let answer = tokenize(Array(Self.answer.utf8))
        else { return print("(free-text bench: the texts did not tokenize)") }
        let row = [TokenCandidate](repeating: TokenCandidate(id: 0, logit: 0), count: vocabulary.count)

        var freeMicroseconds = [Double](repeating: .infinity, count: free.count)
        var segmentMask = [Double](repeating: .infinity, count: answer.count)
        var aloneMask = [Double](repeating: .infinity, count: answer.count)
        for _ in 0..<passes {
            let segmented = SegmentedConstraint(
                FreeText(trigger: Array("Answer:".utf8), lead: [0x0A], budget: free.count + 1),
                then: MaskedConstraint(masker: try TokenMasker(grammar, vocabulary: vocabulary)), vocabulary: vocabulary, tokenize: tokenize)
            row.withUnsafeBufferPointer { row in
                for (index, token) in free.enumerated() {
                    let start = ContinuousClock.now
                    _ = segmented.candidates(.mostLikely(40), from: row)
                    _ = segmented.allows(token)
                    _ = segmented.commit(token, healingWith: nil)
                    freeMicroseconds[index] = min(freeMicroseconds[index], microseconds(ContinuousClock.now - start))
                }
            }
            let alone = MaskedConstraint(masker: try TokenMasker(grammar, vocabulary: vocabulary))
            segmentMask = zip(segmentMask, maskTimes(segmented, answer: answer, row: row)).map { min($0, $1) }
            aloneMask = zip(aloneMask, maskTimes(alone, answer: answer, row: row)).map { min($0, $1) }
        }
        print("Free text before the answer: \(free.count) free tokens, then \(answer.count) answer tokens (fastest of \(passes))")
        print("  free token, constraint's work (candidates, check, commit), µs: p50 \(format(percentile(freeMicroseconds, 0.5), 2)), p99 \(format(percentile(freeMicroseconds, 0.99), 2))")
        let ratio = percentile(segmentMask, 0.5) / max(percentile(aloneMask, 0.5), 1e-9)
        print("  whole mask in the answer, µs p50: after free text \(format(percentile(segmentMask, 0.5), 1)), the grammar alone \(format(percentile(aloneMask, 0.5), 1)) (\(format(ratio, 2))×)")
    }

    /// The whole mask's time at each step of `answer`, committed token by token.
    private func maskTimes(_ constraint: any TokenConstraint, answer: [Int32], row: [TokenCandidate]) -> [Double] {
        row.withUnsafeBufferPointer { row in
            answer.map { token in
                let start = ContinuousClock.now
                _ = constraint.candidates(.allowed, from: row)
                let elapsed = microseconds(ContinuousClock.now - start)
                _ = constraint.commit(token, healingWith: nil)
                return elapsed
            }
        }
    }
}
