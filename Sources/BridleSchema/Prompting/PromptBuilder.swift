/// Composes a ``Prompt`` from statements, `if`, `switch` and `for`: each part is a line.
///
/// ```swift
/// session.respond {
///     "Four search terms about"
///     topic                  // any PromptRepresentable
/// }
/// ```
@resultBuilder
public enum PromptBuilder {
    public static func buildExpression(_ expression: some PromptRepresentable) -> Prompt {
        expression.promptRepresentation
    }

    public static func buildExpression(_ expression: Prompt) -> Prompt {
        expression
    }

    public static func buildBlock(_ components: Prompt...) -> Prompt {
        Prompt(parts: components.flatMap(\.parts))
    }

    public static func buildArray(_ components: [Prompt]) -> Prompt {
        Prompt(parts: components.flatMap(\.parts))
    }

    public static func buildOptional(_ component: Prompt?) -> Prompt {
        component ?? Prompt(parts: [])
    }

    public static func buildEither(first component: Prompt) -> Prompt { component }

    public static func buildEither(second component: Prompt) -> Prompt { component }

    public static func buildLimitedAvailability(_ component: Prompt) -> Prompt { component }
}
