/// The `regex` format's grammar: a conservative subset of regular expression syntax that
/// ECMA-262, Python's `re` and Swift's `Regex` all compile, so no written value is an
/// invalid pattern.
///
/// Literals (letters, digits, a few punctuation marks), `.`, the escapes `\d \w \s \D \W \S`
/// and escaped metacharacters, classes of those with the ranges `a-z`, `A-Z`, `0-9`, one
/// level of groups with alternatives, the quantifiers `* + ?` and `{m,n}` with m ≤ n, and
/// optional `^`/`$` anchors. Backslashes are written as JSON escapes (`\\d`).
enum RegexFormatGrammar {
    static func regex(_ builder: inout GrammarBuilder) -> GrammarExpression {
        let backslash = GrammarExpression.literal("\\\\")
        let literal = FormatCharacters.alphanumeric(plus: " _,:;'!@#%&=<>~-/")
        let escape = builder.rule("regex-escape", .all([backslash, FormatCharacters.of("dDwWsS.*+?()[]{}|^$")]))
        let classItem = GrammarExpression.either([
            FormatCharacters.alphanumeric(plus: " _"), .literal("a-z"), .literal("A-Z"), .literal("0-9"),
            .all([backslash, FormatCharacters.of("dws")]),
        ])
        let characterClass = builder.rule("regex-class", .all([.literal("["), GrammarExpression.literal("^").optional, classItem.repeated(1, 8), .literal("]")]))
        let quantifier = builder.rule("regex-quantifier", .either([
            FormatCharacters.of("*+?"),
            .all([.literal("{"), FormatCharacters.nonZeroDigit, .literal("}")]),
            .all([.literal("{"), FormatCharacters.of("01"), .literal(","), FormatCharacters.nonZeroDigit, .literal("}")]),
        ]))
        let simpleAtom = builder.rule("regex-atom", .either([literal, .literal("."), escape, characterClass]))
        let simplePiece = GrammarExpression.all([simpleAtom, quantifier.optional])
        let simpleBranch = simplePiece.repeated(1, 8)
        let group = builder.rule("regex-group", .all([
            .literal("("), GrammarExpression.literal("?:").optional, simpleBranch,
            GrammarExpression.all([.literal("|"), simpleBranch]).repeated(0, 2), .literal(")"),
        ]))
        let piece = GrammarExpression.all([.either([simpleAtom, group]), quantifier.optional])
        let branch = builder.rule("regex-branch", piece.repeated(1, 16))
        return builder.rule("regex-text", .all([
            GrammarExpression.literal("^").optional, branch, GrammarExpression.all([.literal("|"), branch]).repeated(0, 3),
            GrammarExpression.literal("$").optional,
        ]))
    }
}
