/// Moore's partition refinement: states that accept the same texts become one, so products
/// of several patterns stay small (and every dead end becomes one dead state).
extension RegexAutomaton {
    package func minimized() -> RegexAutomaton {
        struct Signature: Hashable {
            var block: Int
            var moves: [Transition]
        }
        var block = accepting.map { $0 ? 1 : 0 }
        var count = Set(block).count
        func moves(of state: Int) -> [Transition] {
            var byBlock: [Int: RegexScalarSet] = [:]
            for move in transitions[state] { byBlock[block[move.target]] = (byBlock[block[move.target]] ?? .empty).union(move.scalars) }
            return byBlock.keys.sorted().map { Transition(scalars: byBlock[$0] ?? .empty, target: $0) }
        }
        while true {
            var ids: [Signature: Int] = [:]
            let refined = transitions.indices.map { state in
                let signature = Signature(block: block[state], moves: moves(of: state))
                if let id = ids[signature] { return id }
                ids[signature] = ids.count
                return ids.count - 1
            }
            block = refined
            if ids.count == count { break }
            count = ids.count
        }
        // Renumbered breadth first from the start, so the start stays state 0.
        var number: [Int: Int] = [block[start]: 0]
        var representatives = [start]
        var result: [[Transition]] = []
        var next = 0
        while next < representatives.count {
            let state = representatives[next]
            result.append(moves(of: state).map { move in
                if number[move.target] == nil {
                    number[move.target] = representatives.count
                    representatives.append(transitions[state].first { block[$0.target] == move.target }?.target ?? start)
                }
                return Transition(scalars: move.scalars, target: number[move.target] ?? 0)
            })
            next += 1
        }
        return RegexAutomaton(transitions: result, accepting: representatives.map { accepting[$0] }, source: source)
    }
}
