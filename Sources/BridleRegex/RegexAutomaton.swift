/// A deterministic finite automaton over Unicode scalars: what lets several patterns be
/// combined (all of them must match, some must not) where one regular expression can't say it.
///
/// States are numbered from ``start`` (0); each state's transitions partition the whole
/// alphabet (every scalar but the surrogates) into scalar-range sets, so the automaton is
/// complete and ``complement`` is exact. Character classes stay ranges throughout: no scalar
/// is ever enumerated.
///
/// ```swift
/// let a = try RegexAutomaton(pattern: "^a")           // JSON Schema's search: starts with a
/// let b = try RegexAutomaton(pattern: "x$")
/// let both = try a.intersection(b)
/// both.accepts("abx")                                  // true
/// both.shortestMember()                                // "ax"
/// try a.intersection(b.complement).accepts("abx")      // false
/// ```
///
/// Building follows ``ECMARegex``'s matcher (the reference: property tests hold the two to the
/// same answers) and is bounded by a state budget; going over it is an
/// ``ECMARegexError/Kind/budgetExceeded`` error naming the patterns.
package struct RegexAutomaton: Sendable {
    /// Which of a class escape's sets (``RegexScalarApproximation``) the automaton reads.
    package enum Reading: Sendable, Hashable {
        /// What every mainstream engine matches: for text a grammar may admit.
        case inner
        /// ECMA-262 itself: what the validator judges by.
        case exact
        /// What some engine may match: for a pattern that must not match anywhere.
        case outer

        func set(of approximation: RegexScalarApproximation) -> RegexScalarSet {
            switch self {
            case .inner: approximation.inner
            case .exact: approximation.exact
            case .outer: approximation.outer
            }
        }
    }

    package struct Transition: Sendable, Hashable {
        package var scalars: RegexScalarSet
        package var target: Int
    }

    /// Every scalar that can occur in text.
    package static let alphabet = RegexScalarSet.all.withoutSurrogates
    /// The states an automaton (one pattern's, or a product) may have unless told otherwise.
    package static let standardMaximumStates = 4_096

    package let start = 0
    /// Per state, disjoint sets covering ``alphabet``, each with the state it leads to.
    package internal(set) var transitions: [[Transition]]
    package internal(set) var accepting: [Bool]
    /// The patterns it was built from, for error messages: `a ∧ ¬b`.
    package internal(set) var source: String

    init(transitions: [[Transition]], accepting: [Bool], source: String) {
        self.transitions = transitions
        self.accepting = accepting
        self.source = source
    }

    package var stateCount: Int { transitions.count }

    static func budgetError(_ source: String, maximumStates: Int) -> ECMARegexError {
        ECMARegexError(
            kind: .budgetExceeded, pattern: source, offset: 0,
            message: "combining the patterns needs more than \(maximumStates) automaton states; simplify the patterns (fewer counted repetitions or alternatives) or keep fewer of them")
    }
}
