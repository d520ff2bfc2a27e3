/// A parsed ECMA-262 regular expression, reduced to what decides its language: one scalar
/// from a set, sequences, alternatives, repetitions and the two anchors. Captures, names and
/// laziness are dropped (they don't change which strings match).
package indirect enum RegexNode: Sendable, Hashable {
    /// One scalar from the set: ``RegexScalarApproximation/exact`` when matching by
    /// ECMA-262 (``ECMARegex``), ``RegexScalarApproximation/inner`` when generating (the
    /// grammar admits only what every mainstream engine agrees on).
    case set(RegexScalarApproximation)
    /// Each part in turn; `[]` matches the empty string.
    case sequence([RegexNode])
    /// Any one of the parts.
    case alternation([RegexNode])
    /// `maximum == nil`: no upper limit (`*`, `+`, `{n,}`).
    case repetition(RegexNode, minimum: Int, maximum: Int?)
    /// `^`, at `offset` in the pattern.
    case startAnchor(offset: Int)
    /// `$`, at `offset` in the pattern.
    case endAnchor(offset: Int)
}
