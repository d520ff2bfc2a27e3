/// Lowers the expression trees of a ``Grammar`` into flat productions (see
/// ``EarleyProgram``), then removes what can never finish so that every item the
/// recogniser keeps can still reach a whole sentence.
///
/// ```swift
/// var builder = try EarleyProgramBuilder(CheckedRules(grammar))
/// let layout = try builder.finish()   // what EarleyProgram's initialiser stores
/// ```
struct EarleyProgramBuilder {
    struct Layout {
        var symbols: [Int32] = []
        var productionStarts: [UInt32] = []
        var productionOffsets: [Int] = [0]
        var nullable: [Bool] = []
        var repetitionIndex: [Int32] = []
        var repetitions: [EarleyProgram.Repetition] = []
        var terminals: [ScalarRanges] = []
        var start: Int32 = 0
    }

    private let checked: CheckedRules
    /// Productions of each nonterminal; repetition nonterminals have none here.
    private var productions: [[[Int32]]]
    private var repetitions: [EarleyProgram.Repetition] = []
    private var repetitionIndex: [Int32]
    private var terminals: [ScalarRanges] = []
    private var terminalIndex: [ScalarRanges: Int] = [:]
    // Identical sub-expressions (the same `[0-9]+` in many rules) share one helper.
    private var helperCache: [GrammarExpression: Int32] = [:]
    private var start: Int32 = 0

    init(_ checked: CheckedRules) throws(GrammarMatcherError) {
        self.checked = checked
        let rules = checked.grammar.rules
        productions = Array(repeating: [], count: rules.count)
        repetitionIndex = Array(repeating: -1, count: rules.count)
        for (position, rule) in rules.enumerated() {
            productions[position] = try alternatives(of: rule.body)
        }
        start = try newNonterminal()
        productions[Int(start)] = [[Int32(checked.rootIndex)]]
    }

    // MARK: Lowering

    private mutating func newNonterminal() throws(GrammarMatcherError) -> Int32 {
        guard productions.count < EarleySymbol.limit else { throw .grammarTooLarge }
        productions.append([])
        repetitionIndex.append(-1)
        return Int32(productions.count - 1)
    }

    private mutating func terminal(_ set: ScalarRanges) throws(GrammarMatcherError) -> Int32 {
        if let existing = terminalIndex[set] { return EarleySymbol.terminal(existing) }
        guard terminals.count < EarleySymbol.limit else { throw .grammarTooLarge }
        terminals.append(set)
        terminalIndex[set] = terminals.count - 1
        return EarleySymbol.terminal(terminals.count - 1)
    }

    private mutating func alternatives(of expression: GrammarExpression) throws(GrammarMatcherError) -> [[Int32]] {
        if case .alternatives(let parts) = expression {
            var result: [[Int32]] = []
            for part in parts {
                result.append(try symbols(of: part))
            }
            return result
        }
        return [try symbols(of: expression)]
    }

    private mutating func symbols(of expression: GrammarExpression) throws(GrammarMatcherError) -> [Int32] {
        switch expression {
        case .sequence(let parts):
            var result: [Int32] = []
            for part in parts {
                result += try symbols(of: part)
            }
            return result
        case .alternatives(let parts):
            if parts.count == 1 { return try symbols(of: parts[0]) }
            return [try helper(for: expression)]
        case .literal(let text):
            var result: [Int32] = []
            for scalar in text.unicodeScalars {
                result.append(try terminal(ScalarRanges(scalar: scalar.value)))
            }
            return result
        case .characterClass(let characterClass):
            return [try terminal(ScalarRanges(characterClass))]
        case .anyCharacter:
            return [try terminal(.all)]
        case .reference(let name):
            return [Int32(checked.index(of: name))]
        case .repetition(let body, let minimum, let maximum):
            if maximum == 0 { return [] }
            if minimum == 1, maximum == 1 { return try symbols(of: body) }
            return [try repetition(of: body, minimum: minimum, maximum: maximum, expression: expression)]
        }
    }

    /// A nonterminal whose productions are the alternatives of `expression`.
    private mutating func helper(for expression: GrammarExpression) throws(GrammarMatcherError) -> Int32 {
        if let cached = helperCache[expression] { return cached }
        let lowered = try alternatives(of: expression)
        let nonterminal = try newNonterminal()
        productions[Int(nonterminal)] = lowered
        helperCache[expression] = nonterminal
        return nonterminal
    }

    private mutating func repetition(
        of body: GrammarExpression, minimum: Int, maximum: Int?, expression: GrammarExpression
    ) throws(GrammarMatcherError) -> Int32 {
        if let cached = helperCache[expression] { return cached }
        let limit = Int(Int32.max)
        guard minimum < limit, (maximum ?? 0) < limit else { throw .grammarTooLarge }
        let lowered = try symbols(of: body)
        let bodySymbol: Int32
        if lowered.count == 1 {
            bodySymbol = lowered[0]
        } else {
            bodySymbol = try newNonterminal()
            productions[Int(bodySymbol)] = [lowered]
        }
        let nonterminal = try newNonterminal()
        repetitionIndex[Int(nonterminal)] = Int32(repetitions.count)
        repetitions.append(.init(
            nonterminal: nonterminal, body: bodySymbol, minimum: UInt32(minimum),
            maximum: maximum.map { UInt32($0) }, base: 0))
        helperCache[expression] = nonterminal
        return nonterminal
    }

