import Testing
@testable import BridleGrammar

@Suite("GrammarAnalysis")
struct GrammarAnalysisTests {
    @Test("nullable rules: the least fixpoint, through other rules")
    func nullable() throws {
        let analysis = GrammarAnalysis(try Grammar(gbnf: """
            root ::= a b
            a ::= "x" | b
            b ::= c?
            c ::= "c"
            d ::= d
            e ::= "" | "e"
            """))
        #expect(analysis.nullableRules == ["root", "a", "b", "e"])
    }

    @Test("productive rules: those with a finite derivation")
    func productive() throws {
        let analysis = GrammarAnalysis(try Grammar(gbnf: """
            root ::= a | loop
            a ::= "a" a?
            loop ::= "(" loop ")"
            b ::= missing
            """))
        #expect(analysis.productiveRules == ["root", "a", "b"])
    }

    @Test("leftmost references skip over what can be empty")
    func leftmost() throws {
        let grammar = try Grammar(gbnf: """
            root ::= ws item ("," ws item)* | [0-9] tail | (head | "x") more
            ws ::= " "*
            item ::= "i"
            tail ::= "t"
            head ::= "h"
            more ::= "m"
            """)
        let analysis = GrammarAnalysis(grammar)
        #expect(analysis.leftmostReferences(of: try #require(analysis.bodies["root"])) == ["ws", "item", "head"])
        #expect(GrammarAnalysis.references(in: try #require(analysis.bodies["root"])) == ["ws", "item", "tail", "head", "more"])
    }

    @Test("a class matches no scalar when empty, only surrogates or beyond U+10FFFF, or negated over everything")
    func matchesNoScalar() {
        #expect(CharacterClass(ranges: []).matchesNoScalar)
        #expect(CharacterClass(ranges: [0xD800...0xDFFF]).matchesNoScalar)
        #expect(CharacterClass(ranges: [0x110000...0xFFFF_FFFF]).matchesNoScalar)
        #expect(!CharacterClass(ranges: [0xD7FF...0xE000]).matchesNoScalar)
        #expect(!CharacterClass(ranges: [], isNegated: true).matchesNoScalar)
        #expect(CharacterClass(ranges: [0...0xFFFF_FFFF], isNegated: true).matchesNoScalar)
        #expect(CharacterClass(ranges: [0x100...0x10FFFF, 0...0x200], isNegated: true).matchesNoScalar)
        #expect(!CharacterClass(ranges: [0x101...0x10FFFF, 0...0xFF], isNegated: true).matchesNoScalar)
    }
}
