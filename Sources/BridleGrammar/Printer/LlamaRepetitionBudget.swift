/// A model of the limits llama.cpp's GBNF parser puts on repetition, so the printer and
/// ``Grammar/normalized()`` can keep every `{m,n}` inside them.
///
/// llama.cpp (`llama-grammar.cpp`, `MAX_REPETITION_THRESHOLD` = 2000) expands `S{m,n}` into
/// `m` inline copies of `S` plus `n - m` generated rules, and guards that expansion three ways:
///
/// - a minimum above 2000 is an error;
/// - a maximum above 2000 is silently read as *no* maximum, so `"a"{0,5000}` means `"a"*`;
/// - the "weight" of the repeated item times the repetition's size must not exceed 2000. The
///   weight is 1 for a literal, class, `.` or rule name; for `( … )` it is the number of
///   symbols llama.cpp created while parsing the group (the group itself, every generated
///   repetition rule inside it, and every rule name it had not seen before, which makes it
///   depend on what was printed earlier); for a stacked suffix (`x{2}{3}`) the product.
///
/// This type replays that bookkeeping over the IR in print order, so its answers are exact
/// for the text ``GBNFPrinter`` writes, not estimates.
///
/// ```swift
/// var budget = LlamaRepetitionBudget(knownSymbols: ["root"])
/// budget.operandPlan(for: .sequence([.literal("a"), .reference("b")]), minimum: 0, maximum: 1500)
/// // weight 2 (the group and the new name "b"): 2 × 1500 > 2000, so it does not fit
/// ```
struct LlamaRepetitionBudget {
    /// llama.cpp's `MAX_REPETITION_THRESHOLD`.
    static let threshold = 2000
    /// The largest bound the printer will split. Each unit of a bound costs llama.cpp a rule or
    /// an inline copy, so beyond this the grammar stops being practical to sample.
    static let largestPrintableBound = 100_000
    /// The most expression nodes the pieces of one split may hold. Every piece repeats the
    /// operand, so a large operand (or one already split inside) would multiply the text;
    /// beyond this it moves into a rule of its own instead.
    static let largestSplitSize = 100_000

    /// Where an expression is printed, which decides whether it gets parentheses (and so a
    /// generated group rule in llama.cpp).
    enum Position {
        /// The whole right-hand side of a rule, or the inside of `( … )`.
        case body
        /// One alternative of a `|` list.
        case alternative
        /// One item of a sequence.
        case element
        /// The item a `*`, `+`, `?` or `{…}` applies to.
        case operand
    }

    /// How the operand of a repetition is printed and what it weighs.
    struct OperandPlan {
        /// `x{2}{3}` rather than `(x{2}){3}`; only ever true for an operand that is itself a
        /// repetition.
        var isStacked: Bool
        /// llama.cpp's `n_prev_rules` for the operand in the chosen form.
        var weight: Int
        /// The smallest weight of any form llama.cpp accepts; splitting aims for this.
        var lightestWeight: Int
        /// Whether the repetition, printed this way, passes llama.cpp's checks.
        var fits: Bool
    }

    /// Names llama.cpp has already registered at this point of the text: rule heads and rule
    /// references printed so far.
    var knownSymbols: Set<String>

    // MARK: Arithmetic of llama.cpp's expansion

    /// llama.cpp's `total_rules` for `{minimum,maximum}`.
    static func size(minimum: Int, maximum: Int?) -> Int {
        if let maximum, maximum > 0 { return maximum }
        return minimum > 0 ? minimum : 1
    }

    /// How many rules llama.cpp generates for the optional part of `{minimum,maximum}`.
    static func generatedRules(minimum: Int, maximum: Int?) -> Int {
        guard let maximum else { return 1 }
        // Saturating: lint and messages summarise invalid bounds too, such as {-5,Int.max}.
        let (difference, overflow) = maximum.subtractingReportingOverflow(minimum)
        return overflow ? Int.max : max(difference, 0)
    }

    /// Whether `{minimum,maximum}` of an operand of `weight` passes llama.cpp's checks.
    static func fits(weight: Int, minimum: Int, maximum: Int?) -> Bool {
        guard minimum >= 0, minimum <= threshold else { return false }
        if let maximum, maximum < minimum || maximum > threshold { return false }
        return saturatingProduct(weight, size(minimum: minimum, maximum: maximum)) <= threshold
    }

    static func saturatingProduct(_ a: Int, _ b: Int) -> Int {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? Int.max : product
    }

    static func saturatingSum(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : sum
    }

    // MARK: Replaying the parse

