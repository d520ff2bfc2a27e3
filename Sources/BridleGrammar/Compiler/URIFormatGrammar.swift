/// Grammars for the `uri` and `uri-reference` formats: a subset of RFC 3986 that every URI
/// checker accepts. A `uri` is `scheme://host[:port]/path[?query][#fragment]`; a
/// `uri-reference` is that or a relative reference (`/a/b`, `a/b?c`).
///
/// Characters are RFC 3986's unreserved ones, percent escapes and sub-delimiters, so no
/// JSON escape is ever needed.
enum URIFormatGrammar {
    static let maximumSegments = 8
    static let maximumSegmentLength = 32
    static let maximumQueryLength = 64

    static func uri(_ builder: inout GrammarBuilder) -> GrammarExpression {
        let scheme = builder.rule("uri-scheme", .all([FormatCharacters.letter, FormatCharacters.alphanumeric(plus: "+.-").repeated(0, 15)]))
        let host = builder.rule("uri-host", .either([
            NetworkFormatGrammar.hostname(&builder), NetworkFormatGrammar.ipv4(&builder),
            .all([.literal("["), NetworkFormatGrammar.ipv6(&builder), .literal("]")]),
        ]))
        let port = GrammarExpression.all([.literal(":"), FormatCharacters.digit.repeated(1, 5)]).optional
        let segment = self.segment(&builder)
        let path = GrammarExpression.all([.literal("/"), segment]).repeated(0, maximumSegments)
        return builder.rule("uri-text", .all([scheme, .literal("://"), host, port, path, tail(&builder)]))
    }

    static func reference(_ builder: inout GrammarBuilder) -> GrammarExpression {
        let segment = self.segment(&builder)
        let pchar = self.pchar(&builder)
        let nonEmpty = GrammarExpression.all([pchar, pchar.repeated(0, maximumSegmentLength - 1)])
        // The first segment of a scheme-less path has no colon (it would read as a scheme).
        let noColon = builder.rule("uri-segment-nc", .all([
            character(&builder, colon: false), character(&builder, colon: false).repeated(0, maximumSegmentLength - 1),
        ]))
        let rest = GrammarExpression.all([.literal("/"), segment]).repeated(0, maximumSegments - 1)
        let absolute = GrammarExpression.all([.literal("/"), GrammarExpression.all([nonEmpty, rest]).optional])
        let relative = GrammarExpression.all([noColon, rest])
        let relativeReference = builder.rule("uri-relative", .all([.either([absolute, relative]), tail(&builder)]))
        return builder.rule("uri-reference-text", .either([uri(&builder), relativeReference]))
    }

    /// `["?" query] ["#" fragment]`.
    private static func tail(_ builder: inout GrammarBuilder) -> GrammarExpression {
        let text = builder.rule("uri-query", GrammarExpression.either([pchar(&builder), FormatCharacters.of("/?")]).repeated(0, maximumQueryLength))
        return .all([
            GrammarExpression.all([.literal("?"), text]).optional,
            GrammarExpression.all([.literal("#"), text]).optional,
        ])
    }

    private static func segment(_ builder: inout GrammarBuilder) -> GrammarExpression {
        builder.rule("uri-segment", pchar(&builder).repeated(0, maximumSegmentLength))
    }

    /// `pchar`: unreserved, percent escape, sub-delimiter, `:` or `@`.
    private static func pchar(_ builder: inout GrammarBuilder) -> GrammarExpression {
        character(&builder, colon: true)
    }

    private static func character(_ builder: inout GrammarBuilder, colon: Bool) -> GrammarExpression {
        let plain = FormatCharacters.alphanumeric(plus: "-._~!$&'()*+,;=@" + (colon ? ":" : ""))
        let escape = GrammarExpression.all([.literal("%"), JSONTextGrammar.hexDigit.repeated(2, 2)])
        return builder.rule(colon ? "uri-pchar" : "uri-pchar-nc", .either([plain, escape]))
    }
}
