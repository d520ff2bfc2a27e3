import Testing
import BridleGrammar

private typealias F = MatchFixtures

@Suite("GrammarMatcher: invalid grammars")
struct GrammarMatcherErrorTests {
    @Test("invalid grammars are refused with a precise error", arguments: [
        (F.grammar(["start": F.lit("a")]), GrammarMatcherError.missingRoot("root")),
        (F.grammar(["root": F.ref("item")]), .undefinedRule("item", referencedBy: "root")),
        (F.grammar(["root": F.lit("a"), "b": F.seq(F.lit("x"), F.star(F.ref("nope")))]), .undefinedRule("nope", referencedBy: "b")),
        (F.grammar(["root": F.lit("a"), "root": F.lit("b")]), .duplicateRule("root")),
        (F.root(F.rep(F.lit("a"), -1, 2)), .invalidRepetition(rule: "root", minimum: -1, maximum: 2)),
        (F.root(F.rep(F.lit("a"), 3, 2)), .invalidRepetition(rule: "root", minimum: 3, maximum: 2)),
    ] as [(Grammar, GrammarMatcherError)])
    func refused(grammar: Grammar, error: GrammarMatcherError) {
        #expect(throws: error) { try GrammarMatcher(grammar) }
        #expect(throws: error) { try SentenceGenerator(grammar) }
    }

    @Test("repetition bounds in the billions are too large to compile")
    func tooLarge() {
        #expect(throws: GrammarMatcherError.grammarTooLarge) {
            try GrammarMatcher(F.root(F.rep(F.lit("a"), 0, Int(Int32.max) + 10)))
        }
    }

    @Test("errors describe themselves")
    func descriptions() {
        #expect(GrammarMatcherError.undefinedRule("item", referencedBy: "root").description
            == "the rule 'root' refers to 'item', which is not defined")
        #expect(GrammarMatcherError.invalidRepetition(rule: "r", minimum: 3, maximum: nil).description
            == "the rule 'r' repeats something {3,}, which is not a valid range")
    }
}