    // MARK: Analysis and layout

    mutating func finish() throws(GrammarMatcherError) -> Layout {
        let productive = productiveNonterminals()
        let terminals = terminals
        func isProductive(_ symbol: Int32) -> Bool {
            symbol >= 0 ? productive[Int(symbol)] : !terminals[EarleySymbol.terminalIndex(symbol)].isEmpty
        }
        // Drop what can never finish: the recogniser then never accepts a byte that leads
        // only to dead ends, so `accept` means "still a prefix of some sentence".
        for nonterminal in productions.indices {
            productions[nonterminal].removeAll { !$0.allSatisfy(isProductive) }
        }
        for position in repetitions.indices where !isProductive(repetitions[position].body) {
            // Only zero copies are possible; a nonzero minimum made the repetition itself
            // unproductive, and the productions using it are gone already.
            repetitions[position].maximum = 0
        }

        let nullable = nullableNonterminals()
        for position in repetitions.indices {
            let body = repetitions[position].body
            if body >= 0, nullable[Int(body)] {
                // With an empty-capable body, `x{m,n}` is `x{0,n}`: a missing copy can be
                // empty. Starting at zero lets the recogniser skip the usual "advance over
                // a nullable symbol" step inside the repetition, which would otherwise walk
                // through every count at one position.
                repetitions[position].minimum = 0
            }
        }

        var layout = Layout()
        for nonterminal in productions.indices {
            for production in productions[nonterminal] {
                layout.productionStarts.append(UInt32(layout.symbols.count))
                layout.symbols += production
                layout.symbols.append(EarleySymbol.end(Int32(nonterminal)))
            }
            layout.productionOffsets.append(layout.productionStarts.count)
        }
        var nextState = layout.symbols.count
        for position in repetitions.indices {
            repetitions[position].base = UInt32(nextState)
            let repetition = repetitions[position]
            nextState += Int(repetition.maximum ?? repetition.minimum) + 1
            guard nextState < Int(Int32.max) else { throw .grammarTooLarge }
        }
        guard layout.symbols.count < Int(Int32.max) else { throw .grammarTooLarge }
        layout.nullable = nullable
        layout.repetitionIndex = repetitionIndex
        layout.repetitions = repetitions
        layout.terminals = terminals
        layout.start = start
        return layout
    }

    /// The nonterminals that derive a whole sentence.
    private func productiveNonterminals() -> [Bool] {
        closure { !terminals[EarleySymbol.terminalIndex($0)].isEmpty }
    }

    /// The nonterminals that derive the empty text.
    private func nullableNonterminals() -> [Bool] {
        closure { _ in false }
    }

    /// The least set of nonterminals with a production whose every symbol is in the set or a
    /// terminal that `holds`, or with a repetition of zero copies or of a body in the set.
    ///
    /// A worklist, not a pass repeated until nothing changes: each production counts the
    /// symbols it still waits for, so the work is linear in the grammar's size. Repeated passes
    /// cost one pass per link of a chain of rules, quadratic in a 50,000-rule chain.
    private func closure(_ holds: (Int32) -> Bool) -> [Bool] {
        var member = Array(repeating: false, count: productions.count)
        var queue: [Int32] = []
        func add(_ nonterminal: Int32) {
            guard !member[Int(nonterminal)] else { return }
            member[Int(nonterminal)] = true
            queue.append(nonterminal)
        }
        // Waiting productions: their owners and how many symbol occurrences each still waits for.
        var owners: [Int32] = []
        var waiting: [Int] = []
        // For each nonterminal, the waiting productions that name it, once per occurrence.
        var watchers = Array(repeating: [Int32](), count: productions.count)
        for nonterminal in productions.indices {
            let repetition = repetitionIndex[nonterminal]
            if repetition >= 0 {
                let item = repetitions[Int(repetition)]
                if item.minimum == 0 || (item.body < 0 && holds(item.body)) {
                    add(Int32(nonterminal))
                } else if item.body >= 0 {
                    watchers[Int(item.body)].append(Int32(owners.count))
                    owners.append(Int32(nonterminal))
                    waiting.append(1)
                }
                continue
            }
            for production in productions[nonterminal] where production.allSatisfy({ $0 >= 0 || holds($0) }) {
                let named = production.filter { $0 >= 0 }
                if named.isEmpty {
                    add(Int32(nonterminal))
                    continue
                }
                for symbol in named { watchers[Int(symbol)].append(Int32(owners.count)) }
                owners.append(Int32(nonterminal))
                waiting.append(named.count)
            }
        }
        while let next = queue.popLast() {
            for production in watchers[Int(next)] {
                waiting[Int(production)] -= 1
                if waiting[Int(production)] == 0 { add(owners[Int(production)]) }
            }
        }
        return member
    }
}
