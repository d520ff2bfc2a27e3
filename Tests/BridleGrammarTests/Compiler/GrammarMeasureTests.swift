import BridleJSONSchema
import BridleSchema
import Testing

@testable import BridleGrammar

@Suite("Grammar lengths: longest and shortest sentences")
struct GrammarMeasureTests {
    /// Thirty levels, each a oneOf of an object and an array (16 elements) of the next level.
    static func diamond(levels: Int) -> String {
        var definitions: [String] = []
        for level in 0..<levels {
            let next = "#/$defs/L\(level + 1)"
            definitions.append(##""L\##(level)":{"oneOf":[{"type":"object","properties":{"a":{"$ref":"\##(next)"}},"required":["a"],"additionalProperties":false},{"type":"array","items":{"$ref":"\##(next)"},"maxItems":16}]}"##)
        }
        definitions.append(#""L\#(levels)":{"type":"integer","minimum":0,"maximum":9}"#)
        return ##"{"$ref":"#/$defs/L0","$defs":{"## + definitions.joined(separator: ",") + "}}"
    }

    @Test("a 30-level oneOf diamond compiles: a longest sentence past Int is a bound, not a bug")
    func oneOfDiamond() throws {
        // 16^30 elements overflow Int: this once failed with "the grammar has no length bound".
        let compiled = try GenerationSchema(jsonSchema: Self.diamond(levels: 30)).grammar(options: .compactLayout)
        #expect(compiled.maximumLength == Int.max)
        let small = try GenerationSchema(jsonSchema: Self.diamond(levels: 2)).grammar(options: .compactLayout)
        #expect(try GrammarMatcher.matches(small.grammar, #"{"a":[4,5]}"#))
        #expect(small.maximumLength < Int.max)
    }

    @Test("shortest and longest sentences")
    func lengths() throws {
        let grammar = try Grammar(gbnf: #"""
            root ::= a b? ("xy"){2,3}
            a ::= "aaa" | "b"
            b ::= [0-9]+
            """#)
        #expect(grammar.shortestLength == 5)
        #expect(grammar.maximumLength == nil)
        let bounded = try Grammar(gbnf: #"root ::= ("ab" | "c"){1,4}"#)
        #expect(bounded.shortestLength == 1)
        #expect(bounded.maximumLength == 8)
        // A recursive root has no shortest length the compiler relies on.
        #expect(try Grammar(gbnf: #"root ::= "(" root ")" | "x""#).shortestLength == nil)
    }

    @Test("a chain of rules that each double the next saturates instead of overflowing")
    func doublingChain() throws {
        var rules: [Rule] = []
        for level in 0..<70 {
            rules.append(Rule(name: level == 0 ? "root" : "r\(level)", body: .sequence([.reference("r\(level + 1)"), .reference("r\(level + 1)")])))
        }
        rules.append(Rule(name: "r70", body: .literal("x")))
        let grammar = Grammar(rules: rules)
        #expect(grammar.maximumLength == Int.max)
        #expect(grammar.shortestLength == Int.max)
    }
}
