/// A ``Grammar`` prepared for sampling: references resolved to indices, character classes
/// to ``ScalarChoice``s, and every alternative annotated with its *finishing cost*, the
/// least work (generator steps: nodes visited plus scalars written) any derivation of it needs.
///
/// Costs come from a fixpoint: start every rule at infinity and lower them until nothing
/// changes. A reference costs one step more than its rule, so choosing only cheapest
/// alternatives strictly lowers the cost at every rule reference: that is what guarantees the
/// generator stops once it is finishing, within the cost of what is left to write.
///
/// Alternatives whose least work exceeds the budget are dropped as if they could not finish
/// (`r0 ::= r1 r1`, `r1 ::= r2 r2`, … has a shortest sentence of 2⁴⁰ scalars), and a root that
/// needs more is refused, so sampling ends within a bounded amount of work.
///
/// ```swift
/// // root ::= "(" root ")" | "x"
/// let program = try SentenceProgram(Grammar(rules: [Rule(name: "root", body: .alternatives([
///     .sequence([.literal("("), .reference("root"), .literal(")")]), .literal("x")]))]))
/// program.rules[0]   // .choice([…], costs: [10, 2], cheapest: 2): "x" is quickest
/// ```
final class SentenceProgram: Sendable {
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

    /// - Parameter workBudget: the most work the quickest sentence of any alternative the
    ///   generator may choose can need.
    init(_ grammar: Grammar, workBudget: Int) throws(GrammarMatcherError) {
        let checked = try CheckedRules(grammar)
        var context = CostContext(checked: checked, workBudget: workBudget)
        context.solve()
        let rootCost = context.costs[checked.rootIndex]
        guard rootCost != Self.infinite else {
            throw .noFiniteDerivation(grammar.rootName)
        }
        guard rootCost <= workBudget else {
            throw .sentenceTooCostly(grammar.rootName, budget: workBudget)
        }
        var rules: [Node] = []
        for rule in grammar.rules {
            rules.append(context.lower(rule.body))
        }
        self.rules = rules
        rootIndex = checked.rootIndex
    }

    /// Costs and nullability of every rule, and the lowering that uses them.
    private struct CostContext {
        let checked: CheckedRules
        let workBudget: Int
        var costs: [Int]
        var nullable: [Bool]
        var classIsEmpty: [CharacterClass: Bool] = [:]

        init(checked: CheckedRules, workBudget: Int) {
            self.checked = checked
            self.workBudget = workBudget
            costs = Array(repeating: SentenceProgram.infinite, count: checked.grammar.rules.count)
            nullable = Array(repeating: false, count: checked.grammar.rules.count)
        }

        /// Both fixpoints, visiting rules in the order a depth-first walk from the root
        /// finishes them (what a rule refers to first), so a grammar without cycles settles
        /// in one pass and a check.
        mutating func solve() {
            let order = Self.postOrder(checked)
            var changed = true
            while changed {
                changed = false
                for position in order where !nullable[position] {
                    if isNullable(checked.grammar.rules[position].body) {
                        nullable[position] = true
                        changed = true
                    }
                }
            }
            changed = true
            while changed {
                changed = false
                for position in order {
                    let cost = cost(of: checked.grammar.rules[position].body)
                    if cost < costs[position] {
                        costs[position] = cost
                        changed = true
                    }
                }
            }
        }

        /// Rule indices, those a rule refers to before it; rules the root cannot reach last.
        private static func postOrder(_ checked: CheckedRules) -> [Int] {
            let rules = checked.grammar.rules
            var visited = Array(repeating: false, count: rules.count)
            var order: [Int] = []
            order.reserveCapacity(rules.count)
            for start in [checked.rootIndex] + Array(rules.indices) where !visited[start] {
                visited[start] = true
                // An explicit stack: a chain of thousands of rules must not overflow the thread's.
                var stack: [(rule: Int, references: [Int], next: Int)] = [(start, references(in: rules[start].body, checked), 0)]
                while let top = stack.last {
                    if top.next < top.references.count {
                        stack[stack.count - 1].next += 1
                        let reference = top.references[top.next]
                        if !visited[reference] {
                            visited[reference] = true
                            stack.append((reference, references(in: rules[reference].body, checked), 0))
                        }
                    } else {
                        order.append(top.rule)
                        stack.removeLast()
                    }
                }
            }
            return order
        }

