/// What a session is asked, in FoundationModels' shape: text, or anything
/// ``PromptRepresentable``, composed with ``PromptBuilder``.
///
/// ```swift
/// let prompt = Prompt {
///     "Suggest films for tonight."
///     if likesDrama { "Prefer dramas." }
/// }
/// prompt.text   // "Suggest films for tonight.\nPrefer dramas."
/// ```
public struct Prompt: Sendable, Hashable, PromptRepresentable {
    /// The parts in order; each is a line (or block) of the text the model reads.
    public var parts: [String]

    public init(_ content: some PromptRepresentable) {
        self = content.promptRepresentation
    }

    public init(@PromptBuilder _ content: () throws -> Prompt) rethrows {
        self = try content()
    }

    init(parts: [String]) {
        self.parts = parts
    }

    /// The text the model reads: the parts, one per line.
    public var text: String { parts.joined(separator: "\n") }

    // `return` keeps the requirement's result builder from rewriting the body.
    public var promptRepresentation: Prompt { return self }
}
