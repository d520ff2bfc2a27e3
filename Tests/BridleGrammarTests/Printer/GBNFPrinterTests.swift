import Testing
@testable import BridleGrammar

@Suite("GBNFPrinter")
struct GBNFPrinterTests {
    private static let a = GrammarExpression.literal("a")
    private static let b = GrammarExpression.reference("b")
    private static let digit = GrammarExpression.characterClass(CharacterClass("0"..."9"))

    private static func rep(_ operand: GrammarExpression, _ minimum: Int, _ maximum: Int?) -> GrammarExpression {
        .repetition(operand, minimum: minimum, maximum: maximum)
    }

    /// The printed body of a one-rule grammar (rules it refers to are added, defined later).
    private func body(_ expression: GrammarExpression, escapesNonASCII: Bool = false) throws -> String {
        var rules = [Rule(name: "root", body: expression)]
        for name in GrammarAnalysis.references(in: expression) where name != "root" {
            rules.append(Rule(name: name, body: .literal("x")))
        }
        let text = try GBNFPrinter(escapesNonASCII: escapesNonASCII).print(Grammar(rules: rules))
        let firstLine = text.split(separator: "\n", omittingEmptySubsequences: false)[0]
        return String(firstLine.dropFirst("root ::= ".count))
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let expression: GrammarExpression
        let gbnf: String
        init(_ expression: GrammarExpression, _ gbnf: String) {
            self.expression = expression
            self.gbnf = gbnf
        }
        var testDescription: String { gbnf }
    }

