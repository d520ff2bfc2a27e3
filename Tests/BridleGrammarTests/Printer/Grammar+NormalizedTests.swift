import Testing
@testable import BridleGrammar

@Suite("Grammar.normalized()")
struct GrammarNormalizedTests {
    private static let a = GrammarExpression.literal("a")
    private static let b = GrammarExpression.literal("b")
    private static let c = GrammarExpression.literal("c")

    private func normal(_ body: GrammarExpression) -> GrammarExpression {
        Grammar(rules: [Rule(name: "root", body: body)]).normalized().rules[0].body
    }

    @Test("unwraps one-item sequences and alternatives")
    func unwrap() {
        #expect(normal(.sequence([Self.a])) == Self.a)
        #expect(normal(.alternatives([Self.a])) == Self.a)
        #expect(normal(.sequence([.alternatives([.sequence([Self.a])])])) == Self.a)
    }

    @Test("splices nested sequences and nested alternatives")
    func splice() {
        #expect(normal(.sequence([Self.a, .sequence([Self.b, .sequence([Self.c])])])) == .sequence([Self.a, Self.b, Self.c]))
        #expect(normal(.alternatives([Self.a, .alternatives([Self.b, Self.c])])) == .alternatives([Self.a, Self.b, Self.c]))
        // A sequence inside alternatives (and the other way round) is real structure.
        #expect(normal(.alternatives([.sequence([Self.a, Self.b]), Self.c])) == .alternatives([.sequence([Self.a, Self.b]), Self.c]))
        #expect(normal(.sequence([.alternatives([Self.a, Self.b]), Self.c])) == .sequence([.alternatives([Self.a, Self.b]), Self.c]))
    }

    @Test("the empty literal is the empty sequence, which vanishes inside a sequence")
    func empty() {
        #expect(normal(.literal("")) == .sequence([]))
        #expect(normal(.sequence([Self.a, .literal(""), .sequence([])])) == Self.a)
        #expect(normal(.alternatives([Self.a, .literal("")])) == .alternatives([Self.a, .sequence([])]))
        #expect(normal(.repetition(.literal(""), minimum: 0, maximum: nil)) == .repetition(.sequence([]), minimum: 0, maximum: nil))
    }

    @Test("an empty choice among alternatives is dropped; on its own it stays for the printer to report")
    func emptyChoice() {
        #expect(normal(.alternatives([Self.a, .alternatives([])])) == Self.a)
        #expect(normal(.alternatives([])) == .alternatives([]))
        #expect(normal(.sequence([Self.a, .alternatives([])])) == .sequence([Self.a, .alternatives([])]))
    }

    @Test("keeps what is not structure: adjacent literals, {1}, classes, rule order and root")
    func keeps() {
        let grammar = Grammar(rules: [
            Rule(name: "b", body: .sequence([Self.a, Self.b])),
            Rule(name: "root", body: .repetition(.reference("b"), minimum: 1, maximum: 1)),
            Rule(name: "my_rule", body: .characterClass(CharacterClass(ranges: []))),
        ], rootName: "start")
        #expect(grammar.normalized() == grammar)
    }

    @Test("splits a repetition into pieces with the same counts")
    func splitCounts() {
        let rep = { (m: Int, n: Int?) in GrammarExpression.repetition(Self.a, minimum: m, maximum: n) }
        #expect(normal(rep(0, 5000)) == .sequence([rep(0, 2000), rep(0, 2000), rep(0, 1000)]))
        #expect(normal(rep(4500, 5000)) == .sequence([rep(2000, 2000), rep(2000, 2000), rep(500, 1000)]))
        #expect(normal(rep(6000, nil)) == .sequence([rep(2000, 2000), rep(2000, 2000), rep(2000, 2000), rep(0, nil)]))
        #expect(normal(rep(2000, nil)) == rep(2000, nil))
        #expect(normal(rep(0, 2000)) == rep(0, 2000))
    }

    @Test("split pieces always add up to the original bounds", arguments: [
        (0, 5000), (1, 2001), (1999, 2001), (2000, 4000), (3, 4500), (7777, 7777), (0, 100_000), (12345, 54321),
    ])
    func piecesAddUp(_ bounds: (Int, Int)) {
        guard case .sequence(let pieces) = normal(.repetition(Self.a, minimum: bounds.0, maximum: bounds.1)) else {
            Issue.record("not split")
            return
        }
        var minimum = 0
        var maximum = 0
        for piece in pieces {
            guard case .repetition(_, let low, let high?) = piece else {
                Issue.record("piece \(piece)")
                return
            }
            #expect(low <= high && high <= 2000)
            minimum += low
            maximum += high
        }
        #expect(minimum == bounds.0)
        #expect(maximum == bounds.1)
    }

    @Test("a repetition with bounds too large or invalid stays as it is, for the printer to report")
    func unsplittable() {
        let huge = GrammarExpression.repetition(Self.a, minimum: 0, maximum: 100_001)
        #expect(normal(huge) == huge)
        let invalid = GrammarExpression.repetition(Self.a, minimum: 5000, maximum: 3)
        #expect(normal(invalid) == invalid)
    }

    @Test("a part too heavy to repeat moves into a new rule after its own, named to avoid every name in use")
    func hoists() {
        let heavy = GrammarExpression.sequence([.repetition(Self.a, minimum: 0, maximum: 2000), Self.b])
        let grammar = Grammar(rules: [
            Rule(name: "root", body: .sequence([.repetition(heavy, minimum: 0, maximum: nil), .reference("list-1")])),
            Rule(name: "list", body: .repetition(heavy, minimum: 1, maximum: 3)),
            Rule(name: "list-2", body: .literal("x")),
        ], rootName: "list")
        #expect(grammar.normalized() == Grammar(rules: [
            Rule(name: "root", body: .sequence([.repetition(.reference("root-1"), minimum: 0, maximum: nil), .reference("list-1")])),
            Rule(name: "root-1", body: heavy),
            Rule(name: "list", body: .repetition(.reference("list-3"), minimum: 1, maximum: 3)),
            Rule(name: "list-3", body: heavy),
            Rule(name: "list-2", body: .literal("x")),
        ], rootName: "list"))
    }

    @Test("normalising twice changes nothing more", arguments: UInt64(0)..<100)
    func idempotent(seed: UInt64) {
        let once = RandomGrammar.make(seed: seed).normalized()
        #expect(once.normalized() == once)
    }

    @Test("what the parser reads from llama.cpp's own grammars is already normal", arguments: ShippedGrammars.all.map(\.name))
    func parsedIsNormal(name: String) throws {
        let text = try #require(ShippedGrammars.all.first { $0.name == name }?.text)
        let grammar = try Grammar(gbnf: text)
        #expect(grammar.normalized() == grammar)
    }
}
