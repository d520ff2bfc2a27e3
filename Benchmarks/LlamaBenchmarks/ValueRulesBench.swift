import Bridle
import BridleExampleTypes
import BridleGrammar
import BridleLlama
import BridleMask
import Foundation

/// The cost of value rules (distinct elements, relations between properties) on top of the
/// grammar's mask: answers of schemas that have them, tokenized by the model's tokenizer and
/// replayed step by step; at each step the grammar's whole mask is timed, then the rules'
/// restriction of it. Schemas without rules never pay (the constraint has no guard then).
struct ValueRulesBench {
    let model: LlamaLanguageModel
    var passes = 3

    static let workloads: [(name: String, schema: GenerationSchema, answers: [String])] = [
        ("Films (toYear ≥ fromYear)", Films.Arguments.generationSchema, [
            #"{"genre": "drama", "fromYear": 1950, "toYear": 1960, "keywords": ["noir", "city"]}"#,
            #"{"genre": "science fiction", "fromYear": 1977, "toYear": 1979, "keywords": ["space"]}"#,
        ]),
        ("SearchSuggestions (distinct terms)", SearchSuggestions.generationSchema, [
            #"{"searchTerms": [{"searchTerm": "Lisbon trams"}, {"searchTerm": "Belem pastries"}, {"searchTerm": "Alfama fado"}, {"searchTerm": "Sintra day trip"}]}"#,
        ]),
        ("words (uniqueItems)", (try? GenerationSchema(jsonSchema: #"{"type":"object","properties":{"words":{"type":"array","items":{"type":"string","maxLength":12},"minItems":4,"maxItems":4,"uniqueItems":true}},"required":["words"]}"#)) ?? GenerationSchema(root: .any), [
            #"{"words": ["sunset", "sunrise", "dusk", "dawn"]}"#,
        ]),
    ]

    func run() throws {
        let llama = model.model
        let vocabulary = llama.tokenVocabulary
        print("value rules on top of the mask, µs per step (fastest of \(passes)):")
        for workload in Self.workloads {
            let compiled = try workload.schema.grammar()
            var grammarMicroseconds: [Double] = []
            var rulesMicroseconds: [Double] = []
            var removed = 0
            var slowest: [String] = []
            for answer in workload.answers {
                guard let tokens = llama.tokenize(plainText: Array(answer.utf8)) else { continue }
                var fastest = [(grammar: Double, rules: Double)](repeating: (.infinity, .infinity), count: tokens.count)
                for _ in 0..<passes {
                    var masker = try TokenMasker(compiled.grammar, vocabulary: vocabulary)
                    guard var valueGuard = ValueGuard(rules: compiled.valueRules) else { continue }
                    let workspace = masker.position.makeWorkspace()
                    for (index, token) in tokens.enumerated() {
                        let start = ContinuousClock.now
                        var mask = masker.mask()
                        let masked = ContinuousClock.now
                        let before = mask.count
                        valueGuard.restrict(&mask, vocabulary: vocabulary, from: masker.position, using: workspace)
                        let restricted = ContinuousClock.now
                        removed += before - mask.count
                        fastest[index].grammar = min(fastest[index].grammar, microseconds(masked - start))
                        fastest[index].rules = min(fastest[index].rules, microseconds(restricted - masked))
                        guard mask.contains(token), masker.accept(token) else {
                            print("  \(workload.name): the answer's token \(index) is not allowed; skipped")
                            break
                        }
                        valueGuard.advance(vocabulary.bytes(of: token))
                    }
                }
                if let worst = fastest.indices.max(by: { fastest[$0].rules < fastest[$1].rules }) {
                    let before = tokens[..<worst].flatMap { Array(vocabulary.bytes(of: $0)) }
                    slowest.append("\(Self.format(fastest[worst].rules / 1000, 2)) ms after …\(String(String(decoding: before, as: UTF8.self).suffix(40)).debugDescription)")
                }
                grammarMicroseconds += fastest.map(\.grammar).filter(\.isFinite)
                rulesMicroseconds += fastest.map(\.rules).filter(\.isFinite)
            }
            let totals = zip(grammarMicroseconds, rulesMicroseconds).map { $0 + $1 }
            print("  \(workload.name), \(grammarMicroseconds.count) steps: grammar p50 \(Self.format(percentile(grammarMicroseconds, 0.5))) p99 \(Self.format(percentile(grammarMicroseconds, 0.99)))"
                + "; with rules p50 \(Self.format(percentile(totals, 0.5))) p99 \(Self.format(percentile(totals, 0.99)))"
                + " (\(Self.format(percentile(totals, 0.99) / max(percentile(grammarMicroseconds, 0.99), 1e-9), 2))× at p99); \(removed / passes) tokens removed by the rules")
            print("    slowest rules step per answer: " + slowest.joined(separator: "; "))
        }
    }

    private static func format(_ value: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", value) }
}
