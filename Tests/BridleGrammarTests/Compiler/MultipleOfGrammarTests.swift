import BridleJSONSchema
import BridleSchema
import BridleTestSupport
import Testing

@testable import BridleGrammar

/// multipleOf, integer and decimal: exact in the grammar, checked against the validator on
/// every integer of a window and on random samples.
@Suite("multipleOf → grammar")
struct MultipleOfGrammarTests {
    static let cases: [KeywordCase] = [
        KeywordCase(name: "integer step", schema: #"{"type":"integer","multipleOf":7}"#,
                    accepts: ["0", "7", "-14", "700000000007"], rejects: ["1", "-8", "700000000008"]),
        KeywordCase(name: "integer step with a range", schema: #"{"type":"integer","multipleOf":3,"minimum":10,"maximum":1000}"#,
                    accepts: ["12", "999"], rejects: ["9", "1002", "13"]),
        KeywordCase(name: "step with trailing zeros", schema: #"{"type":"integer","multipleOf":300}"#,
                    accepts: ["0", "300", "-900", "123000"], rejects: ["30", "100", "3001"]),
        KeywordCase(name: "decimal step on integers", schema: #"{"type":"integer","multipleOf":2.5}"#,
                    accepts: ["5", "-10"], rejects: ["2", "3"]),
        KeywordCase(name: "cents", schema: #"{"type":"number","multipleOf":0.01,"minimum":0,"maximum":100}"#,
                    accepts: ["0", "0.5", "99.99", "100"], rejects: ["0.001", "100.01", "-0.01"]),
        KeywordCase(name: "quarter steps", schema: #"{"type":"number","multipleOf":0.25}"#,
                    accepts: ["0.25", "-1.50", "3.00"], rejects: ["0.2", "1.3"]),
        KeywordCase(name: "whole step on numbers", schema: #"{"type":"number","multipleOf":5,"exclusiveMinimum":0,"maximum":1000}"#,
                    accepts: ["5", "1000"], rejects: ["0", "1005", "7"]),
        KeywordCase(name: "not a multiple", schema: #"{"type":"integer","not":{"multipleOf":5}}"#,
                    accepts: ["1", "-7", "123456789"], rejects: ["0", "10", "-15", "1000000000000"]),
        KeywordCase(name: "multiples of one step but of no other",
                    schema: #"{"type":"number","minimum":1,"multipleOf":3,"not":{"anyOf":[{"multipleOf":2},{"multipleOf":7}]}}"#,
                    accepts: ["3", "9", "15", "99999"], rejects: ["6", "21", "0", "-3", "4"]),
        KeywordCase(name: "not a decimal multiple, on integers",
                    schema: #"{"type":"integer","maximum":100,"not":{"multipleOf":2.5}}"#,
                    accepts: ["1", "-2", "99"], rejects: ["5", "-10", "100"]),
        KeywordCase(name: "implication between steps (if a multiple of 5, then of 7)",
                    schema: #"{"type":"number","allOf":[{"minimum":1},{"anyOf":[{"multipleOf":5},{"multipleOf":10}]},{"anyOf":[{"not":{"multipleOf":5}},{"multipleOf":7}]}]}"#,
                    accepts: ["35", "70", "350"], rejects: ["5", "10", "0", "-35", "36"]),
        KeywordCase(name: "few multiples, listed", schema: #"{"type":"integer","multipleOf":1000000007,"minimum":0,"maximum":5000000000}"#,
                    accepts: ["0", "1000000007", "4000000028"], rejects: ["1000000008"]),
    ]

    @Test(arguments: cases)
    func grammarEnforcesTheStep(_ testCase: KeywordCase) throws {
        try testCase.check()
    }

    /// Every integer of a window: the grammar admits exactly the multiples in range.
    /// The arguments are `Int`: Swift Testing 6.3.1 crashes (a jump to address 0, in no
    /// particular frame) running tuple arguments that hold `Int128?`, even in a body that
    /// never touches Bridle; that, not the matcher, was the "matcher crash" these tests hit.
    @Test(arguments: [(3, -50, 50), (11, 0, 300), (4, -300, -3), (25, 7, 260), (6, nil, 80)] as [(Int, Int?, Int)])
    func grammarAdmitsExactlyTheMultiples(_ step: Int, _ minimum: Int?, _ maximum: Int) throws {
        let node = SchemaNode.integer(IntegerConstraints(
            minimum: minimum.map { Int128($0) }, maximum: Int128(maximum), multipleOf: Int128(step)))
        let schema = GenerationSchema(root: node)
        let compiled = try schema.grammar()
        for value in Int128(-320)...320 {
            let admitted = try GrammarMatcher.matches(compiled.grammar, "\(value)")
            #expect(admitted == schema.conforms(GeneratedContent(kind: .number(JSONNumber(value)))), "\(value) for step \(step)")
        }
    }

