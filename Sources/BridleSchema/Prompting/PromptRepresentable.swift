/// A value that can be written into a ``Prompt``: `String`s as they are, ``Generable``
/// values and ``GeneratedContent`` as JSON (a string content as its text).
public protocol PromptRepresentable {
    @PromptBuilder var promptRepresentation: Prompt { get }
}

// Each body says `return`: without it the requirement's result builder would rewrite the
// body into a call of the same property.
extension String {
    /// The text itself, not its JSON form.
    public var promptRepresentation: Prompt { return Prompt(parts: [self]) }
}

extension ConvertibleToGeneratedContent {
    public var promptRepresentation: Prompt { return Prompt(parts: [ModelText.of(self)]) }
}

extension Array: PromptRepresentable where Element: PromptRepresentable {
    public var promptRepresentation: Prompt { return Prompt(parts: flatMap(\.promptRepresentation.parts)) }
}
