/// Grammars for the `hostname`, `ipv4`, `ipv6` and `email` formats (the text between the
/// quotes). Each writes a subset of what `NetworkFormat`'s checks in BridleSchema, and
/// Python's `jsonschema` format checkers, accept.
///
/// ```swift
/// NetworkFormatGrammar.ipv4()
/// // octet ("." octet){3}, octet ::= "25" [0-5] | "2" [0-4] [0-9] | "1" [0-9]{2} | [1-9] [0-9] | [0-9]
/// ```
enum NetworkFormatGrammar {
    /// RFC 1123 labels of 1 to 62 letters, digits and inner hyphens, one to four of them:
    /// at most 251 characters, within the 253 allowed.
    static func hostname(_ builder: inout GrammarBuilder) -> GrammarExpression {
        let label = builder.rule("hostname-label", .all([
            FormatCharacters.alphanumeric,
            GrammarExpression.all([FormatCharacters.alphanumeric(plus: "-").repeated(0, 60), FormatCharacters.alphanumeric]).optional,
        ]))
        return builder.rule("hostname-text", .all([label, GrammarExpression.all([.literal("."), label]).repeated(0, 3)]))
    }

    /// A dotted quad without leading zeros.
    static func ipv4(_ builder: inout GrammarBuilder) -> GrammarExpression {
        let digit = FormatCharacters.digit
        let octet = builder.rule("ipv4-octet", .either([
            .all([.literal("25"), .characterClass(CharacterClass("0"..."5"))]),
            .all([.literal("2"), .characterClass(CharacterClass("0"..."4")), digit]),
            .all([.literal("1"), digit.repeated(2, 2)]),
            .all([FormatCharacters.nonZeroDigit, digit]),
            digit,
        ]))
        return builder.rule("ipv4-text", .all([octet, GrammarExpression.all([.literal("."), octet]).repeated(3, 3)]))
    }

    /// RFC 3986's `IPv6address`: eight groups, or fewer around one `::`, the last 32 bits
    /// possibly as an IPv4 address; lowercase hexadecimal.
    static func ipv6(_ builder: inout GrammarBuilder) -> GrammarExpression {
        let h16 = builder.rule("ipv6-group", FormatCharacters.lowerHexDigit.repeated(1, 4))
        let groupColon = GrammarExpression.all([h16, .literal(":")])
        let ls32 = builder.rule("ipv6-last", .either([.all([h16, .literal(":"), h16]), ipv4(&builder)]))
        /// `[ *n( h16 ":" ) h16 ]`: up to n+1 groups before the `::`.
        func head(_ n: Int) -> GrammarExpression {
            GrammarExpression.all([groupColon.repeated(0, n), h16]).optional
        }
        let forms: [GrammarExpression] = [
            .all([groupColon.repeated(6, 6), ls32]),
            .all([.literal("::"), groupColon.repeated(5, 5), ls32]),
            .all([h16.optional, .literal("::"), groupColon.repeated(4, 4), ls32]),
            .all([head(1), .literal("::"), groupColon.repeated(3, 3), ls32]),
            .all([head(2), .literal("::"), groupColon.repeated(2, 2), ls32]),
            .all([head(3), .literal("::"), groupColon, ls32]),
            .all([head(4), .literal("::"), ls32]),
            .all([head(5), .literal("::"), h16]),
            .all([head(6), .literal("::")]),
        ]
        return builder.rule("ipv6-text", .either(forms))
    }

    /// A dot-atom local part of letters, digits, `_`, `+` and `-` (at most 63 characters),
    /// `@`, and a hostname.
    static func email(_ builder: inout GrammarBuilder) -> GrammarExpression {
        let atom = builder.rule("email-atom", FormatCharacters.alphanumeric(plus: "_+-").repeated(1, 15))
        let local = GrammarExpression.all([atom, GrammarExpression.all([.literal("."), atom]).repeated(0, 3)])
        return builder.rule("email-text", .all([local, .literal("@"), hostname(&builder)]))
    }
}
