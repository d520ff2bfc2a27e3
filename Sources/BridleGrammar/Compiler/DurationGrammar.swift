/// The `duration` format's grammar: RFC 3339 appendix A durations (what JSON Schema 2020-12
/// means by `duration`), each number 0 to 9999 without leading zeros.
///
/// ```swift
/// DurationGrammar.duration(&builder)
/// // "P" (date time? | time | n "W"), date ::= n "Y" (n "M" (n "D")?)? | n "M" (n "D")? | n "D"
/// ```
enum DurationGrammar {
    static func duration(_ builder: inout GrammarBuilder) -> GrammarExpression {
        let number = builder.rule("duration-number", .either([
            FormatCharacters.digit, .all([FormatCharacters.nonZeroDigit, FormatCharacters.digit.repeated(1, 3)]),
        ]))
        func unit(_ letter: String) -> GrammarExpression { .all([number, .literal(letter)]) }
        /// Units in order without gaps: `a [b [c]] | b [c] | c`.
        func run(_ a: String, _ b: String, _ c: String) -> GrammarExpression {
            let last = unit(c)
            let middle = GrammarExpression.all([unit(b), last.optional])
            return .either([.all([unit(a), middle.optional]), middle, last])
        }
        let date = builder.rule("duration-date", run("Y", "M", "D"))
        let time = builder.rule("duration-time", .all([.literal("T"), run("H", "M", "S")]))
        return builder.rule("duration-text", .all([.literal("P"), .either([.all([date, time.optional]), time, unit("W")])]))
    }
}
