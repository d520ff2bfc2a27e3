import BridleGrammar

/// A deliberately naive recogniser to check ``GrammarMatcher`` against: it computes, for
/// every rule, the set of spans of the input it derives, by iterating to a fixpoint. Slow
/// (fine for inputs of a few scalars) but obviously right, left recursion, empty rules
/// and all.
///
/// ```swift
/// ReferenceRecognizer(MatchFixtures.arithmetic).matches("1+2*3")   // true
/// ```
struct ReferenceRecognizer {
    let grammar: Grammar

    init(_ grammar: Grammar) {
        self.grammar = grammar
    }

    func matches(_ text: String) -> Bool {
        let scalars = text.unicodeScalars.map(\.value)
        let length = scalars.count
        var spans: [String: Set<Span>] = [:]
        var changed = true
        while changed {
            changed = false
            for rule in grammar.rules {
                let found = derive(rule.body, scalars, spans)
                if !found.isSubset(of: spans[rule.name] ?? []) {
                    spans[rule.name, default: []].formUnion(found)
                    changed = true
                }
            }
        }
        return spans[grammar.rootName]?.contains(Span(start: 0, end: length)) ?? false
    }

    struct Span: Hashable {
        var start: Int
        var end: Int
    }

    private func derive(_ expression: GrammarExpression, _ scalars: [UInt32], _ rules: [String: Set<Span>]) -> Set<Span> {
        let length = scalars.count
        switch expression {
        case .literal(let text):
            let literal = text.unicodeScalars.map(\.value)
            return Set((0...length).filter { start in
                start + literal.count <= length && Array(scalars[start..<start + literal.count]) == literal
            }.map { Span(start: $0, end: $0 + literal.count) })
        case .characterClass(let characterClass):
            return Set(scalars.indices.filter { characterClass.contains(scalars[$0]) }.map { Span(start: $0, end: $0 + 1) })
        case .anyCharacter:
            return Set(scalars.indices.map { Span(start: $0, end: $0 + 1) })
        case .reference(let name):
            return rules[name] ?? []
        case .alternatives(let parts):
            return parts.reduce(into: Set<Span>()) { $0.formUnion(derive($1, scalars, rules)) }
        case .sequence(let parts):
            return parts.reduce(identity(length)) { compose($0, derive($1, scalars, rules)) }
        case .repetition(let body, let minimum, let maximum):
            // Past max(minimum, length) + 1 copies, extra copies can only be empty ones, which
            // add no new spans, so stopping there is exact.
            let single = derive(body, scalars, rules)
            let last = min(maximum ?? Int.max, max(minimum, length) + 1)
            var result = Set<Span>()
            var power = identity(length)
            var count = 0
            while count <= last {
                if count >= minimum { result.formUnion(power) }
                power = compose(power, single)
                count += 1
            }
            return result
        }
    }

    private func identity(_ length: Int) -> Set<Span> {
        Set((0...length).map { Span(start: $0, end: $0) })
    }

    private func compose(_ left: Set<Span>, _ right: Set<Span>) -> Set<Span> {
        let byStart = Dictionary(grouping: right, by: \.start)
        var result = Set<Span>()
        for span in left {
            for next in byStart[span.end] ?? [] {
                result.insert(Span(start: span.start, end: next.end))
            }
        }
        return result
    }
}
