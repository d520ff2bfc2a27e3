/// Runs a ``RegexProgram`` over a text, one scalar at a time, keeping the set of live states
/// (Thompson's simulation): every state is visited at most once per text position, so a
/// judgment takes at most `2 × states × (scalars + 1)` steps (a visit and a scalar test per
/// state and position), counted against a budget. The closure over forks uses an explicit
/// stack, not recursion.
struct RegexSearch {
    private let program: RegexProgram
    private let pattern: String
    private let maximumSteps: Int
    private var steps = 0
    /// `visited[state] == generation`: the state is already live at this position.
    private var visited: [Int]
    private var generation = 0
    private var stack: [Int] = []

    init(program: RegexProgram, pattern: String, maximumSteps: Int) {
        self.program = program
        self.pattern = pattern
        self.maximumSteps = maximumSteps
        self.visited = Array(repeating: -1, count: program.states.count)
    }

    /// Whether the program matches `text`: anywhere in it (`anchored == false`, ECMA-262's
    /// `RegExp.test`), or all of it.
    mutating func run(_ text: String, anchored: Bool) throws(ECMARegexError) -> Bool {
        let scalars = Array(text.unicodeScalars)
        var live: [Int] = []
        var next: [Int] = []
        if try close(program.start, at: 0, of: scalars.count, into: &live, anchored: anchored) { return true }
        for (index, scalar) in scalars.enumerated() {
            generation += 1
            next.removeAll(keepingCapacity: true)
            for state in live {
                try count()
                guard case .consume(let set, let target) = program.states[state], set.contains(scalar.value) else { continue }
                if try close(target, at: index + 1, of: scalars.count, into: &next, anchored: anchored) { return true }
            }
            // Unanchored: a match may also begin here.
            if !anchored, try close(program.start, at: index + 1, of: scalars.count, into: &next, anchored: anchored) { return true }
            swap(&live, &next)
            if live.isEmpty && anchored { return false }
        }
        return false
    }

    private mutating func count() throws(ECMARegexError) {
        steps += 1
        if steps > maximumSteps {
            throw ECMARegexError(
                kind: .budgetExceeded, pattern: pattern, offset: 0,
                message: "judging the text takes more than \(maximumSteps) matcher steps; shorten the text or the pattern's counted repetitions, or raise ECMARegexBudget.maximumSteps")
        }
    }

    /// Adds `state` and every state reachable from it without consuming to `live`, for text
    /// position `position` of `length`; true once an accepting state counts as a match
    /// (anywhere when unanchored, only at the end when anchored).
    private mutating func close(_ state: Int, at position: Int, of length: Int, into live: inout [Int], anchored: Bool) throws(ECMARegexError) -> Bool {
        stack.append(state)
        defer { stack.removeAll(keepingCapacity: true) }
        while let current = stack.popLast() {
            guard visited[current] != generation else { continue }
            visited[current] = generation
            try count()
            switch program.states[current] {
            case .consume:
                live.append(current)
            case .fork(let first, let second):
                stack.append(second)
                stack.append(first)
            case .atStart(let next):
                if position == 0 { stack.append(next) }
            case .atEnd(let next):
                if position == length { stack.append(next) }
            case .accept:
                if !anchored || position == length { return true }
            }
        }
        return false
    }
}
