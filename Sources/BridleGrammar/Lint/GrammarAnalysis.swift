/// Facts about a grammar's rules that several checks need: which rules can match the empty
/// string (nullable), which can finish at all (productive), and which rules an expression
/// can start with. Each is the least fixpoint of the usual equations, found with a worklist:
/// a rule is looked at again only when a rule it refers to changed, so a chain of 100,000
/// rules costs one look per rule, not one pass over all of them per link.
///
/// ```swift
/// let analysis = GrammarAnalysis(Grammar(rules: [
///     Rule(name: "root", body: .sequence([.reference("ws"), .literal("x")])),
///     Rule(name: "ws", body: .repetition(.literal(" "), minimum: 0, maximum: nil)),
/// ]))
/// analysis.nullableRules                                                    // ["ws"]
/// analysis.leftmostReferences(of: .sequence([.reference("ws"), .literal("x")]))  // ["ws"]
/// ```
///
/// A name defined twice uses its first definition; an undefined name is taken to be
/// productive and not nullable, so one missing rule does not cascade into more findings.
struct GrammarAnalysis {
    let bodies: [String: GrammarExpression]
    private(set) var nullableRules: Set<String> = []
    private(set) var productiveRules: Set<String> = []

    init(_ grammar: Grammar) {
        var bodies: [String: GrammarExpression] = [:]
        var names: [String] = []
        for rule in grammar.rules where bodies[rule.name] == nil {
            bodies[rule.name] = rule.body
            names.append(rule.name)
        }
        self.bodies = bodies

        var dependents: [String: [String]] = [:]
        for name in names {
            for referenced in Self.references(in: bodies[name] ?? .empty) { dependents[referenced, default: []].append(name) }
        }
        // First in, first out: a rule queued again while it waits is looked at once.
        var queue = names
        var waiting = Set(names)
        var head = 0
        while head < queue.count {
            let name = queue[head]
            head += 1
            waiting.remove(name)
            guard let body = bodies[name] else { continue }
            var changed = false
            if !nullableRules.contains(name), isNullable(body) {
                nullableRules.insert(name)
                changed = true
            }
            if !productiveRules.contains(name), isProductive(body) {
                productiveRules.insert(name)
                changed = true
            }
            guard changed else { continue }
            for dependent in dependents[name] ?? [] where waiting.insert(dependent).inserted {
                queue.append(dependent)
            }
        }
    }

    /// Whether `expression` can match the empty string.
    func isNullable(_ expression: GrammarExpression) -> Bool {
        switch expression {
        case .literal(let text): text.isEmpty
        case .characterClass, .anyCharacter: false
        case .reference(let name): nullableRules.contains(name)
        case .sequence(let items): items.allSatisfy(isNullable)
        case .alternatives(let items): items.contains(where: isNullable)
        case .repetition(let operand, let minimum, let maximum):
            minimum <= 0 || maximum == 0 || isNullable(operand)
        }
    }

    /// Whether `expression` matches at least one string.
    func isProductive(_ expression: GrammarExpression) -> Bool {
        switch expression {
        case .literal, .anyCharacter: true
        case .characterClass(let characterClass): !characterClass.matchesNoScalar
        case .reference(let name): bodies[name] == nil || productiveRules.contains(name)
        case .sequence(let items): items.allSatisfy(isProductive)
        case .alternatives(let items): items.contains(where: isProductive)
        case .repetition(let operand, let minimum, let maximum):
            minimum <= 0 || maximum == 0 || isProductive(operand)
        }
    }

    /// The rules `expression` can begin with: those reached before anything that must
    /// consume a character. In first-seen order, without repeats.
    func leftmostReferences(of expression: GrammarExpression) -> [String] {
        var found: [String] = []
        var seen: Set<String> = []
        collectLeftmost(expression, into: &found, seen: &seen)
        return found
    }

    private func collectLeftmost(_ expression: GrammarExpression, into found: inout [String], seen: inout Set<String>) {
        switch expression {
        case .literal, .characterClass, .anyCharacter:
            break
        case .reference(let name):
            if seen.insert(name).inserted { found.append(name) }
        case .sequence(let items):
            for item in items {
                collectLeftmost(item, into: &found, seen: &seen)
                if !isNullable(item) { break }
            }
        case .alternatives(let items):
            for item in items { collectLeftmost(item, into: &found, seen: &seen) }
        case .repetition(let operand, _, let maximum):
            if maximum != 0 { collectLeftmost(operand, into: &found, seen: &seen) }
        }
    }

    /// Every rule name `expression` mentions, in order, without repeats.
    static func references(in expression: GrammarExpression) -> [String] {
        var found: [String] = []
        var seen: Set<String> = []
        expression.forEachSubexpression { part in
            if case .reference(let name) = part, seen.insert(name).inserted { found.append(name) }
        }
        return found
    }
}

extension GrammarExpression {
    /// Calls `body` on this expression and every part of it, parents before children.
    func forEachSubexpression(_ body: (GrammarExpression) -> Void) {
        body(self)
        switch self {
        case .literal, .characterClass, .anyCharacter, .reference:
            break
        case .sequence(let items), .alternatives(let items):
            for item in items { item.forEachSubexpression(body) }
        case .repetition(let operand, _, _):
            operand.forEachSubexpression(body)
        }
    }
}

extension CharacterClass {
    /// Whether no Unicode scalar is in the class: no ranges (or only surrogates and values
    /// past U+10FFFF), or, negated, ranges that cover every scalar.
    var matchesNoScalar: Bool {
        // Merge the ranges, clipped to the two spans of valid scalars, and see whether they
        // cover nothing (or, negated, everything).
        let spans: [ClosedRange<UInt32>] = [0...0xD7FF, 0xE000...0x10FFFF]
        var clipped: [ClosedRange<UInt32>] = []
        for range in ranges {
            for span in spans where range.overlaps(span) {
                clipped.append(range.clamped(to: span))
            }
        }
        if !isNegated { return clipped.isEmpty }
        clipped.sort { $0.lowerBound < $1.lowerBound }
        // Count the union: skip whatever part of a range an earlier one already counted.
        var covered: UInt64 = 0
        var firstUncounted: UInt64 = 0
        for range in clipped {
            let lower = max(UInt64(range.lowerBound), firstUncounted)
            let upper = UInt64(range.upperBound)
            if lower <= upper {
                covered += upper - lower + 1
                firstUncounted = upper + 1
            }
        }
        let scalarCount = spans.reduce(UInt64(0)) { $0 + UInt64($1.upperBound - $1.lowerBound) + 1 }
        return covered == scalarCount
    }
}
