/// The subset construction over a ``RegexProgram``, mirroring ``RegexSearch`` step for step:
/// a state is the set of live consuming program states at a position, whether the pattern
/// accepts if the text ends there (`$` then holds), and, for a search, whether it has already
/// matched (then every continuation matches).
extension RegexAutomaton {
    /// The texts `pattern` matches somewhere in (JSON Schema's `pattern`,
    /// ``ECMARegex/containsMatch(in:)``), or as a whole when `anchored`.
    ///
    /// - Throws: ``ECMARegexError``: invalid syntax, unsupported features (backreferences,
    ///   lookaround), or more than `maximumStates` states.
    package init(
        pattern: String, reading: Reading = .exact, anchored: Bool = false, maximumStates: Int = standardMaximumStates
    ) throws(ECMARegexError) {
        let program = try RegexProgram(
            try RegexParser.parse(pattern), pattern: pattern,
            maximumStates: ECMARegexBudget.standard.maximumStates, reading: reading)
        var construction = SubsetConstruction(program: program, anchored: anchored)
        try construction.run(pattern: pattern, maximumStates: maximumStates)
        self.init(transitions: construction.transitions, accepting: construction.accepting, source: pattern)
    }
}

private struct SubsetConstruction {
    struct Key: Hashable {
        /// Sorted consuming program states.
        var live: [Int]
        var acceptsAtEnd: Bool
        var matched: Bool
    }

    let program: RegexProgram
    let anchored: Bool
    var keys: [Key] = []
    var indices: [Key: Int] = [:]
    var transitions: [[RegexAutomaton.Transition]] = []
    var accepting: [Bool] = []
    /// Program states reached after a scalar → the automaton state they close to.
    private var targetsBySeeds: [[Int]: Int] = [:]
    private var visited: [Int]
    private var generation = 0

    init(program: RegexProgram, anchored: Bool) {
        self.program = program
        self.anchored = anchored
        visited = Array(repeating: -1, count: program.states.count)
    }

    mutating func run(pattern: String, maximumStates: Int) throws(ECMARegexError) {
        _ = try index(of: close([program.start], atStart: true), pattern: pattern, maximumStates: maximumStates)
        var next = 0
        while next < keys.count {
            let key = keys[next]
            transitions[next] = try outgoing(key, pattern: pattern, maximumStates: maximumStates)
            next += 1
        }
    }

    private mutating func index(of key: Key, pattern: String, maximumStates: Int) throws(ECMARegexError) -> Int {
        if let existing = indices[key] { return existing }
        guard keys.count < maximumStates else { throw RegexAutomaton.budgetError(pattern, maximumStates: maximumStates) }
        indices[key] = keys.count
        keys.append(key)
        transitions.append([])
        accepting.append(key.acceptsAtEnd || key.matched)
        return keys.count - 1
    }

    private mutating func outgoing(_ key: Key, pattern: String, maximumStates: Int) throws(ECMARegexError) -> [RegexAutomaton.Transition] {
        if key.matched { return [RegexAutomaton.Transition(scalars: RegexAutomaton.alphabet, target: indices[key] ?? 0)] }
        // The alphabet split by each live state's set: blocks of scalars that reach the
        // same program states.
        var blocks: [(scalars: RegexScalarSet, seeds: [Int])] = [(RegexAutomaton.alphabet, [])]
        for state in key.live {
            guard case .consume(let set, let next) = program.states[state] else { continue }
            var refined: [(scalars: RegexScalarSet, seeds: [Int])] = []
            for block in blocks {
                let inside = block.scalars.intersection(set)
                if inside.isEmpty {
                    refined.append(block)
                    continue
                }
                refined.append((inside, block.seeds + [next]))
                let outside = block.scalars.subtracting(set)
                if !outside.isEmpty { refined.append((outside, block.seeds)) }
            }
            blocks = refined
        }
        var order: [Int] = []
        var scalarsByTarget: [Int: RegexScalarSet] = [:]
        for block in blocks {
            let seeds = Array(Set(block.seeds)).sorted() + (anchored ? [] : [program.start])
            let target: Int
            if let known = targetsBySeeds[seeds] {
                target = known
            } else {
                target = try index(of: close(seeds, atStart: false), pattern: pattern, maximumStates: maximumStates)
                targetsBySeeds[seeds] = target
            }
            if scalarsByTarget[target] == nil { order.append(target) }
            scalarsByTarget[target] = (scalarsByTarget[target] ?? .empty).union(block.scalars)
        }
        return order.map { RegexAutomaton.Transition(scalars: scalarsByTarget[$0] ?? .empty, target: $0) }
    }

    /// The state after reaching `seeds` at a position (the text's start when `atStart`).
    private mutating func close(_ seeds: [Int], atStart: Bool) -> Key {
        let inside = walk(seeds, atStart: atStart, atEnd: false)
        let atEnd = walk(seeds, atStart: atStart, atEnd: true)
        if !anchored && inside.accepted { return Key(live: [], acceptsAtEnd: true, matched: true) }
        return Key(live: inside.live, acceptsAtEnd: atEnd.accepted, matched: false)
    }

    /// The consuming states reachable from `seeds` without consuming, and whether the
    /// accepting state is (what ``RegexSearch``'s closure computes, with an explicit stack).
    private mutating func walk(_ seeds: [Int], atStart: Bool, atEnd: Bool) -> (live: [Int], accepted: Bool) {
        generation += 1
        var stack = seeds
        var live: [Int] = []
        var accepted = false
        while let current = stack.popLast() {
            guard visited[current] != generation else { continue }
            visited[current] = generation
            switch program.states[current] {
            case .consume: live.append(current)
            case .fork(let first, let second): stack += [second, first]
            case .atStart(let next): if atStart { stack.append(next) }
            case .atEnd(let next): if atEnd { stack.append(next) }
            case .accept: accepted = true
            }
        }
        return (live.sorted(), accepted)
    }
}
