/// Boolean operations and questions on complete automata.
extension RegexAutomaton {
    /// The texts both accept: the product automaton, built from the start pair on.
    ///
    /// - Throws: ``ECMARegexError/Kind/budgetExceeded`` past `maximumStates` states.
    package func intersection(_ other: RegexAutomaton, maximumStates: Int = standardMaximumStates) throws(ECMARegexError) -> RegexAutomaton {
        struct Pair: Hashable { var left: Int; var right: Int }
        let source = "\(source) ∧ \(other.source)"
        var pairs = [Pair(left: start, right: other.start)]
        var indices = [pairs[0]: 0]
        var result: [[Transition]] = []
        var next = 0
        while next < pairs.count {
            let pair = pairs[next]
            var byTarget: [Int: RegexScalarSet] = [:]
            var order: [Int] = []
            for mine in transitions[pair.left] {
                for theirs in other.transitions[pair.right] {
                    let scalars = mine.scalars.intersection(theirs.scalars)
                    if scalars.isEmpty { continue }
                    let target = Pair(left: mine.target, right: theirs.target)
                    let index: Int
                    if let known = indices[target] {
                        index = known
                    } else {
                        guard pairs.count < maximumStates else { throw Self.budgetError(source, maximumStates: maximumStates) }
                        index = pairs.count
                        indices[target] = index
                        pairs.append(target)
                    }
                    if byTarget[index] == nil { order.append(index) }
                    byTarget[index] = (byTarget[index] ?? .empty).union(scalars)
                }
            }
            result.append(order.map { Transition(scalars: byTarget[$0] ?? .empty, target: $0) })
            next += 1
        }
        return RegexAutomaton(
            transitions: result, accepting: pairs.map { accepting[$0.left] && other.accepting[$0.right] }, source: source)
    }

    /// The texts it does not accept (exact, since every state has a move for every scalar).
    package var complement: RegexAutomaton {
        RegexAutomaton(transitions: transitions, accepting: accepting.map { !$0 }, source: "¬(\(source))")
    }

    package func accepts(_ text: String) -> Bool {
        var state = start
        for scalar in text.unicodeScalars {
            guard let move = transitions[state].first(where: { $0.scalars.contains(scalar.value) }) else { return false }
            state = move.target
        }
        return accepting[state]
    }

    /// Whether it accepts no text at all.
    package var isEmpty: Bool { shortestMember() == nil }

    /// A shortest accepted text, spelled with the lowest printable scalar of each step where
    /// there is one; nil when none is accepted.
    package func shortestMember() -> String? {
        var previous: [Int: (state: Int, scalar: UInt32)] = [start: (start, 0)]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let state = queue[head]
            head += 1
            if accepting[state] {
                var scalars: [Unicode.Scalar] = []
                var current = state
                while current != start, let step = previous[current] {
                    if let scalar = Unicode.Scalar(step.scalar) { scalars.append(scalar) }
                    current = step.state
                }
                var text = ""
                text.unicodeScalars.append(contentsOf: scalars.reversed())
                return text
            }
            for move in transitions[state] where previous[move.target] == nil {
                previous[move.target] = (state, Self.representative(of: move.scalars))
                queue.append(move.target)
            }
        }
        return nil
    }

    /// The states from which some accepting state is reachable (the others are dead ends).
    package var productiveStates: Set<Int> {
        var incoming: [[Int]] = Array(repeating: [], count: stateCount)
        for (state, moves) in transitions.enumerated() {
            for move in moves { incoming[move.target].append(state) }
        }
        var productive = Set(accepting.indices.filter { accepting[$0] })
        var stack = Array(productive)
        while let state = stack.popLast() {
            for source in incoming[state] where productive.insert(source).inserted { stack.append(source) }
        }
        return productive
    }

    private static func representative(of set: RegexScalarSet) -> UInt32 {
        let printable = set.intersection(RegexScalarSet(ranges: [0x21...0x7E]))
        return (printable.isEmpty ? set : printable).ranges.first?.lowerBound ?? 0
    }
}
