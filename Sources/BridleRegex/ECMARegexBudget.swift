/// The work an ``ECMARegex`` may do, counted rather than timed so that a judgment is
/// deterministic: the same pattern and text succeed or fail the same way on every machine.
///
/// - ``maximumStates`` bounds the compiled automaton. Counted repetitions are unrolled, so
///   `(?:[a-z]{100}){100}` needs about 10 000 states; a pattern over the budget is refused
///   when the regex is built.
/// - ``maximumSteps`` bounds one judgment (``ECMARegex/containsMatch(in:)`` or
///   ``ECMARegex/matchesWhole(_:)``): a step is one automaton state visited, or tested against
///   a scalar, at one text position, so a judgment costs at most `2 × states × (scalars + 1)`
///   steps whatever the pattern (no backtracking, no exponential blow-up on `(a*)*b`).
///
/// ```swift
/// let tight = ECMARegexBudget(maximumStates: 1_000, maximumSteps: 100_000)
/// try ECMARegex("^[a-z]+$", budget: tight).matchesWhole("abc")   // true
/// ```
public struct ECMARegexBudget: Sendable, Hashable {
    /// The most automaton states a pattern may compile to.
    public var maximumStates: Int
    /// The most steps one judgment may take.
    public var maximumSteps: Int

    public init(maximumStates: Int = 100_000, maximumSteps: Int = 50_000_000) {
        self.maximumStates = maximumStates
        self.maximumSteps = maximumSteps
    }

    /// 100 000 states and 50 million steps: room for any pattern the grammar compiler takes
    /// (counts up to 10 000) judged against texts of a few thousand characters.
    public static let standard = ECMARegexBudget()
}
