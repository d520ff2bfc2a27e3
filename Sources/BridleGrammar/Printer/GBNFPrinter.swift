/// Writes a ``Grammar`` as GBNF text in llama.cpp's dialect.
///
/// The output is deterministic (the same grammar gives byte-identical text), has one rule per
/// line in the grammar's order, and is exactly what ``Grammar/init(gbnf:rootName:)`` reads
/// back as ``Grammar/normalized()``:
///
/// - alternatives are separated by ` | `; parentheses appear only where precedence needs
///   them; the empty sequence is `""`, or `()` under a suffix (llama.cpp cannot repeat `""`);
/// - repetition is `*` (0…∞), `+` (1…∞), `?` (0…1), `{m}`, `{m,}` or `{m,n}`; bounds llama.cpp
///   would reject or misread (above 2000) are split into pieces it accepts, and a repeated
///   part too heavy for it moves into a rule of its own, see ``Grammar/normalized()``;
/// - literals and classes use only escapes llama.cpp knows. Control, format, separator,
///   private-use, unassigned and combining scalars are escaped (`\n`, `\x00`, `\u200B`);
///   other non-ASCII text stays literal unless `escapesNonASCII` is set.
///
/// It throws a ``GBNFPrintError`` instead of changing the grammar (renaming a rule, dropping
/// an empty class) when GBNF cannot say what the IR says.
///
/// ```swift
/// let grammar = Grammar(rules: [
///     Rule(name: "root", body: .sequence([.literal("n = "), .reference("digits")])),
///     Rule(name: "digits", body: .repetition(.characterClass(CharacterClass("0"..."9")), minimum: 1, maximum: nil)),
/// ])
/// try GBNFPrinter().print(grammar)
/// // root ::= "n = " digits
/// // digits ::= [0-9]+
/// ```
public struct GBNFPrinter: Sendable {
    /// Write every non-ASCII scalar as an escape, so the text is plain ASCII.
    public var escapesNonASCII: Bool

    public init(escapesNonASCII: Bool = false) {
        self.escapesNonASCII = escapesNonASCII
    }

    /// The GBNF text of `grammar`, one `name ::= body` line per rule, each ending in `\n`.
    public func print(_ grammar: Grammar) throws(GBNFPrintError) -> String {
        let normal = grammar.normalized()
        var names: Set<String> = []
        for rule in normal.rules {
            guard GBNFName.isValid(rule.name) else { throw .invalidRuleName(rule.name) }
            guard names.insert(rule.name).inserted else { throw .duplicateRule(rule.name) }
        }
        var emitter = GBNFEmitter(escapesNonASCII: escapesNonASCII, isLenient: false)
        var text = ""
        for rule in normal.rules {
            emitter.budget.knownSymbols.insert(rule.name)
            emitter.ruleName = rule.name
            emitter.output = ""
            try emitter.emit(rule.body, at: .body)
            text += "\(rule.name) ::= \(emitter.output)\n"
        }
        return text
    }

    /// `expression` as GBNF for messages: never throws, writes what it cannot print as
    /// `<nothing>`, `[]` or an invalid name, and does not normalise.
    func fragment(_ expression: GrammarExpression) -> String {
        var emitter = GBNFEmitter(escapesNonASCII: escapesNonASCII, isLenient: true)
        do {
            try emitter.emit(expression, at: .body)
        } catch {
            // Unreachable in lenient mode; the partial text is still the best description.
        }
        return emitter.output
    }
}

extension Grammar {
    /// The grammar as llama.cpp GBNF text; see ``GBNFPrinter``.
    ///
    /// ```swift
    /// Grammar(rules: [Rule(name: "root", body: .alternatives([.literal("yes"), .literal("no")]))]).gbnf
    /// // root ::= "yes" | "no"
    /// ```
    ///
    /// For a grammar the printer refuses, this is a single `#` comment line giving the reason
    /// (`# error: rule name 'my_rule' is not valid GBNF: …`) rather than text llama.cpp might
    /// misread: llama.cpp rejects a grammar with no rules, so the problem cannot go unnoticed.
    /// ``lint()`` reports the same problems; use ``GBNFPrinter/print(_:)`` to get the error as
    /// a ``GBNFPrintError``.
    public var gbnf: String {
        do {
            return try GBNFPrinter().print(self)
        } catch {
            // A name in the message could hold a line break, which would end the comment and
            // let the rest be read as a rule.
            return "# error: " + GBNFEscaping.literal(error.description, escapesNonASCII: false) + "\n"
        }
    }
}

