import BridleSchema

/// The punctuation of JSON containers in one ``JSONLayout``: every place the schema compiler
/// writes `,` `:` or a bracket goes through here, so a layout changes them all alike.
///
/// Pieces are literals where the layout fixes the text, so adjacent literals merge (the
/// compact layout prints `"{\"a\":"` as one literal, as before layouts existed).
struct LayoutGrammar {
    /// Between two elements or members.
    let comma: GrammarExpression
    /// Between a key and its value.
    let colon: GrammarExpression
    /// Before the first element or member, and before a closing bracket. It leads the first
    /// element rather than follows the opening bracket, so an empty container has one run of
    /// whitespace at most, not two.
    let padding: GrammarExpression

    init(_ layout: JSONLayout, builder: inout GrammarBuilder) {
        switch layout {
        case .compact:
            comma = .literal(",")
            colon = .literal(":")
            padding = .empty
        case .spaced:
            comma = .literal(", ")
            colon = .literal(": ")
            padding = .empty
        case .flexible:
            let space = GrammarExpression.literal(" ")
            let newline = GrammarExpression.all([.literal("\n"), space.repeated(0, JSONLayout.flexibleIndentLimit)])
            let whitespace = builder.rule("ws", GrammarExpression.either([space, newline]).optional)
            comma = .all([.literal(","), whitespace])
            colon = .all([.literal(":"), space.optional])
            padding = whitespace
        }
    }

    /// `open inner close` with the layout's padding before the closing bracket; `inner`
    /// starts its first element with ``padding`` itself.
    func container(_ open: String, _ inner: GrammarExpression, _ close: String) -> GrammarExpression {
        .all([.literal(open), inner, padding, .literal(close)])
    }

    /// `element`, then `comma element` between `minimum` and `maximum` more times, with the
    /// padding before the first.
    func list(_ element: GrammarExpression, more minimum: Int, _ maximum: Int) -> GrammarExpression {
        .all([padding, element, GrammarExpression.all([comma, element]).repeated(minimum, maximum)])
    }

    /// A member's key and the separator before its value.
    func key(_ name: String) -> GrammarExpression {
        .all([.literal(GeneratedContent(name).jsonString), colon])
    }

    /// A key given as an expression (a dictionary's generated keys), then the separator.
    func key(_ expression: GrammarExpression) -> GrammarExpression {
        .all([expression, colon])
    }
}