    static let constructs: [Case] = [
        Case(.literal("abc"), #""abc""#),
        Case(.characterClass(CharacterClass("a"..."z")), "[a-z]"),
        Case(.characterClass(CharacterClass(ranges: [0x22...0x22, 0x5C...0x5C], isNegated: true)), #"[^"\\]"#),
        Case(.anyCharacter, "."),
        Case(b, "b"),
        Case(.sequence([a, b, .anyCharacter]), #""a" b ."#),
        Case(.alternatives([a, b]), #""a" | b"#),
        Case(.sequence([.literal("x"), .alternatives([a, b]), .literal("y")]), #""x" ("a" | b) "y""#),
        Case(.alternatives([.sequence([a, b]), .literal("c")]), #""a" b | "c""#),
        Case(.sequence([]), #""""#),
        Case(.literal(""), #""""#),
        Case(.alternatives([a, .sequence([])]), #""a" | """#),
        Case(rep(.sequence([]), 0, nil), "()*"),
        Case(rep(.literal(""), 1, 2), "(){1,2}"),
        Case(rep(a, 0, nil), #""a"*"#),
        Case(rep(a, 1, nil), #""a"+"#),
        Case(rep(a, 0, 1), #""a"?"#),
        Case(rep(a, 3, 3), #""a"{3}"#),
        Case(rep(a, 1, 1), #""a"{1}"#),
        Case(rep(a, 0, 0), #""a"{0}"#),
        Case(rep(a, 2, nil), #""a"{2,}"#),
        Case(rep(a, 2, 5), #""a"{2,5}"#),
        Case(rep(a, 0, 2), #""a"{0,2}"#),
        Case(rep(.literal("ab"), 0, nil), #""ab"*"#),
        Case(rep(digit, 1, 3), "[0-9]{1,3}"),
        Case(rep(b, 0, nil), "b*"),
        Case(rep(.sequence([a, b]), 0, nil), #"("a" b)*"#),
        Case(rep(.alternatives([a, b]), 1, nil), #"("a" | b)+"#),
        Case(rep(rep(a, 0, 1), 0, nil), #"("a"?)*"#),
        Case(rep(rep(a, 0, 0), 0, nil), #"("a"{0})*"#),
        Case(rep(.sequence([.alternatives([a, b]), .literal("c")]), 0, 1), #"(("a" | b) "c")?"#),
        Case(.sequence([.sequence([a, .sequence([b])]), .literal("c")]), #""a" b "c""#),
        Case(.alternatives([a, .alternatives([b, .literal("c")])]), #""a" | b | "c""#),
        Case(.alternatives([a, .alternatives([])]), #""a""#),
    ]

    @Test("prints each construct", arguments: constructs)
    func construct(_ example: Case) throws {
        #expect(try body(example.expression) == example.gbnf)
    }

    static let escapes: [Case] = [
        Case(.literal("say \"hi\" \\ bye"), #""say \"hi\" \\ bye""#),
        Case(.literal("\n\r\t"), #""\n\r\t""#),
        Case(.literal("\r\n"), #""\r\n""#),
        Case(.literal("\u{0}\u{1}\u{1F}\u{7F}"), #""\x00\x01\x1F\x7F""#),
        Case(.literal("# | ( ) [ ] { } - ^ . * ::="), ##""# | ( ) [ ] { } - ^ . * ::=""##),
        Case(.literal("é日本😀"), #""é日本😀""#),
        Case(.literal("e\u{301}"), #""e\u0301""#),
        Case(.literal("\u{200B}\u{FEFF}"), #""\u200B\uFEFF""#),
        Case(.literal("\u{A0}\u{85}"), #""\xA0\x85""#),
        Case(.literal("\u{2028}\u{2029}"), #""\u2028\u2029""#),
        Case(.literal("\u{E000}\u{FFFE}"), #""\uE000\uFFFE""#),
        Case(.literal("\u{10FFFF}"), #""\U0010FFFF""#),
        Case(.literal("❤\u{FE0F}"), #""❤\uFE0F""#),
        Case(.characterClass(CharacterClass(ranges: [0x5E...0x5E, 0x5D...0x5D, 0x2D...0x2D, 0x5C...0x5C, 0x5B...0x5B])), #"[\x5E\]\-\\[]"#),
        Case(.characterClass(CharacterClass(ranges: [0x5E...0x5E], isNegated: true)), "[^^]"),
        Case(.characterClass(CharacterClass(ranges: [0x61...0x61, 0x5E...0x5E])), "[a^]"),
        Case(.characterClass(CharacterClass(ranges: [0x21...0x5D])), #"[!-\]]"#),
        Case(.characterClass(CharacterClass(ranges: [0x2D...0x7A])), #"[\--z]"#),
        Case(.characterClass(CharacterClass(ranges: [0x00...0x1F, 0x0A...0x0A, 0x09...0x09])), #"[\x00-\x1F\n\t]"#),
        Case(.characterClass(CharacterClass(ranges: [0xD800...0xDFFF, 0x11_0000...0xFFFF_FFFF])), #"[\uD800-\uDFFF\U00110000-\UFFFFFFFF]"#),
        Case(.characterClass(CharacterClass("ぁ"..."ゟ")), "[ぁ-ゟ]"),
        Case(.characterClass(CharacterClass(ranges: [0x22...0x22])), #"["]"#),
    ]

    @Test("escapes only what llama.cpp needs escaped, with escapes it knows", arguments: escapes)
    func escape(_ example: Case) throws {
        #expect(try body(example.expression) == example.gbnf)
    }

    @Test("escapesNonASCII writes every non-ASCII scalar as an escape")
    func asciiOnly() throws {
        #expect(try body(.literal("é日😀"), escapesNonASCII: true) == #""\xE9\u65E5\U0001F600""#)
        #expect(try body(.characterClass(CharacterClass("ぁ"..."ゟ")), escapesNonASCII: true) == #"[\u3041-\u309F]"#)
    }

    static let splits: [Case] = [
        Case(rep(a, 0, 5000), #""a"{0,2000} "a"{0,2000} "a"{0,1000}"#),
        Case(rep(a, 3, 4500), #""a"{3,2000} "a"{0,2000} "a"{0,500}"#),
        Case(rep(a, 2500, 2500), #""a"{2000} "a"{500}"#),
        Case(rep(a, 2001, nil), #""a"{2000} "a"+"#),
        Case(rep(a, 4100, nil), #""a"{2000} "a"{2000} "a"{100,}"#),
        Case(rep(a, 2000, 2000), #""a"{2000}"#),
        Case(rep(a, 0, 2000), #""a"{0,2000}"#),
        // The group weighs 2 (itself and the `?` rule): pieces of at most 1000.
        Case(rep(.sequence([a, rep(.literal("b"), 0, 1)]), 0, 1500), #"("a" "b"?){0,1000} ("a" "b"?){0,500}"#),
        // `c` is new the first time (weight 2), known after (weight 1).
        Case(rep(.sequence([a, .reference("c")]), 0, 1999), #"("a" c){0,1000} ("a" c){0,999}"#),
        // Grouped, `("a"{0,3})` weighs 4; stacked, 3: only the stacked form fits 600 times.
        Case(rep(rep(a, 0, 3), 0, 600), #""a"{0,3}{0,600}"#),
        Case(.sequence([.literal("x"), rep(a, 0, 4001), .literal("y")]), #""x" "a"{0,2000} "a"{0,2000} "a"? "y""#),
        Case(.alternatives([rep(a, 0, 3000), b]), #""a"{0,2000} "a"{0,1000} | b"#),
    ]

    @Test("splits repetitions llama.cpp would reject or misread into pieces it accepts", arguments: splits)
    func split(_ example: Case) throws {
        #expect(try body(example.expression) == example.gbnf)
    }

    @Test("a whole grammar: one rule per line, in order, each ending in a newline")
    func wholeGrammar() throws {
        let grammar = Grammar(rules: [
            Rule(name: "root", body: .sequence([.literal("n = "), .reference("digits")])),
            Rule(name: "digits", body: .repetition(.characterClass(CharacterClass("0"..."9")), minimum: 1, maximum: nil)),
            Rule(name: "ws", body: .alternatives([.sequence([]), .literal(" ")])),
        ])
        #expect(grammar.gbnf == """
            root ::= "n = " digits
            digits ::= [0-9]+
            ws ::= "" | " "

            """)
        #expect(Grammar(rules: []).gbnf == "")
    }

    @Test("the same grammar always prints the same bytes")
    func deterministic() throws {
        for seed in UInt64(0)..<50 {
            let grammar = RandomGrammar.make(seed: seed)
            guard let first = try? GBNFPrinter().print(grammar) else { continue }
            #expect(grammar.gbnf == first)
            #expect(try GBNFPrinter().print(grammar) == first)
        }
    }

    struct Failure: CustomTestStringConvertible, Sendable {
        let rules: [Rule]
        let error: GBNFPrintError
        var testDescription: String { "\(error)" }
    }

    static let failures: [Failure] = [
        Failure(rules: [Rule(name: "my_rule", body: a)], error: .invalidRuleName("my_rule")),
        Failure(rules: [Rule(name: "", body: a)], error: .invalidRuleName("")),
        Failure(rules: [Rule(name: "règle", body: a)], error: .invalidRuleName("règle")),
        Failure(rules: [Rule(name: "root", body: a), Rule(name: "root", body: a)], error: .duplicateRule("root")),
        Failure(rules: [Rule(name: "root", body: .reference("a b"))], error: .invalidReference("a b", rule: "root")),
        Failure(rules: [Rule(name: "root", body: .alternatives([]))], error: .emptyAlternatives(rule: "root")),
        Failure(rules: [Rule(name: "root", body: .sequence([a, .alternatives([])]))], error: .emptyAlternatives(rule: "root")),
        Failure(rules: [Rule(name: "root", body: .characterClass(CharacterClass(ranges: [])))], error: .emptyCharacterClass(rule: "root")),
        Failure(rules: [Rule(name: "root", body: .characterClass(CharacterClass(ranges: [], isNegated: true)))], error: .emptyCharacterClass(rule: "root")),
        Failure(rules: [Rule(name: "root", body: rep(a, 5, 3))], error: .invalidRepetition(rule: "root", minimum: 5, maximum: 3)),
        Failure(rules: [Rule(name: "root", body: rep(a, -1, nil))], error: .invalidRepetition(rule: "root", minimum: -1, maximum: nil)),
        Failure(rules: [Rule(name: "root", body: rep(a, 0, 100_001))], error: .repetitionTooLarge(rule: "root", count: 100_001)),
        Failure(rules: [Rule(name: "root", body: rep(a, Int.max, nil))], error: .repetitionTooLarge(rule: "root", count: Int.max)),
    ]

    @Test("throws instead of printing what llama.cpp would read differently", arguments: failures)
    func failure(_ example: Failure) {
        #expect(throws: example.error) { try GBNFPrinter().print(Grammar(rules: example.rules)) }
    }

    @Test("gbnf gives the reason as a comment line where the printer refuses")
    func refusalComment() throws {
        let refused = Grammar(rules: [Rule(name: "my_rule", body: Self.a)]).gbnf
        #expect(refused == "# error: rule name 'my_rule' is not valid GBNF: use only letters, digits and '-'\n")
        // A line break in a name stays inside the comment, so no rule sneaks out of it.
        let sneaky = Grammar(rules: [Rule(name: "x\nroot ::= \"y\"", body: Self.a)]).gbnf
        #expect(sneaky.split(separator: "\n").count == 1)
        #expect(try Grammar(gbnf: sneaky).rules.isEmpty)
    }

    @Test("a repeated part too heavy to split moves into a rule of its own")
    func hoisting() {
        // The group generates 2001 rules: llama.cpp cannot repeat it even once more.
        let heavy = Grammar(rules: [Rule(name: "root", body: Self.rep(.sequence([Self.rep(Self.a, 0, 2000), .literal("b")]), 0, nil))])
        #expect(heavy.gbnf == """
            root ::= root-1*
            root-1 ::= "a"{0,2000} "b"

            """)
        // An optional list of up to 3000 items: the split list is too heavy to be optional.
        let item = GrammarExpression.reference("item")
        let list = Grammar(rules: [
            Rule(name: "root", body: .sequence([.literal("["), Self.rep(.sequence([item, Self.rep(.sequence([.literal(","), item]), 0, 2999)]), 0, 1), .literal("]")])),
            Rule(name: "item", body: .literal("x")),
            Rule(name: "root-1", body: .literal("taken")),
        ])
        #expect(list.gbnf == """
            root ::= "[" root-2? "]"
            root-2 ::= item ("," item){0,2000} ("," item){0,999}
            item ::= "x"
            root-1 ::= "taken"

            """)
        // Splitting would copy a 30 000-node operand six times.
        let big = Grammar(rules: [Rule(name: "root", body: Self.rep(.sequence(Array(repeating: Self.a, count: 30_000)), 0, 10_000))])
        #expect(big.gbnf.hasPrefix("root ::= root-1{0,2000} root-1{0,2000} root-1{0,2000} root-1{0,2000} root-1{0,2000}\nroot-1 ::= \"a\" \"a\""))
    }

    @Test("a repetition needing more than 100 000 is not split; 100 000 is")
    func largestBound() throws {
        let text = try body(Self.rep(Self.a, 0, 100_000))
        #expect(text.split(separator: " ").count == 50)
        // Nested bounds are fine while the pieces stay small: 75 pieces of `"a"{0,500}{0,4}`.
        let nested = try body(Self.rep(Self.rep(Self.a, 0, 500), 0, 300))
        #expect(nested.split(separator: " ").count == 75)
    }

    @Test("fragment renders anything, for messages")
    func fragment() {
        let printer = GBNFPrinter()
        #expect(printer.fragment(.sequence([.alternatives([]), .characterClass(CharacterClass(ranges: [])), Self.rep(Self.a, 5, 3)])) == #"<nothing> [] "a"{5,3}"#)
        #expect(printer.fragment(.reference("my_rule")) == "my_rule")
        #expect(printer.fragment(Self.rep(Self.rep(.literal("a"), 0, 1), 0, nil)) == #"("a"?)*"#)
    }
}