        private static func references(in expression: GrammarExpression, _ checked: CheckedRules) -> [Int] {
            var found: [Int] = []
            var pending = [expression]
            while let next = pending.popLast() {
                switch next {
                case .reference(let name): found.append(checked.index(of: name))
                case .sequence(let parts), .alternatives(let parts): pending.append(contentsOf: parts.reversed())
                case .repetition(let body, _, _): pending.append(body)
                case .literal, .characterClass, .anyCharacter: break
                }
            }
            return found
        }

        private func isNullable(_ expression: GrammarExpression) -> Bool {
            switch expression {
            case .literal(let text): text.isEmpty
            case .characterClass, .anyCharacter: false
            case .reference(let name): nullable[checked.index(of: name)]
            case .sequence(let parts): parts.allSatisfy(isNullable)
            case .alternatives(let parts): parts.contains(where: isNullable)
            case .repetition(let body, let minimum, let maximum): minimum == 0 || maximum == 0 || isNullable(body)
            }
        }

        /// The least work to write a sentence of `expression`, saturating at ``infinite``.
        mutating func cost(of expression: GrammarExpression) -> Int {
            switch expression {
            case .literal(let text):
                return Self.add(1, text.unicodeScalars.count)
            case .anyCharacter:
                return 2
            case .characterClass(let characterClass):
                return isEmpty(characterClass) ? infinite : 2
            case .reference(let name):
                return Self.add(costs[checked.index(of: name)], 1)
            case .sequence(let parts):
                var result = 1
                for part in parts {
                    result = Self.add(result, cost(of: part))
                }
                return result
            case .alternatives(let parts):
                var result = infinite
                for part in parts {
                    result = min(result, cost(of: part))
                }
                return Self.add(result, 1)
            case .repetition(let body, let minimum, let maximum):
                let copies = effectiveMinimum(body, minimum: minimum, maximum: maximum)
                if copies == 0 { return 1 }
                return Self.add(Self.multiply(cost(of: body), copies), 1)
            }
        }

        /// The copies a repetition must write: none when its body can be empty (then
        /// `x{m,n}` is `x{0,n}`, and an empty body repeated a billion times is no work).
        private func effectiveMinimum(_ body: GrammarExpression, minimum: Int, maximum: Int?) -> Int {
            maximum == 0 || isNullable(body) ? 0 : minimum
        }

        /// Within the budget: dearer alternatives are left out as if they could not finish.
        private mutating func affordable(_ expression: GrammarExpression) -> Int? {
            let cost = cost(of: expression)
            return cost <= workBudget ? cost : nil
        }

        mutating func lower(_ expression: GrammarExpression) -> Node {
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
                    nodes.append(lower(part))
                }
                return .sequence(nodes)
            case .alternatives(let parts):
                var nodes: [Node] = []
                var partCosts: [Int] = []
                for part in parts {
                    guard let partCost = affordable(part) else { continue }
                    nodes.append(lower(part))
                    partCosts.append(partCost)
                }
                return .choice(nodes, costs: partCosts, cheapest: partCosts.min() ?? infinite)
            case .repetition(let body, let minimum, let maximum):
                // A body that cannot finish (or not within the budget) allows zero copies only:
                // a nonzero minimum made the whole repetition too dear, so no chosen path
                // reaches it.
                if maximum == 0 || affordable(body) == nil { return .text([]) }
                return .repetition(
                    lower(body), minimum: effectiveMinimum(body, minimum: minimum, maximum: maximum), maximum: maximum)
            }
        }

        private mutating func isEmpty(_ characterClass: CharacterClass) -> Bool {
            if let known = classIsEmpty[characterClass] { return known }
            let empty = ScalarRanges(characterClass).isEmpty
            classIsEmpty[characterClass] = empty
            return empty
        }

        private static func add(_ a: Int, _ b: Int) -> Int {
            let (sum, overflow) = a.addingReportingOverflow(b)
            return overflow ? infinite : sum
        }

        private static func multiply(_ a: Int, _ b: Int) -> Int {
            if a == infinite { return infinite }
            let (product, overflow) = a.multipliedReportingOverflow(by: b)
            return overflow ? infinite : product
        }
    }
}
