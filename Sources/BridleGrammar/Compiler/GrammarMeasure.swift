extension Grammar {
    /// The longest sentence, in Unicode scalars; nil when some path can repeat without
    /// bound (an unbounded repetition or a recursive rule reachable from the root).
    /// `Int.max` when the bound is finite but larger than an `Int` counts (thirty levels of
    /// nested arrays of 16 elements): a bound, not an exact length.
    public var maximumLength: Int? {
        var measure = GrammarMeasure(grammar: self, longest: true)
        return measure.length(of: .reference(rootName))
    }

    /// The shortest sentence, in Unicode scalars (`Int.max` past what an `Int` counts); nil
    /// when the root is recursive (the compiler's grammars never are) or has no sentence.
    var shortestLength: Int? {
        var measure = GrammarMeasure(grammar: self, longest: false)
        let length = measure.length(of: .reference(rootName))
        // A cut cycle can leave a rule's shortest length over-estimated.
        return measure.sawCycle ? nil : length
    }
}

/// Longest or shortest sentence lengths, rule by rule, each rule measured once.
private struct GrammarMeasure {
    let grammar: Grammar
    /// Longest sentences when true, shortest when false.
    let longest: Bool
    var lengths: [String: Int?] = [:]
    var inProgress: Set<String> = []
    /// Whether a rule was reached again while being measured (recursion).
    var sawCycle = false
    /// Rule bodies by name: `Grammar.rule(named:)` scans, which would make measuring a grammar
    /// of many rules quadratic.
    let bodies: [String: GrammarExpression]

    init(grammar: Grammar, longest: Bool) {
        self.grammar = grammar
        self.longest = longest
        var bodies: [String: GrammarExpression] = [:]
        for rule in grammar.rules where bodies[rule.name] == nil { bodies[rule.name] = rule.body }
        self.bodies = bodies
    }

    mutating func length(of expression: GrammarExpression) -> Int? {
        switch expression {
        case .literal(let text): return text.unicodeScalars.count
        case .characterClass, .anyCharacter: return 1
        case .sequence(let parts):
            var total = 0
            for part in parts {
                guard let length = length(of: part) else { return nil }
                total = Self.add(total, length)
            }
            return total
        case .alternatives(let parts):
            var result: Int?
            for part in parts {
                guard let length = length(of: part) else {
                    if longest { return nil }
                    continue
                }
                result = result.map { longest ? max($0, length) : min($0, length) } ?? length
            }
            return longest ? (result ?? 0) : result
        case .repetition(let inner, let minimum, let maximum):
            if longest {
                guard let maximum else { return nil }
                if maximum == 0 { return 0 }
                guard let length = length(of: inner) else { return nil }
                return Self.multiply(length, maximum)
            }
            if minimum == 0 { return 0 }
            guard let length = length(of: inner) else { return nil }
            return Self.multiply(length, minimum)
        case .reference(let name):
            if let known = lengths[name] { return known }
            if inProgress.contains(name) { sawCycle = true }
            guard !inProgress.contains(name), let body = bodies[name] else { return nil }
            inProgress.insert(name)
            let result = length(of: body)
            inProgress.remove(name)
            lengths[name] = result
            return result
        }
    }

    private static func add(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : sum
    }

    private static func multiply(_ a: Int, _ b: Int) -> Int {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? Int.max : product
    }
}
