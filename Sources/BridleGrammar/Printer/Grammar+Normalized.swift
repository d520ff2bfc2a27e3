extension Grammar {
    /// The grammar in the canonical form that ``gbnf`` prints and ``init(gbnf:rootName:)``
    /// reads back, so that `try Grammar(gbnf: g.gbnf) == g.normalized()` for every grammar the
    /// printer accepts.
    ///
    /// Normalising never changes the language. It:
    /// - unwraps one-item sequences and alternatives, and splices nested sequences into their
    ///   sequence and nested alternatives into their alternatives (GBNF has no way to write
    ///   the difference; `.alternatives([])` inside alternatives disappears with it);
    /// - turns the empty literal into the empty sequence (both print as `""`, or `()` under a
    ///   suffix, and read back as the empty sequence);
    /// - splits a repetition llama.cpp would reject or misread (a bound above 2000, or a heavy
    ///   repeated group) into a sequence of repetitions that each fit, with the same counts:
    ///   `x{0,5000}` becomes `x{0,2000} x{0,2000} x{0,1000}`;
    /// - moves the repeated part of a repetition into a new rule when no split can work: when
    ///   the part generates more rules than llama.cpp lets a repeated item have (an optional
    ///   group around a long list, `(item ("," item){0,2999})?`), or when the pieces would
    ///   copy a large part too often. The new rule is named after the rule it comes from
    ///   (`list-1`, `list-2`, … avoiding every name the grammar defines or mentions) and
    ///   follows it; a rule name weighs 1 wherever it is repeated.
    ///
    /// It keeps everything else as is: adjacent literals stay separate, `x{1}` stays a
    /// repetition, rules keep their order (new ones go right after the rule they come from),
    /// and anything the printer rejects (an invalid name, an empty class,
    /// `.alternatives([])` on its own, a bound above 100 000) is left for it to report.
    ///
    /// ```swift
    /// Grammar(rules: [Rule(name: "root", body: .sequence([
    ///     .sequence([.literal("a")]), .literal(""), .repetition(.literal("b"), minimum: 0, maximum: 4500),
    /// ]))]).normalized().rules[0].body
    /// // .sequence([.literal("a"), .repetition(.literal("b"), minimum: 0, maximum: 2000),
    /// //            .repetition(.literal("b"), minimum: 0, maximum: 2000),
    /// //            .repetition(.literal("b"), minimum: 0, maximum: 500)])
    /// ```
    public func normalized() -> Grammar {
        // Walk the rules in print order, replaying which rule names llama.cpp will have seen,
        // because the weight of a repeated group depends on it.
        var taken = Set(rules.map(\.name))
        for rule in rules {
            rule.body.forEachSubexpression { part in
                if case .reference(let name) = part { taken.insert(name) }
            }
        }
        var normalizer = GrammarNormalizer(budget: LlamaRepetitionBudget(knownSymbols: []), takenNames: taken)
        var pending = rules
        var result: [Rule] = []
        var index = 0
        while index < pending.count {
            var rule = pending[index]
            normalizer.budget.knownSymbols.insert(rule.name)
            normalizer.ruleName = rule.name
            rule.body = normalizer.normalize(rule.body)
            result.append(rule)
            // Rules moved out of this one come right after it, and are normalised in turn
            // (in the state llama.cpp will be in when it reads them).
            pending.insert(contentsOf: normalizer.hoisted, at: index + 1)
            normalizer.hoisted = []
            index += 1
        }
        return Grammar(rules: result, rootName: rootName)
    }
}

/// The expression half of ``Grammar/normalized()``: one pass in print order, carrying the
/// repetition budget along.
struct GrammarNormalizer {
    var budget: LlamaRepetitionBudget
    /// Names a new rule must not take: every rule name and reference, and those given out.
    var takenNames: Set<String>
    /// The rule being normalised, which names the rules moved out of it.
    var ruleName = ""
    /// Rules moved out of the current rule, in the order they were made.
    var hoisted: [Rule] = []

    init(budget: LlamaRepetitionBudget, takenNames: Set<String>) {
        self.budget = budget
        self.takenNames = takenNames
    }

    mutating func normalize(_ expression: GrammarExpression) -> GrammarExpression {
        switch expression {
        case .literal(let text):
            return text.isEmpty ? .sequence([]) : expression
        case .characterClass, .anyCharacter:
            return expression
        case .reference(let name):
            budget.knownSymbols.insert(name)
            return expression
        case .sequence(let items):
            var flat: [GrammarExpression] = []
            for item in items {
                let normal = normalize(item)
                if case .sequence(let inner) = normal {
                    flat.append(contentsOf: inner)
                } else {
                    flat.append(normal)
                }
            }
            return flat.count == 1 ? flat[0] : .sequence(flat)
        case .alternatives(let items):
            var flat: [GrammarExpression] = []
            for item in items {
                let normal = normalize(item)
                if case .alternatives(let inner) = normal {
                    flat.append(contentsOf: inner)
                } else {
                    flat.append(normal)
                }
            }
            return flat.count == 1 ? flat[0] : .alternatives(flat)
        case .repetition(let operand, let minimum, let maximum):
            return normalizeRepetition(operand, minimum: minimum, maximum: maximum)
        }
    }

