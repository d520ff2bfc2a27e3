/// A grammar that cannot become an ``OutputConstraint``: llama.cpp's GBNF parser (and so every
/// server built on it) would refuse it.
public struct OutputConstraintError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong and what to change.
    public let reason: String

    public var description: String { "The grammar cannot be used as a constraint: \(reason)." }
}