/// Writes one expression at a time, replaying llama.cpp's symbol bookkeeping so that every
/// repetition is checked against the limits as it is written.
struct GBNFEmitter {
    let escapesNonASCII: Bool
    /// For messages: print what cannot be printed instead of throwing.
    let isLenient: Bool
    var budget = LlamaRepetitionBudget(knownSymbols: [])
    var ruleName = ""
    var output = ""

    init(escapesNonASCII: Bool, isLenient: Bool) {
        self.escapesNonASCII = escapesNonASCII
        self.isLenient = isLenient
    }

    mutating func emit(_ expression: GrammarExpression, at position: LlamaRepetitionBudget.Position) throws(GBNFPrintError) {
        switch expression {
        case .literal(let text):
            output += "\"" + GBNFEscaping.literal(text, escapesNonASCII: escapesNonASCII) + "\""
        case .characterClass(let characterClass):
            try emit(characterClass)
        case .anyCharacter:
            output += "."
        case .reference(let name):
            guard isLenient || GBNFName.isValid(name) else { throw .invalidReference(name, rule: ruleName) }
            budget.knownSymbols.insert(name)
            output += name
        case .sequence(let items) where items.isEmpty:
            // llama.cpp cannot put a suffix after `""` (it leaves nothing to repeat), so the
            // empty sequence is `()` there and the lighter `""` everywhere else.
            output += position == .operand ? "()" : "\"\""
        case .sequence(let items):
            let parenthesized = position == .element || position == .operand
            if parenthesized { output += "(" }
            for (index, item) in items.enumerated() {
                if index > 0 { output += " " }
                try emit(item, at: .element)
            }
            if parenthesized { output += ")" }
        case .alternatives(let items):
            guard !items.isEmpty else {
                guard isLenient else { throw .emptyAlternatives(rule: ruleName) }
                output += "<nothing>"
                return
            }
            let parenthesized = position != .body
            if parenthesized { output += "(" }
            for (index, item) in items.enumerated() {
                if index > 0 { output += " | " }
                try emit(item, at: .alternative)
            }
            if parenthesized { output += ")" }
        case .repetition(let operand, let minimum, let maximum):
            try emitRepetition(operand, minimum: minimum, maximum: maximum, parenthesized: position == .operand)
        }
    }

    private mutating func emitRepetition(_ operand: GrammarExpression, minimum: Int, maximum: Int?, parenthesized: Bool) throws(GBNFPrintError) {
        let largest = max(minimum, maximum ?? 0)
        if !isLenient {
            guard minimum >= 0, maximum.map({ $0 >= minimum }) ?? true else {
                throw .invalidRepetition(rule: ruleName, minimum: minimum, maximum: maximum)
            }
            guard largest <= LlamaRepetitionBudget.largestPrintableBound else {
                throw .repetitionTooLarge(rule: ruleName, count: largest)
            }
        }
        let plan = budget.operandPlan(for: operand, minimum: minimum, maximum: maximum)
        // Normalising made every repetition fit; checking again here means a mistake in that
        // bookkeeping surfaces as an error, not as text llama.cpp rejects.
        guard plan.fits || isLenient else { throw .repetitionTooComplex(rule: ruleName) }

        if parenthesized { output += "(" }
        try emit(operand, at: plan.isStacked ? .element : .operand)
        switch (minimum, maximum) {
        case (0, nil): output += "*"
        case (1, nil): output += "+"
        case (0, 1): output += "?"
        case (_, nil): output += "{\(minimum),}"
        case (_, let maximum?) where maximum == minimum: output += "{\(minimum)}"
        case (_, let maximum?): output += "{\(minimum),\(maximum)}"
        }
        if parenthesized { output += ")" }
    }

    private mutating func emit(_ characterClass: CharacterClass) throws(GBNFPrintError) {
        guard !characterClass.ranges.isEmpty || isLenient else { throw .emptyCharacterClass(rule: ruleName) }
        output += characterClass.isNegated ? "[^" : "["
        for (index, range) in characterClass.ranges.enumerated() {
            let isFirst = index == 0 && !characterClass.isNegated
            output += GBNFEscaping.classMember(range.lowerBound, isFirst: isFirst, escapesNonASCII: escapesNonASCII)
            if range.upperBound != range.lowerBound {
                output += "-" + GBNFEscaping.classMember(range.upperBound, isFirst: false, escapesNonASCII: escapesNonASCII)
            }
        }
        output += "]"
    }
}
