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
public struct Prompt: ComposedText, Hashable, PromptRepresentable {
    public var parts: [String]

    public init(_ content: some PromptRepresentable) {
        self = content.promptRepresentation
    }

    public init(@PromptBuilder _ content: () throws -> Prompt) rethrows {
        self = try content()
    }

    public init(parts: [String]) {
        self.parts = parts
    }

    // `return` keeps the requirement's result builder from rewriting the body.
    public var promptRepresentation: Prompt { return self }
}
