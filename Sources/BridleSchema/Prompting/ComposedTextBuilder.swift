/// Composes a ``Prompt`` (as `@PromptBuilder`) or ``Instructions`` (as
/// `@InstructionsBuilder`) from statements, `if`, `switch` and `for`: each part is a line.
///
/// ```swift
/// session.respond {
///     "Four search terms about"
///     topic                  // any PromptRepresentable
///     if brief { "One word each." }
/// }
/// ```
@resultBuilder
public enum ComposedTextBuilder<Text: ComposedText> {
    public static func buildExpression(_ expression: Text) -> Text {
        expression
    }

    public static func buildBlock(_ components: Text...) -> Text {
        Text(parts: components.flatMap(\.parts))
    }

    public static func buildArray(_ components: [Text]) -> Text {
        Text(parts: components.flatMap(\.parts))
    }

    public static func buildOptional(_ component: Text?) -> Text {
        component ?? Text(parts: [])
    }

    public static func buildEither(first component: Text) -> Text { component }

    public static func buildEither(second component: Text) -> Text { component }

    public static func buildLimitedAvailability(_ component: Text) -> Text { component }
}

/// FoundationModels' name for the builder of a ``Prompt``.
public typealias PromptBuilder = ComposedTextBuilder<Prompt>

/// FoundationModels' name for the builder of ``Instructions``.
public typealias InstructionsBuilder = ComposedTextBuilder<Instructions>

extension ComposedTextBuilder where Text == Prompt {
    public static func buildExpression(_ expression: some PromptRepresentable) -> Prompt {
        expression.promptRepresentation
    }
}

extension ComposedTextBuilder where Text == Instructions {
    public static func buildExpression(_ expression: some InstructionsRepresentable) -> Instructions {
        expression.instructionsRepresentation
    }
}
