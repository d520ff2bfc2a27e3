extension Grammar {
    /// The longest sentence, in Unicode scalars; nil when some path can repeat without
    /// bound (an unbounded repetition or a recursive rule reachable from the root).
    public var maximumLength: Int? {
        var measure = GrammarMeasure(grammar: self)
        return measure.length(of: .reference(rootName))
    }
}

private struct GrammarMeasure {
    let grammar: Grammar
    var lengths: [String: Int?] = [:]
    var inProgress: Set<String> = []

    init(grammar: Grammar) {
        self.grammar = grammar
    }

    mutating func length(of expression: GrammarExpression) -> Int? {
        switch expression {
        case .literal(let text): return text.unicodeScalars.count
        case .characterClass, .anyCharacter: return 1
        case .sequence(let parts):
            var total = 0
            for part in parts {
                guard let length = length(of: part) else { return nil }
                let (sum, overflow) = total.addingReportingOverflow(length)
                if overflow { return nil }
                total = sum
            }
            return total
        case .alternatives(let parts):
            var longest = 0
            for part in parts {
                guard let length = length(of: part) else { return nil }
                longest = max(longest, length)
            }
            return longest
        case .repetition(let inner, _, let maximum):
            guard let maximum, let length = length(of: inner) else { return nil }
            let (product, overflow) = length.multipliedReportingOverflow(by: maximum)
            return overflow ? nil : product
        case .reference(let name):
            if let known = lengths[name] { return known }
            guard !inProgress.contains(name), let rule = grammar.rule(named: name) else { return nil }
            inProgress.insert(name)
            let result = length(of: rule.body)
            inProgress.remove(name)
            lengths[name] = result
            return result
        }
    }
}
