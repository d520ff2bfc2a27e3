import Testing

@testable import BridleGrammar

@Suite("Character classes")
struct CharacterClassTests {
    @Test(arguments: [
        (CharacterClass("a"..."z"), "m", true),
        (CharacterClass("a"..."z"), "A", false),
        (CharacterClass("a"..."z", isNegated: true), "A", true),
        (CharacterClass("a"..."z", isNegated: true), "a", false),
        (CharacterClass(ranges: [0x30...0x39, 0x1F600...0x1F64F]), "😀", true),
        (CharacterClass(ranges: []), "x", false),
        (CharacterClass(ranges: [], isNegated: true), "x", true),
    ] as [(CharacterClass, Unicode.Scalar, Bool)])
    func contains(_ characterClass: CharacterClass, _ scalar: Unicode.Scalar, _ expected: Bool) {
        #expect(characterClass.contains(scalar.value) == expected)
    }

    @Test func rulesAreFoundByName() {
        let grammar = Grammar(rules: [Rule(name: "root", body: .reference("digit")), Rule(name: "digit", body: .characterClass(CharacterClass("0"..."9")))])
        #expect(grammar.rule(named: "digit")?.body == .characterClass(CharacterClass("0"..."9")))
        #expect(grammar.rule(named: "missing") == nil)
    }
}
