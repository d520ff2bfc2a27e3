import BridleGrammar

/// Grammar-building shorthands and the grammars the matcher and sampler tests share.
///
/// ```swift
/// let grammar = MatchFixtures.grammar(["root": .sequence([MatchFixtures.star(MatchFixtures.set("a"..."z"))])])
/// ```
enum MatchFixtures {
    typealias Expression = GrammarExpression

    // MARK: Shorthands

    static func lit(_ text: String) -> Expression { .literal(text) }
    static func ref(_ name: String) -> Expression { .reference(name) }
    static func seq(_ parts: Expression...) -> Expression { .sequence(parts) }
    static func alt(_ parts: Expression...) -> Expression { .alternatives(parts) }
    static func star(_ body: Expression) -> Expression { .repetition(body, minimum: 0, maximum: nil) }
    static func plus(_ body: Expression) -> Expression { .repetition(body, minimum: 1, maximum: nil) }
    static func opt(_ body: Expression) -> Expression { .repetition(body, minimum: 0, maximum: 1) }
    static func rep(_ body: Expression, _ minimum: Int, _ maximum: Int?) -> Expression {
        .repetition(body, minimum: minimum, maximum: maximum)
    }

    /// `[a-z…]`: one scalar in any of the ranges.
    static func set(_ ranges: ClosedRange<Unicode.Scalar>..., negated: Bool = false) -> Expression {
        .characterClass(CharacterClass(ranges: ranges.map { $0.lowerBound.value...$0.upperBound.value }, isNegated: negated))
    }

    /// `[abc]` (or `[^abc]`): one of the scalars of `scalars`.
    static func chars(_ scalars: String, negated: Bool = false) -> Expression {
        .characterClass(CharacterClass(ranges: scalars.unicodeScalars.map { $0.value...$0.value }, isNegated: negated))
    }

    /// Rules in the order given; the first is not special, `root` is.
    static func grammar(_ rules: KeyValuePairs<String, Expression>, root: String = "root") -> Grammar {
        Grammar(rules: rules.map { Rule(name: $0.key, body: $0.value) }, rootName: root)
    }

    /// A grammar of one rule, `root ::= body`.
    static func root(_ body: Expression) -> Grammar {
        Grammar(rules: [Rule(name: "root", body: body)])
    }

    // MARK: Shared grammars

    /// RFC 8259 JSON, with whitespace around every token.
    static let json: Grammar = {
        let digit = set("0"..."9")
        let ws = ref("ws")
        return grammar([
            "root": seq(ws, ref("value"), ws),
            "value": alt(ref("object"), ref("array"), ref("string"), ref("number"), lit("true"), lit("false"), lit("null")),
            "object": seq(lit("{"), ws, opt(seq(ref("member"), star(seq(ws, lit(","), ws, ref("member"))), ws)), lit("}")),
            "member": seq(ref("string"), ws, lit(":"), ws, ref("value")),
            "array": seq(lit("["), ws, opt(seq(ref("value"), star(seq(ws, lit(","), ws, ref("value"))), ws)), lit("]")),
            "string": seq(lit("\""), star(ref("char")), lit("\"")),
            "char": alt(
                .characterClass(CharacterClass(ranges: [0x22...0x22, 0x5C...0x5C, 0x00...0x1F], isNegated: true)),
                seq(lit("\\"), alt(chars("\"\\/bfnrt"), seq(lit("u"), rep(ref("hex"), 4, 4))))),
            "hex": set("0"..."9", "a"..."f", "A"..."F"),
            "number": seq(
                opt(lit("-")),
                alt(lit("0"), seq(set("1"..."9"), star(digit))),
                opt(seq(lit("."), plus(digit))),
                opt(seq(chars("eE"), opt(chars("+-")), plus(digit)))),
            "ws": star(chars(" \t\n\r")),
        ])
    }()

    /// `expr ::= expr "+" term | term` and friends: left recursion at two levels.
    static let arithmetic = grammar([
        "root": ref("expr"),
        "expr": alt(seq(ref("expr"), lit("+"), ref("term")), ref("term")),
        "term": alt(seq(ref("term"), lit("*"), ref("factor")), ref("factor")),
        "factor": alt(seq(lit("("), ref("expr"), lit(")")), plus(set("0"..."9"))),
    ])

    /// `s ::= s s | "a" | ""`: every split of the input is a parse.
    static let ambiguous = grammar([
        "root": ref("s"),
        "s": alt(seq(ref("s"), ref("s")), lit("a"), lit("")),
    ])

    /// Balanced parentheses around an `x`: recursion that only the depth bound stops.
    static let nested = grammar([
        "root": alt(seq(lit("("), ref("root"), lit(")")), lit("x")),
    ])

    /// A right-recursive list, as hand-written GBNF often has it.
    static let rightRecursive = grammar([
        "root": ref("list"),
        "list": alt(seq(ref("item"), lit(","), ref("list")), ref("item")),
        "item": plus(set("a"..."c")),
    ])

    /// Nullable rules that nest: every part can vanish.
    static let nullable = grammar([
        "root": seq(ref("a"), ref("b"), lit("c")),
        "a": alt(lit(""), lit("x")),
        "b": seq(ref("a"), ref("a")),
    ])
}
