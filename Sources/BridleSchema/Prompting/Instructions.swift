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
public struct Instructions: ComposedText, Hashable, InstructionsRepresentable {
    public var parts: [String]

    public init(_ content: some InstructionsRepresentable) {
        self = content.instructionsRepresentation
    }

    public init(@InstructionsBuilder _ content: () throws -> Instructions) rethrows {
        self = try content()
    }

    public init(parts: [String]) {
        self.parts = parts
    }

    // `return` keeps the requirement's result builder from rewriting the body.
    public var instructionsRepresentation: Instructions { return self }
}
