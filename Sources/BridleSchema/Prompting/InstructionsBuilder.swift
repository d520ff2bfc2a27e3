/// Composes ``Instructions`` from statements, `if`, `switch` and `for`: each part is a line.
@resultBuilder
public enum InstructionsBuilder {
    public static func buildExpression(_ expression: some InstructionsRepresentable) -> Instructions {
        expression.instructionsRepresentation
    }

    public static func buildExpression(_ expression: Instructions) -> Instructions {
        expression
    }

    public static func buildBlock(_ components: Instructions...) -> Instructions {
        Instructions(parts: components.flatMap(\.parts))
    }

    public static func buildArray(_ components: [Instructions]) -> Instructions {
        Instructions(parts: components.flatMap(\.parts))
    }

    public static func buildOptional(_ component: Instructions?) -> Instructions {
        component ?? Instructions(parts: [])
    }

    public static func buildEither(first component: Instructions) -> Instructions { component }

    public static func buildEither(second component: Instructions) -> Instructions { component }

    public static func buildLimitedAvailability(_ component: Instructions) -> Instructions { component }
}
