extension Grammar {
    /// The longest sentence, in Unicode scalars; nil when some path can repeat without
    /// bound (an unbounded repetition or a recursive rule reachable from the root).
    /// `Int.max` when the bound is finite but larger than an `Int` counts (thirty levels of
    /// nested arrays of 16 elements): a bound, not an exact length.
    public var maximumLength: Int? {
        var measure = GrammarMeasure(grammar: self, longest: true)
        return measure.lengthOfRoot()
    }

    /// The shortest sentence, in Unicode scalars (`Int.max` past what an `Int` counts); nil
    /// when the root is recursive (the compiler's grammars never are) or has no sentence.
    var shortestLength: Int? {
        var measure = GrammarMeasure(grammar: self, longest: false)
        let length = measure.lengthOfRoot()
        // A cut cycle can leave a rule's shortest length over-estimated.
        return measure.sawCycle ? nil : length
    }
}

/// Longest or shortest sentence lengths, rule by rule, each rule measured once, after the
/// rules it refers to: rules are visited depth first with a stack of their own, not by
/// recursion, so a chain of 100,000 rules measures in linear time and constant stack.
private struct GrammarMeasure {
    let grammar: Grammar
    /// Longest sentences when true, shortest when false.
    let longest: Bool
    var lengths: [String: Int?] = [:]
    /// Rules whose measuring has begun and not ended: a reference to one is a cycle.
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

    mutating func lengthOfRoot() -> Int? {
        let root = grammar.rootName
        guard bodies[root] != nil else { return nil }
        // (rule, the references its measure reads, how many of them are visited already)
        var stack: [(name: String, references: [String], next: Int)] = [(root, references(of: root), 0)]
        inProgress.insert(root)
        while let top = stack.last {
            if top.next < top.references.count {
                stack[stack.count - 1].next += 1
                let name = top.references[top.next]
                guard lengths[name] == nil, !inProgress.contains(name), bodies[name] != nil else { continue }
                inProgress.insert(name)
                stack.append((name, references(of: name), 0))
            } else {
                stack.removeLast()
                lengths[top.name] = length(of: bodies[top.name] ?? .alternatives([]))
                inProgress.remove(top.name)
            }
        }
        return lengths[root] ?? nil
    }

    /// The rules `name`'s measure reads, in order: not those inside a repetition the measure
    /// settles without its body (unbounded or at most zero copies when longest, at least zero
    /// when shortest).
    private func references(of name: String) -> [String] {
        var found: [String] = []
        var stack = [bodies[name] ?? .alternatives([])]
        while let expression = stack.popLast() {
            switch expression {
            case .literal, .characterClass, .anyCharacter:
                break
            case .reference(let name):
                found.append(name)
            case .sequence(let parts), .alternatives(let parts):
                stack.append(contentsOf: parts.reversed())
            case .repetition(let inner, let minimum, let maximum):
                if longest ? (maximum ?? 0) > 0 : minimum > 0 { stack.append(inner) }
            }
        }
        return found
    }

    private mutating func length(of expression: GrammarExpression) -> Int? {
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
            // Rules referred to are measured first; one still in progress is on a cycle.
            if let known = lengths[name] { return known }
            if inProgress.contains(name) { sawCycle = true }
            return nil
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
