/// A Thompson automaton for a ``RegexNode`` tree over Unicode scalars: each state consumes one
/// scalar from a set, forks, or asserts a text boundary. ``RegexSearch`` runs it by keeping the
/// set of live states, never backtracking.
///
/// Counted repetitions are unrolled (`a{2,4}` is `a a (a (a)?)?`), so the state count grows
/// with the counts; building stops with ``ECMARegexError/Kind/budgetExceeded`` once it passes
/// the budget's ``ECMARegexBudget/maximumStates``. Building recurses once per tree level, which
/// the parser bounds (groups nest at most ``RegexParser/maximumNesting`` deep).
struct RegexProgram: Sendable {
    enum State: Sendable {
        /// Consume one scalar in the set, then go on at `next`.
        case consume(RegexScalarSet, next: Int)
        /// Go on at both.
        case fork(Int, Int)
        /// Go on at `next` only at the start of the text (`^`).
        case atStart(next: Int)
        /// Go on at `next` only at the end of the text (`$`).
        case atEnd(next: Int)
        /// The whole pattern matched.
        case accept
    }

    private(set) var states: [State] = []
    /// Where matching begins.
    private(set) var start = 0

    /// The automaton of `tree`, matching by ECMA-262's exact sets, or by the sets `reading`
    /// picks (the grammar's narrower or wider readings, for ``RegexAutomaton``).
    init(_ tree: RegexNode, pattern: String, maximumStates: Int, reading: RegexAutomaton.Reading = .exact) throws(ECMARegexError) {
        var builder = Builder(pattern: pattern, maximumStates: maximumStates, reading: reading)
        let accept = try builder.add(.accept)
        start = try builder.build(tree, next: accept)
        states = builder.states
    }

    /// Builds back to front: each part is built knowing where it continues.
    private struct Builder {
        let pattern: String
        let maximumStates: Int
        let reading: RegexAutomaton.Reading
        var states: [State] = []

        init(pattern: String, maximumStates: Int, reading: RegexAutomaton.Reading) {
            self.pattern = pattern
            self.maximumStates = maximumStates
            self.reading = reading
        }

        mutating func add(_ state: State) throws(ECMARegexError) -> Int {
            guard states.count < maximumStates else {
                throw ECMARegexError(
                    kind: .budgetExceeded, pattern: pattern, offset: 0,
                    message: "the pattern needs more than \(maximumStates) matcher states (counted repetitions such as {1000} are unrolled); use smaller counts or raise ECMARegexBudget.maximumStates")
            }
            states.append(state)
            return states.count - 1
        }

        /// The entry state of `node`, which continues at `next`.
        mutating func build(_ node: RegexNode, next: Int) throws(ECMARegexError) -> Int {
            switch node {
            case .set(let set):
                return try add(.consume(reading.set(of: set), next: next))
            case .sequence(let items):
                var entry = next
                for item in items.reversed() { entry = try build(item, next: entry) }
                return entry
            case .alternation(let items):
                guard let last = items.last else {
                    return try add(.consume(.empty, next: next))  // matches nothing
                }
                var entry = try build(last, next: next)
                for item in items.dropLast().reversed() {
                    entry = try add(.fork(try build(item, next: next), entry))
                }
                return entry
            case .repetition(let item, let minimum, let maximum):
                var entry: Int
                if let maximum {
                    // Optional copies nest, so each may be skipped straight to `next`.
                    entry = next
                    for _ in 0..<(maximum - minimum) {
                        entry = try add(.fork(try build(item, next: entry), next))
                    }
                } else {
                    // A loop: the fork goes into the item (which comes back to it) or on.
                    let loop = try add(.fork(next, next))
                    let body = try build(item, next: loop)
                    states[loop] = .fork(body, next)
                    entry = loop
                }
                for _ in 0..<minimum { entry = try build(item, next: entry) }
                return entry
            case .startAnchor:
                return try add(.atStart(next: next))
            case .endAnchor:
                return try add(.atEnd(next: next))
            }
        }
    }
}