    /// What llama.cpp's bookkeeping makes of one expression, gathered in a single pass so
    /// nested repetitions cost linear, not exponential, time.
    struct Summary {
        /// Symbols created while parsing the expression without parentheses of its own.
        var symbols: Int
        /// For a repetition: `n_prev_rules` right after its suffix, which is what a further
        /// suffix stacked on it multiplies. `nil` when nothing can be stacked on it (`x{0}`).
        var stackedWeight: Int?
    }

    /// Whether `expression` printed at `position` gets parentheses, adding a group rule.
    /// (A repetition operand may instead be stacked; ``operandPlan(for:minimum:maximum:)``
    /// decides that.)
    static func parenthesizes(_ expression: GrammarExpression, at position: Position) -> Bool {
        switch expression {
        case .literal, .characterClass, .anyCharacter, .reference:
            false
        case .sequence(let items) where items.isEmpty:
            // `()` under a suffix, `""` elsewhere.
            position == .operand
        case .sequence:
            position == .operand || position == .element
        case .alternatives:
            position != .body
        case .repetition:
            position == .operand
        }
    }

    /// Replays parsing `expression` (without parentheses of its own), noting the rule names
    /// it registers.
    mutating func summarize(_ expression: GrammarExpression) -> Summary {
        switch expression {
        case .literal, .characterClass, .anyCharacter:
            return Summary(symbols: 0)
        case .reference(let name):
            return Summary(symbols: knownSymbols.insert(name).inserted ? 1 : 0)
        case .sequence(let items), .alternatives(let items):
            let position: Position = if case .sequence = expression { .element } else { .alternative }
            var symbols = 0
            for item in items {
                let parentheses = Self.parenthesizes(item, at: position) ? 1 : 0
                symbols = Self.saturatingSum(symbols, Self.saturatingSum(summarize(item).symbols, parentheses))
            }
            return Summary(symbols: symbols)
        case .repetition(let operand, let minimum, let maximum):
            let summary = summarize(operand)
            let plan = Self.plan(for: operand, summary: summary, minimum: minimum, maximum: maximum)
            let parentheses = !plan.isStacked && Self.parenthesizes(operand, at: .operand) ? 1 : 0
            var symbols = Self.saturatingSum(summary.symbols, parentheses)
            symbols = Self.saturatingSum(symbols, Self.generatedRules(minimum: minimum, maximum: maximum))
            // `x{0}` leaves nothing behind in llama.cpp's rule for a suffix to apply to.
            let stacked = maximum == 0 ? nil : Self.saturatingProduct(plan.weight, Self.size(minimum: minimum, maximum: maximum))
            return Summary(symbols: symbols, stackedWeight: stacked)
        }
    }

    /// The symbols llama.cpp creates while parsing `expression` printed at `position`, noting
    /// the rule names it registers along the way.
    mutating func generatedSymbols(_ expression: GrammarExpression, at position: Position) -> Int {
        let parentheses = Self.parenthesizes(expression, at: position) ? 1 : 0
        return Self.saturatingSum(summarize(expression).symbols, parentheses)
    }

    /// How `operand{minimum,maximum}` would be printed from here, and whether llama.cpp accepts
    /// it. Does not change the known symbols.
    func operandPlan(for operand: GrammarExpression, minimum: Int, maximum: Int?) -> OperandPlan {
        var copy = self
        return Self.plan(for: operand, summary: copy.summarize(operand), minimum: minimum, maximum: maximum)
    }

    private static func plan(for operand: GrammarExpression, summary: Summary, minimum: Int, maximum: Int?) -> OperandPlan {
        let parentheses = parenthesizes(operand, at: .operand) ? 1 : 0
        // A group weighs the symbols created inside it, itself included; anything else 1.
        let grouped = parentheses == 1 ? max(1, saturatingSum(summary.symbols, 1)) : 1
        guard case .repetition = operand, let stacked = summary.stackedWeight else {
            let fits = fits(weight: grouped, minimum: minimum, maximum: maximum)
            return OperandPlan(isStacked: false, weight: grouped, lightestWeight: grouped, fits: fits)
        }
        let lightest = min(grouped, stacked)
        // Parentheses read better (`(x?)*`, not `x?*`), so stack only when the group is too
        // heavy.
        if fits(weight: grouped, minimum: minimum, maximum: maximum) {
            return OperandPlan(isStacked: false, weight: grouped, lightestWeight: lightest, fits: true)
        }
        if fits(weight: stacked, minimum: minimum, maximum: maximum) {
            return OperandPlan(isStacked: true, weight: stacked, lightestWeight: lightest, fits: true)
        }
        return OperandPlan(isStacked: false, weight: grouped, lightestWeight: lightest, fits: false)
    }
}
