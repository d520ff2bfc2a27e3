/// Collects the rules of a grammar being compiled: one rule per distinct body, named from
/// a hint (a property or type name), so shared shapes are emitted once.
struct GrammarBuilder {
    private(set) var rules: [Rule] = []
    /// The size of the rules built so far (``GrammarExpression/size``), what
    /// ``GrammarOptions/maximumGrammarNodes`` bounds.
    private(set) var size = 0
    private var namesByBody: [GrammarExpression: String] = [:]
    /// `root` is the start rule's, defined last by the compiler: a definition named `root`
    /// gets another name.
    private var usedNames: Set<String> = ["root"]
    /// The suffix to try next for each base name: without it, the n-th rule named alike
    /// probes n names, and a `multipleOf` grammar names a thousand rules alike.
    private var nextSuffix: [String: Int] = [:]

    /// A reference to a rule whose body is `body`, reusing an identical rule if there is one.
    mutating func rule(_ hint: String, _ body: GrammarExpression) -> GrammarExpression {
        if let existing = namesByBody[body] { return .reference(existing) }
        let name = uniqueName(hint)
        rules.append(Rule(name: name, body: body))
        size += body.size
        namesByBody[body] = name
        return .reference(name)
    }

    /// Reserves a name for a rule whose body is defined later (recursion).
    mutating func reserve(_ hint: String) -> String {
        uniqueName(hint)
    }

    mutating func define(_ name: String, _ body: GrammarExpression) {
        rules.append(Rule(name: name, body: body))
        size += body.size
    }

    private mutating func uniqueName(_ hint: String) -> String {
        let base = Self.sanitized(hint)
        var name = base
        var suffix = nextSuffix[base, default: 2]
        while usedNames.contains(name) {
            name = "\(base)-\(suffix)"
            suffix += 1
        }
        nextSuffix[base] = suffix
        usedNames.insert(name)
        return name
    }

    /// GBNF rule names are `[a-zA-Z0-9-]+`.
    static func sanitized(_ hint: String) -> String {
        var name = ""
        for scalar in hint.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                name.unicodeScalars.append(scalar)
            } else if !name.hasSuffix("-"), !name.isEmpty {
                name += "-"
            }
        }
        while name.hasSuffix("-") { name.removeLast() }
        return name.isEmpty ? "value" : name
    }
}

extension GrammarExpression {
    /// Nodes, plus one for every eight bytes of literal text: what the expression costs in
    /// memory and in GBNF. Walked with a stack of its own, never by recursion.
    var size: Int {
        var total = 0
        var pending = [self]
        while let next = pending.popLast() {
            total += 1
            switch next {
            case .literal(let text): total += text.utf8.count / 8
            case .sequence(let parts), .alternatives(let parts): pending.append(contentsOf: parts)
            case .repetition(let inner, _, _): pending.append(inner)
            case .characterClass, .anyCharacter, .reference: break
            }
        }
        return total
    }
}
