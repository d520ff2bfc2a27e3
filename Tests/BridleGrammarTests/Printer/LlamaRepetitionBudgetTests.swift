import Testing
@testable import BridleGrammar

@Suite("LlamaRepetitionBudget")
struct LlamaRepetitionBudgetTests {
    private static let a = GrammarExpression.literal("a")

    private func plan(_ operand: GrammarExpression, _ minimum: Int, _ maximum: Int?, known: Set<String> = ["root"]) -> LlamaRepetitionBudget.OperandPlan {
        LlamaRepetitionBudget(knownSymbols: known).operandPlan(for: operand, minimum: minimum, maximum: maximum)
    }

    @Test("llama.cpp's size of a repetition: the maximum, else the minimum, else 1")
    func size() {
        #expect(LlamaRepetitionBudget.size(minimum: 0, maximum: nil) == 1)
        #expect(LlamaRepetitionBudget.size(minimum: 3, maximum: nil) == 3)
        #expect(LlamaRepetitionBudget.size(minimum: 0, maximum: 1) == 1)
        #expect(LlamaRepetitionBudget.size(minimum: 2, maximum: 5) == 5)
        #expect(LlamaRepetitionBudget.size(minimum: 0, maximum: 0) == 1)
    }

    @Test("fits: bounds up to 2000 and weight × size up to 2000")
    func fits() {
        #expect(LlamaRepetitionBudget.fits(weight: 1, minimum: 2000, maximum: 2000))
        #expect(!LlamaRepetitionBudget.fits(weight: 1, minimum: 2001, maximum: nil))
        #expect(!LlamaRepetitionBudget.fits(weight: 1, minimum: 0, maximum: 2001))
        #expect(LlamaRepetitionBudget.fits(weight: 2, minimum: 0, maximum: 1000))
        #expect(!LlamaRepetitionBudget.fits(weight: 2, minimum: 0, maximum: 1001))
        #expect(LlamaRepetitionBudget.fits(weight: 2000, minimum: 0, maximum: nil))
        #expect(!LlamaRepetitionBudget.fits(weight: 2001, minimum: 0, maximum: nil))
        #expect(!LlamaRepetitionBudget.fits(weight: Int.max, minimum: 0, maximum: 2000))
    }

    @Test("an atom weighs 1, even a name not seen before")
    func atoms() {
        for operand: GrammarExpression in [Self.a, .anyCharacter, .reference("new"), .characterClass(CharacterClass("a"..."z"))] {
            #expect(plan(operand, 0, 2000).weight == 1)
        }
    }

    @Test("a group weighs itself, its generated rules and names new to llama.cpp")
    func groups() {
        #expect(plan(.sequence([Self.a, Self.a]), 0, nil).weight == 1)
        #expect(plan(.sequence([]), 0, nil).weight == 1)
        #expect(plan(.sequence([Self.a, .repetition(Self.a, minimum: 0, maximum: 1)]), 0, nil).weight == 2)
        #expect(plan(.sequence([Self.a, .repetition(Self.a, minimum: 1, maximum: 4)]), 0, nil).weight == 4)
        #expect(plan(.sequence([Self.a, .repetition(Self.a, minimum: 2, maximum: 2)]), 0, nil).weight == 1)
        #expect(plan(.alternatives([.reference("x"), .reference("x"), .reference("y")]), 0, nil).weight == 3)
        #expect(plan(.alternatives([.reference("x"), .reference("y")]), 0, nil, known: ["root", "x", "y"]).weight == 1)
        // A nested alternatives is a group of its own.
        #expect(plan(.sequence([Self.a, .alternatives([Self.a, Self.a])]), 0, nil).weight == 2)
    }

    @Test("a repeated repetition is grouped when that fits, stacked when only that fits")
    func stacking() {
        let optional = GrammarExpression.repetition(Self.a, minimum: 0, maximum: 3)
        let grouped = plan(optional, 0, 500)
        #expect(!grouped.isStacked && grouped.weight == 4 && grouped.fits)
        let stacked = plan(optional, 0, 600)
        #expect(stacked.isStacked && stacked.weight == 3 && stacked.fits)
        let neither = plan(optional, 0, 700)
        #expect(!neither.fits && neither.lightestWeight == 3)
        // Nothing is left of `x{0}` to stack a suffix on.
        let zero = plan(.repetition(Self.a, minimum: 0, maximum: 0), 0, nil)
        #expect(!zero.isStacked && zero.fits)
    }

    @Test("generatedSymbols counts groups, repetition rules and new names, and remembers the names")
    func generated() {
        var budget = LlamaRepetitionBudget(knownSymbols: ["root"])
        let body = GrammarExpression.sequence([.reference("x"), .alternatives([Self.a, .reference("x")]), .repetition(Self.a, minimum: 1, maximum: 3)])
        // x, the alternatives' group, two optional copies.
        #expect(budget.generatedSymbols(body, at: .body) == 4)
        #expect(budget.knownSymbols == ["root", "x"])
        #expect(budget.generatedSymbols(body, at: .body) == 3)
    }

    @Test("deeply nested repetitions are summarised in linear time")
    func deepNesting() {
        var expression = Self.a
        for _ in 0..<180 { expression = .repetition(expression, minimum: 0, maximum: 1) }
        #expect(plan(expression, 0, nil).fits)
    }
}
