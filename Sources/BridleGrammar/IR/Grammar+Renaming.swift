extension Grammar {
    /// The same grammar with every rule name prefixed by `prefix` (references too), so that
    /// grammars compiled apart can be joined into one without their rules colliding.
    ///
    /// ```swift
    /// let weather = compiled.grammar.prefixingRuleNames(with: "t0-")
    /// weather.rootName   // "t0-root"
    /// ```
    public func prefixingRuleNames(with prefix: String) -> Grammar {
        Grammar(
            rules: rules.map { Rule(name: prefix + $0.name, body: $0.body.prefixingReferences(with: prefix)) },
            rootName: prefix + rootName)
    }
}

extension GrammarExpression {
    func prefixingReferences(with prefix: String) -> GrammarExpression {
        switch self {
        case .sequence(let parts): .sequence(parts.map { $0.prefixingReferences(with: prefix) })
        case .alternatives(let parts): .alternatives(parts.map { $0.prefixingReferences(with: prefix) })
        case .reference(let name): .reference(prefix + name)
        case .repetition(let body, let minimum, let maximum): .repetition(body.prefixingReferences(with: prefix), minimum: minimum, maximum: maximum)
        case .literal, .characterClass, .anyCharacter: self
        }
    }
}
