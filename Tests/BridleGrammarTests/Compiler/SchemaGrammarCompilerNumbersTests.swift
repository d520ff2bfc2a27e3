import BridleJSONSchema
import BridleSchema
import BridleTestSupport
import Testing

@testable import BridleGrammar

/// Integers other than a few values (`not` over an integer `enum`/`const`): the range split
/// around them, exactly, with or without steps.
@Suite("Excluded integers → grammar")
struct SchemaGrammarCompilerNumbersTests {
    static let cases: [KeywordCase] = [
        KeywordCase(name: "not an enum of integers", schema: #"{"type":"integer","minimum":0,"maximum":10,"not":{"enum":[3,5,"a"]}}"#,
                    accepts: ["0", "2", "4", "10"], rejects: ["3", "5", "11", "-1"]),
        KeywordCase(name: "not a const, unbounded", schema: #"{"type":"integer","not":{"const":0}}"#,
                    accepts: ["1", "-1", "100000"], rejects: ["0", "-0"]),
        KeywordCase(name: "a step, off a residue set, but not one value",
                    schema: #"{"type":"integer","multipleOf":13,"not":{"anyOf":[{"multipleOf":2},{"multipleOf":3},{"const":169}]},"exclusiveMinimum":100,"exclusiveMaximum":1000}"#,
                    accepts: ["143", "221", "949"], rejects: ["169", "130", "117", "1001", "91"]),
    ]

    @Test(arguments: cases)
    func grammarEnforcesTheExclusions(_ testCase: KeywordCase) throws {
        try testCase.check()
    }

    /// Seeded: random ranges, steps and excluded values; the grammar admits exactly the
    /// integers the formula says, and the validator agrees.
    @Test func excludedValuesFollowTheFormula() throws {
        var random = SplitMix64(seed: 0xE7C1)
        for _ in 0..<12 {
            let step = Int.random(in: 1...4, using: &random)
            let low = Int.random(in: -60...0, using: &random)
            let high = low + Int.random(in: 0...120, using: &random)
            let excluded = (0..<Int.random(in: 1...5, using: &random)).map { _ in Int.random(in: (low - 5)...(high + 5), using: &random) }
            let json = #"{"type":"integer","minimum":\#(low),"maximum":\#(high),"multipleOf":\#(step),"not":{"enum":\#(excluded)}}"#
            let schema = try GenerationSchema(jsonSchema: json)
            func expected(_ value: Int) -> Bool {
                (low...high).contains(value) && value % step == 0 && !excluded.contains(value)
            }
            guard (low...high).contains(where: expected) else { continue }
            let grammar = try schema.grammar().grammar
            for value in (low - 10)...(high + 10) {
                #expect(try GrammarMatcher.matches(grammar, String(value)) == expected(value), "\(value) in \(json)")
                #expect(schema.conforms(try GeneratedContent(json: String(value))) == expected(value), "\(value) in \(json)")
            }
        }
    }
}
