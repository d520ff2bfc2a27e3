/// What a session's model should do on every turn (a system message), in FoundationModels'
/// shape: text, or anything ``InstructionsRepresentable``, composed with
/// ``InstructionsBuilder``.
///
/// ```swift
/// let session = LanguageModelSession(tools: [FindFilms()]) {
///     "You recommend films."
///     "Answer in one sentence."
/// }
/// ```
public struct Instructions: Sendable, Hashable, InstructionsRepresentable {
    /// The parts in order; each is a line (or block) of the text the model reads.
    public var parts: [String]

    public init(_ content: some InstructionsRepresentable) {
        self = content.instructionsRepresentation
    }

    public init(@InstructionsBuilder _ content: () throws -> Instructions) rethrows {
        self = try content()
    }

    init(parts: [String]) {
        self.parts = parts
    }

    /// The text the model reads: the parts, one per line.
    public var text: String { parts.joined(separator: "\n") }

    // `return` keeps the requirement's result builder from rewriting the body.
    public var instructionsRepresentation: Instructions { return self }
}
