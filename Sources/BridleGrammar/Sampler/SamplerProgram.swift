/// A ``Grammar`` prepared for sampling: references resolved to indices, character classes
/// to ``ScalarChoice``s, and every alternative annotated with its *finishing cost*, the
/// least rule-nesting depth any derivation of it needs (infinite: none finishes).
///
/// Costs come from a fixpoint: start every rule at infinity and lower them until nothing
/// changes. Choosing only cheapest alternatives strictly lowers the cost at every rule
/// reference, which is what guarantees the sampler stops once past its depth limit.
///
/// ```swift
/// // root ::= "(" root ")" | "x"
/// let program = try SamplerProgram(Grammar(rules: [Rule(name: "root", body: .alternatives([
///     .sequence([.literal("("), .reference("root"), .literal(")")]), .literal("x")]))]))
/// program.rules[0]   // .choice([…], costs: [1, 0], cheapest: 0): "x" needs no reference
/// ```
final class SamplerProgram: Sendable {
    indirect enum Node: Sendable {
        case text([Unicode.Scalar])
        case scalar(ScalarChoice)
        case sequence([Node])
        /// Only the alternatives that can finish, with their costs, and the cheapest cost.
        case choice([Node], costs: [Int], cheapest: Int)
        case repetition(Node, minimum: Int, maximum: Int?)
        case rule(Int)
    }

    static let infinite = Int.max

    let rules: [Node]
    let rootIndex: Int

    init(_ grammar: Grammar) throws(GrammarMatcherError) {
        let checked = try CheckedRules(grammar)
        var costs = Array(repeating: Self.infinite, count: grammar.rules.count)
        var classIsEmpty: [CharacterClass: Bool] = [:]
        var changed = true
        while changed {
            changed = false
            for (position, rule) in grammar.rules.enumerated() {
                let cost = Self.cost(of: rule.body, rules: checked, costs: costs, classIsEmpty: &classIsEmpty)
                if cost < costs[position] {
                    costs[position] = cost
                    changed = true
                }
            }
        }
        guard costs[checked.rootIndex] != Self.infinite else {
            throw .noFiniteDerivation(grammar.rootName)
        }
        var rules: [Node] = []
        for rule in grammar.rules {
            rules.append(Self.lower(rule.body, rules: checked, costs: costs, classIsEmpty: &classIsEmpty))
        }
        self.rules = rules
        rootIndex = checked.rootIndex
    }

    private static func cost(
        of expression: GrammarExpression, rules checked: CheckedRules, costs: [Int],
        classIsEmpty: inout [CharacterClass: Bool]
    ) -> Int {
        switch expression {
        case .literal, .anyCharacter:
            return 0
        case .characterClass(let characterClass):
            return isEmpty(characterClass, &classIsEmpty) ? infinite : 0
        case .reference(let name):
            let cost = costs[checked.index(of: name)]
            return cost == infinite ? infinite : cost + 1
        case .sequence(let parts):
            var result = 0
            for part in parts {
                result = max(result, cost(of: part, rules: checked, costs: costs, classIsEmpty: &classIsEmpty))
            }
            return result
        case .alternatives(let parts):
            var result = infinite
            for part in parts {
                result = min(result, cost(of: part, rules: checked, costs: costs, classIsEmpty: &classIsEmpty))
            }
            return result
        case .repetition(let body, let minimum, let maximum):
            if minimum == 0 || maximum == 0 { return 0 }
            return cost(of: body, rules: checked, costs: costs, classIsEmpty: &classIsEmpty)
        }
    }

    private static func lower(
        _ expression: GrammarExpression, rules checked: CheckedRules, costs: [Int],
        classIsEmpty: inout [CharacterClass: Bool]
    ) -> Node {
        switch expression {
        case .literal(let text):
            return .text(Array(text.unicodeScalars))
        case .characterClass(let characterClass):
            return .scalar(ScalarChoice(characterClass))
        case .anyCharacter:
            return .scalar(ScalarChoice(.all, preferringAwkward: true))
        case .reference(let name):
            return .rule(checked.index(of: name))
        case .sequence(let parts):
            var nodes: [Node] = []
            for part in parts {
                nodes.append(lower(part, rules: checked, costs: costs, classIsEmpty: &classIsEmpty))
            }
            return .sequence(nodes)
        case .alternatives(let parts):
            var nodes: [Node] = []
            var partCosts: [Int] = []
            for part in parts {
                let partCost = cost(of: part, rules: checked, costs: costs, classIsEmpty: &classIsEmpty)
                guard partCost != infinite else { continue }
                nodes.append(lower(part, rules: checked, costs: costs, classIsEmpty: &classIsEmpty))
                partCosts.append(partCost)
            }
            return .choice(nodes, costs: partCosts, cheapest: partCosts.min() ?? infinite)
        case .repetition(let body, let minimum, let maximum):
            // A body that cannot finish allows zero copies only (a nonzero minimum made the
            // whole repetition infinite, so no chosen path reaches it).
            if maximum == 0 || cost(of: body, rules: checked, costs: costs, classIsEmpty: &classIsEmpty) == infinite {
                return .text([])
            }
            return .repetition(
                lower(body, rules: checked, costs: costs, classIsEmpty: &classIsEmpty), minimum: minimum, maximum: maximum)
        }
    }

    private static func isEmpty(_ characterClass: CharacterClass, _ cache: inout [CharacterClass: Bool]) -> Bool {
        if let known = cache[characterClass] { return known }
        let empty = ScalarRanges(characterClass).isEmpty
        cache[characterClass] = empty
        return empty
    }
}
