/// Text made of parts, one per line: what ``Prompt`` and ``Instructions`` have in common, so
/// one builder composes both.
public protocol ComposedText: Sendable {
    /// The parts in order; each is a line (or block) of the text the model reads.
    var parts: [String] { get }
    init(parts: [String])
}

extension ComposedText {
    /// The text the model reads: the parts, one per line.
    public var text: String { parts.joined(separator: "\n") }
}
