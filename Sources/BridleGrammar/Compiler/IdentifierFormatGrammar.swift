/// Grammars for the `json-pointer`, `relative-json-pointer`, `uri-template` and
/// `idn-hostname` formats (the text between the quotes): ASCII subsets of their RFCs that
/// `IdentifierFormat`'s checks in BridleSchema and Python's `jsonschema` checkers accept,
/// with no character a JSON string would escape.
enum IdentifierFormatGrammar {
    /// Up to 8 tokens of letters, digits, `-._` and the escapes `~0`, `~1`.
    static func jsonPointer(_ builder: inout GrammarBuilder) -> GrammarExpression {
        let character = GrammarExpression.either([FormatCharacters.alphanumeric(plus: "-._"), .literal("~0"), .literal("~1")])
        let token = builder.rule("json-pointer-token", character.repeated(0, 16))
        return builder.rule("json-pointer-text", GrammarExpression.all([.literal("/"), token]).repeated(0, 8))
    }

    /// An integer below 1000 without leading zeros, then `#` or a JSON pointer.
    static func relativeJSONPointer(_ builder: inout GrammarBuilder) -> GrammarExpression {
        let integer = GrammarExpression.either([.literal("0"), .all([FormatCharacters.nonZeroDigit, FormatCharacters.digit.repeated(0, 2)])])
        return builder.rule("relative-json-pointer-text", .all([integer, .either([.literal("#"), jsonPointer(&builder)])]))
    }

    /// Up to 8 pieces, each a literal of letters, digits and `-._~/:`, or an expression
    /// `{` [operator] one to four variable names, each with an optional modifier, `}`.
    static func uriTemplate(_ builder: inout GrammarBuilder) -> GrammarExpression {
        let literal = builder.rule("uri-template-literal", FormatCharacters.alphanumeric(plus: "-._~/:").repeated(1, 16))
        let name = builder.rule("uri-template-name", .all([
            FormatCharacters.alphanumeric(plus: "_"), FormatCharacters.alphanumeric(plus: "_").repeated(0, 15),
        ]))
        let modifier = GrammarExpression.either([
            .literal("*"), .all([.literal(":"), FormatCharacters.nonZeroDigit, FormatCharacters.digit.repeated(0, 2)]),
        ]).optional
        let varspec = GrammarExpression.all([name, modifier])
        let expression = builder.rule("uri-template-expression", .all([
            .literal("{"), FormatCharacters.of("+#./;?&").optional, varspec,
            GrammarExpression.all([.literal(","), varspec]).repeated(0, 3), .literal("}"),
        ]))
        return builder.rule("uri-template-text", GrammarExpression.either([literal, expression]).repeated(0, 8))
    }

    /// One to four labels of lowercase letters and digits with single inner hyphens, so
    /// never `--` (which IDNA reserves for `xn--` labels).
    static func idnHostname(_ builder: inout GrammarBuilder) -> GrammarExpression {
        let character = GrammarExpression.characterClass(CharacterClass(ranges: [0x30...0x39, 0x61...0x7A]))
        let label = builder.rule("idn-hostname-label", .all([
            character, GrammarExpression.either([character, .all([.literal("-"), character])]).repeated(0, 30),
        ]))
        return builder.rule("idn-hostname-text", .all([label, GrammarExpression.all([.literal("."), label]).repeated(0, 3)]))
    }
}
