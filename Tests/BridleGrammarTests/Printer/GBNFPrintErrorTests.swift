import Testing
import BridleGrammar

@Suite("GBNFPrintError")
struct GBNFPrintErrorTests {
    @Test("names the rule at fault")
    func ruleName() {
        #expect(GBNFPrintError.invalidRuleName("a_b").ruleName == "a_b")
        #expect(GBNFPrintError.invalidReference("x y", rule: "root").ruleName == "root")
        #expect(GBNFPrintError.repetitionTooComplex(rule: "list").ruleName == "list")
    }

    @Test("descriptions say what to do")
    func descriptions() {
        #expect(GBNFPrintError.invalidRuleName("my_rule").description
            == "rule name 'my_rule' is not valid GBNF: use only letters, digits and '-'")
        #expect(GBNFPrintError.invalidRepetition(rule: "root", minimum: 5, maximum: 3).description
            == "rule 'root' repeats something {5,3}: the minimum must be at least 0 and at most the maximum")
        #expect(GBNFPrintError.invalidRepetition(rule: "root", minimum: -1, maximum: nil).description
            == "rule 'root' repeats something {-1,}: the minimum must be at least 0 and at most the maximum")
        #expect(GBNFPrintError.emptyCharacterClass(rule: "root").description.contains("use '.' for any character"))
        #expect(GBNFPrintError.repetitionTooComplex(rule: "root").description.contains("move the repeated part into a rule of its own"))
    }
}
