import BridleRegex

/// Compiles a string that must match several patterns (and must not match others) into the
/// grammar of its JSON string content, through their product automaton
/// (``RegexAutomaton``): one rule per state and length, right-linear, each step a character
/// class spelled as ``PatternEncoding`` spells it inside a JSON string.
///
/// ```swift
/// // allOf: [{pattern: "^a"}, {pattern: "x$"}], not: {pattern: "b"}
/// try PatternAutomatonGrammar.expression(patterns: ["^a", "x$"], excluded: ["b"], length: nil, maximumRepeat: 16, builder: &builder, hint: "s")
/// // s-0 ::= "a" s-1      s-1 ::= "x" s-2 | [^"\\bx…] s-1 | …      (every string is a…x without b)
/// ```
///
/// Every decision narrows, so each admitted string is valid:
/// - required patterns are read as every engine agrees they match (the `inner` sets, as
///   ``PatternGrammar``), excluded patterns as any engine might match them (`outer`), so a
///   string is admitted only if it avoids them in every engine;
/// - lengths (in scalars) stay within `length`, and with no upper limit, at most
///   `maximumRepeat` beyond the shortest string that fits the lower one.
///
/// Work is bounded: the automata by ``RegexAutomaton/standardMaximumStates`` and the
/// product with lengths by ``maximumStates``, both typed errors naming the patterns.
enum PatternAutomatonGrammar {
    /// Product states (automaton state × length) the grammar may have: one rule each.
    static let maximumStates = 4_096

    /// The content expression, or nil when no string satisfies every pattern within `length`;
    /// `states` grows by the automaton's states and the product states built from them.
    static func expression(
        patterns: [String], excluded: [String], length: ClosedRange<Int>?, maximumRepeat: Int,
        builder: inout GrammarBuilder, hint: String, states: inout Int
    ) throws(PatternGrammarError) -> GrammarExpression? {
        let automaton: RegexAutomaton
        do {
            automaton = try combined(patterns: patterns, excluded: excluded)
        } catch {
            throw PatternGrammarError(regexError: error)
        }
        states += automaton.stateCount
        let source = automaton.source
        let minimum = length?.lowerBound ?? 0
        guard let shortest = shortestLength(of: automaton, atLeast: minimum) else { return nil }
        let upper = min(length?.upperBound ?? Int.max, shortest + max(0, maximumRepeat))
        if shortest > upper { return nil }
        guard upper.multipliedReportingOverflow(by: automaton.stateCount).partialValue <= maximumStates * 64,
            !upper.multipliedReportingOverflow(by: automaton.stateCount).overflow
        else { throw budgetError(source) }

        // live[n][q]: from state q after n scalars, an accepted end within the lengths is reachable.
        var live = Array(repeating: [Bool](repeating: false, count: automaton.stateCount), count: upper + 1)
        for n in stride(from: upper, through: 0, by: -1) {
            for state in 0..<automaton.stateCount {
                live[n][state] = (automaton.accepting[state] && n >= minimum)
                    || (n < upper && automaton.transitions[state].contains { live[n + 1][$0.target] })
            }
        }
        var reached: [[Int]] = [[automaton.start]]
        var count = 1
        for n in 0..<upper {
            var next: [Int] = []
            var seen = Set<Int>()
            for state in reached[n] {
                for move in automaton.transitions[state] where live[n + 1][move.target] && seen.insert(move.target).inserted {
                    next.append(move.target)
                }
            }
            count += next.count
            if count > maximumStates { throw budgetError(source) }
            reached.append(next)
        }
        states += count
        // Built from the longest strings back, so each rule's continuations exist; identical
        // bodies become one rule (the builder shares them), which merges equivalent states.
        var expressions: [Int: GrammarExpression] = [:]
        var encodings: [RegexScalarSet: GrammarExpression] = [:]
        for n in stride(from: upper, through: 0, by: -1) {
            var current: [Int: GrammarExpression] = [:]
            for state in reached[n] {
                var targets: [GrammarExpression] = []
                var sets: [GrammarExpression: RegexScalarSet] = [:]
                if n < upper {
                    for move in automaton.transitions[state] where live[n + 1][move.target] {
                        guard let next = expressions[move.target] else { continue }
                        if sets[next] == nil { targets.append(next) }
                        sets[next] = (sets[next] ?? .empty).union(move.scalars)
                    }
                }
                var options: [GrammarExpression] = targets.compactMap { next in
                    guard let set = sets[next], !set.withoutSurrogates.isEmpty else { return nil }
                    let step = encodings[set] ?? PatternEncoding.expression(for: set)
                    encodings[set] = step
                    return next == .empty ? step : .sequence([step, next])
                }
                if automaton.accepting[state] && n >= minimum { options.append(.empty) }
                if options.isEmpty { continue }
                if options == [.empty] {
                    current[state] = .empty
                } else {
                    current[state] = builder.rule("\(hint)-patterns-\(n)-\(state)", options.count == 1 ? options[0] : .alternatives(options))
                }
            }
            expressions = current
        }
        return expressions[automaton.start]
    }

    /// The intersection of every required pattern's automaton and every excluded pattern's
    /// complement.
    static func combined(patterns: [String], excluded: [String]) throws(ECMARegexError) -> RegexAutomaton {
        var parts: [RegexAutomaton] = []
        for pattern in patterns { parts.append(try RegexAutomaton(pattern: pattern, reading: .inner).minimized()) }
        for pattern in excluded { parts.append(try RegexAutomaton(pattern: pattern, reading: .outer).minimized().complement) }
        guard var result = parts.first else { return try RegexAutomaton(pattern: "") }
        // Smallest first, minimized at each step, so intermediate products stay small.
        for part in parts.dropFirst().sorted(by: { $0.stateCount < $1.stateCount }) { result = try result.intersection(part).minimized() }
        return result
    }

    /// The length of the shortest accepted string of at least `minimum` scalars.
    private static func shortestLength(of automaton: RegexAutomaton, atLeast minimum: Int) -> Int? {
        // Breadth first over (state, min(length, minimum)): lengths past the minimum are alike.
        var seen: Set<[Int]> = [[automaton.start, 0]]
        var frontier = [(automaton.start, 0)]
        var length = 0
        while !frontier.isEmpty {
            if frontier.contains(where: { automaton.accepting[$0.0] && $0.1 >= minimum }) { return length }
            var next: [(Int, Int)] = []
            for (state, counted) in frontier {
                for move in automaton.transitions[state] {
                    let key = [move.target, min(counted + 1, minimum)]
                    if seen.insert(key).inserted { next.append((move.target, key[1])) }
                }
            }
            frontier = next
            length += 1
        }
        return nil
    }

    private static func budgetError(_ source: String) -> PatternGrammarError {
        PatternGrammarError(
            kind: .unsupported, pattern: source, offset: 0,
            message: "the patterns together with the length limits need more than \(maximumStates) grammar rules; lower maxLength, simplify the patterns or keep fewer of them")
    }
}