    private mutating func normalizeRepetition(_ operand: GrammarExpression, minimum: Int, maximum: Int?) -> GrammarExpression {
        let before = budget
        let normalOperand = normalize(operand)
        let unchanged = GrammarExpression.repetition(normalOperand, minimum: minimum, maximum: maximum)

        // Invalid or absurd bounds are the printer's to report; splitting them would hide the
        // problem (or never finish).
        guard minimum >= 0, maximum.map({ $0 >= minimum }) ?? true,
              max(minimum, maximum ?? 0) <= LlamaRepetitionBudget.largestPrintableBound
        else { return unchanged }

        let first = before.operandPlan(for: normalOperand, minimum: minimum, maximum: maximum)
        if first.fits { return unchanged }

        // The first copy of the operand may register new rule names; later copies do not, so
        // they can be lighter and take bigger pieces.
        let later = budget.operandPlan(for: normalOperand, minimum: minimum, maximum: maximum)
        let firstChunk = Self.chunk(forWeight: first.lightestWeight)
        let laterChunk = Self.chunk(forWeight: later.lightestWeight)
        // Each piece repeats the operand's text, so a large operand is better moved out than
        // copied.
        let pieceCount = 1 + max(max(minimum, maximum ?? 0) - max(firstChunk, 1), 0) / max(laterChunk, 1) + 1
        guard firstChunk >= 1, laterChunk >= 1,
              LlamaRepetitionBudget.saturatingProduct(pieceCount, Self.nodeCount(of: normalOperand))
                <= LlamaRepetitionBudget.largestSplitSize
        else {
            return hoist(normalOperand, minimum: minimum, maximum: maximum, before: before)
        }

        var pieces: [GrammarExpression] = []
        var requiredLeft = minimum
        if let maximum {
            // Counts add up: x{a,b} x{c,d} is x{a+c,b+d}. Fill the required part first so the
            // pieces read as "exactly c, exactly c, …, then up to the rest".
            var optionalLeft = maximum
            while optionalLeft > 0 {
                let upper = min(pieces.isEmpty ? firstChunk : laterChunk, optionalLeft)
                let lower = min(upper, requiredLeft)
                pieces.append(.repetition(normalOperand, minimum: lower, maximum: upper))
                optionalLeft -= upper
                requiredLeft -= lower
            }
        } else {
            while requiredLeft >= (pieces.isEmpty ? firstChunk : laterChunk) {
                let size = pieces.isEmpty ? firstChunk : laterChunk
                pieces.append(.repetition(normalOperand, minimum: size, maximum: size))
                requiredLeft -= size
            }
            pieces.append(.repetition(normalOperand, minimum: requiredLeft, maximum: nil))
        }
        return pieces.count == 1 ? pieces[0] : .sequence(pieces)
    }

    /// Moves `operand` into a new rule and repeats a reference to it, which weighs 1, so
    /// the repetition fits (split by its bounds alone if need be).
    private mutating func hoist(_ operand: GrammarExpression, minimum: Int, maximum: Int?, before: LlamaRepetitionBudget) -> GrammarExpression {
        var number = 1
        while takenNames.contains("\(ruleName)-\(number)") { number += 1 }
        let name = "\(ruleName)-\(number)"
        takenNames.insert(name)
        hoisted.append(Rule(name: name, body: operand))
        // The operand's names are no longer written here, only the new rule's.
        budget = before
        return normalizeRepetition(.reference(name), minimum: minimum, maximum: maximum)
    }

    /// The largest repetition size an operand of `weight` may take in llama.cpp.
    private static func chunk(forWeight weight: Int) -> Int {
        min(LlamaRepetitionBudget.threshold, LlamaRepetitionBudget.threshold / max(weight, 1))
    }

    /// How many expression nodes `expression` is made of, for bounding the size of split
    /// output.
    static func nodeCount(of expression: GrammarExpression) -> Int {
        switch expression {
        case .literal, .characterClass, .anyCharacter, .reference:
            1
        case .sequence(let items), .alternatives(let items):
            items.reduce(1) { LlamaRepetitionBudget.saturatingSum($0, nodeCount(of: $1)) }
        case .repetition(let operand, _, _):
            LlamaRepetitionBudget.saturatingSum(1, nodeCount(of: operand))
        }
    }
}
