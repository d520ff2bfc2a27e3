import Testing
@testable import BridleGrammar

@Suite("GBNFName")
struct GBNFNameTests {
    @Test("letters, digits and '-' only, in any order", arguments: ["root", "json-value", "a1", "1a", "-", "ABC-def-09"])
    func valid(_ name: String) {
        #expect(GBNFName.isValid(name))
    }

    @Test("anything else is not a GBNF name", arguments: ["", "my_rule", "a b", "règle", "a.b", "a:b", "名前"])
    func invalid(_ name: String) {
        #expect(!GBNFName.isValid(name))
    }
}
