import Testing
import BridleGrammar

@Suite("GrammarFinding")
struct GrammarFindingTests {
    @Test("description is severity then message")
    func description() {
        let finding = GrammarFinding(severity: .warning, check: .unreachableRule, ruleName: "b", message: "rule 'b' is never used")
        #expect(finding.description == "warning: rule 'b' is never used")
        #expect(Grammar(rules: [Rule(name: "root", body: .reference("value"))]).lint().first?.description
            == "error: rule 'root' refers to 'value', which is not defined: define 'value' or fix the name")
    }

    @Test("every check has a stable name")
    func checks() {
        #expect(GrammarFinding.Check.allCases.count == 10)
        #expect(GrammarFinding.Check.leftRecursion.rawValue == "leftRecursion")
        #expect(GrammarFinding.Severity.error.rawValue == "error")
    }
}
