/// The right-hand side of a GBNF rule.
///
/// `.sequence([])` matches the empty string; `.alternatives([])` matches nothing.
public indirect enum GrammarExpression: Sendable, Hashable {
    /// Each part in turn.
    case sequence([GrammarExpression])
    /// Any one of the parts.
    case alternatives([GrammarExpression])
    /// Exactly this text (GBNF `"…"`).
    case literal(String)
    /// One Unicode scalar from (or, negated, not from) a set (GBNF `[…]` / `[^…]`).
    case characterClass(CharacterClass)
    /// Any one Unicode scalar (GBNF `.`).
    case anyCharacter
    /// The named rule (GBNF `name`).
    case reference(String)
    /// `expression` at least `minimum` and at most `maximum` times (`nil`: no limit).
    /// GBNF `*` is 0…nil, `+` is 1…nil, `?` is 0…1, `{m,n}` is m…n.
    case repetition(GrammarExpression, minimum: Int, maximum: Int?)
}
