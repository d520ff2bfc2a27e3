/// The rules of a ``Grammar`` by name, checked once so the matcher and the sentence generator can
/// resolve references without failing later.
///
/// ```swift
/// let rules = try CheckedRules(grammar)   // throws for a missing root, an undefined reference…
/// rules.index(of: "value")                // position in grammar.rules
/// ```
struct CheckedRules {
    let grammar: Grammar
    let indexByName: [String: Int]
    let rootIndex: Int

    init(_ grammar: Grammar) throws(GrammarMatcherError) {
        var indexByName: [String: Int] = [:]
        for (index, rule) in grammar.rules.enumerated() {
            guard indexByName.updateValue(index, forKey: rule.name) == nil else {
                throw .duplicateRule(rule.name)
            }
        }
        guard let rootIndex = indexByName[grammar.rootName] else {
            throw .missingRoot(grammar.rootName)
        }
        for rule in grammar.rules {
            try Self.check(rule.body, in: rule.name, names: indexByName)
        }
        self.grammar = grammar
        self.indexByName = indexByName
        self.rootIndex = rootIndex
    }

    /// The index of a rule the initialiser has already checked exists.
    func index(of name: String) -> Int {
        indexByName[name] ?? rootIndex
    }

    private static func check(
        _ expression: GrammarExpression, in rule: String, names: [String: Int]
    ) throws(GrammarMatcherError) {
        switch expression {
        case .sequence(let parts), .alternatives(let parts):
            for part in parts {
                try check(part, in: rule, names: names)
            }
        case .literal, .characterClass, .anyCharacter:
            break
        case .reference(let name):
            guard names[name] != nil else { throw .undefinedRule(name, referencedBy: rule) }
        case .repetition(let body, let minimum, let maximum):
            guard minimum >= 0, (maximum ?? minimum) >= minimum else {
                throw .invalidRepetition(rule: rule, minimum: minimum, maximum: maximum)
            }
            try check(body, in: rule, names: names)
        }
    }
}
