/// A value that can be written into ``Instructions``: `String`s as they are, ``Generable``
/// values and ``GeneratedContent`` as JSON (a string content as its text).
public protocol InstructionsRepresentable {
    @InstructionsBuilder var instructionsRepresentation: Instructions { get }
}

// Each body says `return`: without it the requirement's result builder would rewrite the
// body into a call of the same property.
extension String {
    /// The text itself, not its JSON form.
    public var instructionsRepresentation: Instructions { return Instructions(parts: [self]) }
}

extension ConvertibleToGeneratedContent {
    public var instructionsRepresentation: Instructions { return Instructions(parts: [ModelText.of(self)]) }
}

extension Array: InstructionsRepresentable where Element: InstructionsRepresentable {
    public var instructionsRepresentation: Instructions { return Instructions(parts: flatMap(\.instructionsRepresentation.parts)) }
}