    /// The case the crash above was first blamed on, end to end.
    @Test func multiplesOfElevenMatch() throws {
        let schema = GenerationSchema(root: .integer(IntegerConstraints(minimum: 0, maximum: 300, multipleOf: 11)))
        #expect(try GrammarMatcher.matches(try schema.grammar().grammar, "33"))
    }

    /// Seeded: a step and up to three excluded steps over a window; the grammar admits an
    /// integer exactly when it is a multiple of the step and of none of the others, and the
    /// validator agrees.
    @Test func excludedStepsFollowTheResidueFormula() throws {
        var random = SplitMix64(seed: 0x0DD5)
        for _ in 0..<12 {
            let step = Int.random(in: 1...6, using: &random)
            let excluded = (0..<Int.random(in: 1...3, using: &random)).map { _ in Int.random(in: 2...12, using: &random) }
            let low = Int.random(in: -200...0, using: &random)
            let high = low + Int.random(in: 0...400, using: &random)
            let steps = excluded.map { #"{"multipleOf":\#($0)}"# }.joined(separator: ",")
            let json = #"{"type":"integer","minimum":\#(low),"maximum":\#(high),"multipleOf":\#(step),"not":{"anyOf":[\#(steps)]}}"#
            let schema = try GenerationSchema(jsonSchema: json)
            func expected(_ value: Int) -> Bool {
                (low...high).contains(value) && value % step == 0 && excluded.allSatisfy { value % $0 != 0 }
            }
            guard (low...high).contains(where: expected) else {
                #expect(throws: (any Error).self, "\(json) has no instance") { try schema.grammar() }
                continue
            }
            let grammar = try schema.grammar().grammar
            for value in (low - 20)...(high + 20) {
                let expected = expected(value)
                #expect(try GrammarMatcher.matches(grammar, String(value)) == expected, "\(value) in \(json)")
                #expect(schema.conforms(try GeneratedContent(json: String(value))) == expected, "\(value) in \(json)")
            }
        }
    }

    @Test func excludedStepsBeyondTheStateBudgetAreAnError() throws {
        let schema = try GenerationSchema(jsonSchema: #"{"type":"integer","multipleOf":33,"not":{"anyOf":[{"multipleOf":5},{"multipleOf":7},{"multipleOf":8}]}}"#)
        #expect { try schema.grammar() } throws: { error in
            (error as? GrammarCompileError)?.pointer == "#/multipleOf"
        }
    }

    /// Random decimal steps and bounds: samples are multiples within the bounds.
    @Test func randomDecimalStepsSampleValidNumbers() throws {
        var random = SplitMix64(seed: 0x5EED)
        for _ in 0..<30 {
            let digits = Int.random(in: 1...40, using: &random)
            let fraction = Int.random(in: 0...3, using: &random)
            let step = "\(digits)e-\(fraction)"
            let low = Int.random(in: -500...500, using: &random)
            let schema = try GenerationSchema(jsonSchema: #"{"type":"number","multipleOf":\#(step),"minimum":\#(low),"maximum":\#(low + Int.random(in: 50...5000, using: &random))}"#)
            let generator = try SentenceGenerator(try schema.grammar().grammar)
            for seed in UInt64(0)..<20 {
                let text = generator.sample(seed: seed)
                #expect(schema.conforms(try GeneratedContent(json: text)), "step \(step): \(text)")
            }
        }
    }

    @Test func hugeAutomataAreErrors() throws {
        let schema = try GenerationSchema(jsonSchema: #"{"type":"integer","multipleOf":99999989}"#)
        #expect { try schema.grammar() } throws: { error in
            (error as? GrammarCompileError)?.pointer == "#/multipleOf"
        }
    }
}
