import Testing
import BridleGrammar

@Suite("Grammar.lint()")
struct GrammarLintTests {
    private static let a = GrammarExpression.literal("a")

    private func findings(_ gbnf: String) throws -> [GrammarFinding] {
        try Grammar(gbnf: gbnf).lint()
    }

    /// What identifies a finding in these tests: which check, how bad, and where.
    private func summary(_ findings: [GrammarFinding]) -> [String] {
        findings.map { "\($0.severity.rawValue) \($0.check.rawValue) \($0.ruleName)" }
    }

    @Test("llama.cpp's shipped grammars are clean", arguments: ShippedGrammars.all.map(\.name))
    func shipped(name: String) throws {
        let text = try #require(ShippedGrammars.all.first { $0.name == name }?.text)
        #expect(try findings(text).isEmpty)
    }

    @Test("a missing root is an error, and unreachability is not guessed at without one")
    func missingRoot() throws {
        let found = try findings("start ::= \"a\"\nother ::= \"b\"")
        #expect(summary(found) == ["error missingRoot root"])
        #expect(found[0].message == "the grammar has no rule 'root', where matching starts: add it, or set rootName to the rule to start from")
        #expect(try Grammar(gbnf: "start ::= \"a\"", rootName: "start").lint().isEmpty)
    }

    @Test("invalid and duplicate rule names are errors")
    func names() {
        let grammar = Grammar(rules: [
            Rule(name: "root", body: .sequence([.reference("my_rule"), .reference("x")])),
            Rule(name: "my_rule", body: Self.a),
            Rule(name: "x", body: Self.a),
            Rule(name: "x", body: .literal("b")),
        ])
        #expect(summary(grammar.lint()) == ["error invalidRuleName my_rule", "error duplicateRule x"])
    }

    @Test("a reference to an undefined rule is an error, once per rule and name")
    func undefined() throws {
        let found = try findings("root ::= value value other\nother ::= value")
        #expect(summary(found) == ["error undefinedReference root", "error undefinedReference other"])
        #expect(found[0].message == "rule 'root' refers to 'value', which is not defined: define 'value' or fix the name")
    }

    @Test("a rule the root never reaches is a warning")
    func unreachable() throws {
        let found = try findings("root ::= a\na ::= \"a\"\nb ::= \"b\" c\nc ::= \"c\"")
        #expect(summary(found) == ["warning unreachableRule b", "warning unreachableRule c"])
        #expect(found[0].message == "rule 'b' is never used from 'root': remove it, or refer to it from a rule that is")
    }

    @Test("direct left recursion is an error", arguments: [
        #"root ::= "a" | root "a""#,
        #"root ::= root? "a""#,
        #"root ::= ("b"? root) "a" | "c""#,
    ])
    func directLeftRecursion(gbnf: String) throws {
        let found = try findings(gbnf).filter { $0.check == .leftRecursion }
        #expect(summary(found) == ["error leftRecursion root"])
        #expect(found.first?.message.contains("(root → root)") == true)
    }

    @Test("indirect left recursion is an error, reported once per cycle (llama.cpp's own test grammars)")
    func indirectLeftRecursion() throws {
        let medium = try findings("root ::= asdf\nasdf ::= \"a\" | asdf \"a\"")
        #expect(summary(medium) == ["error leftRecursion asdf"])
        let hard = try findings("root ::= asdf\nasdf ::= \"a\" | foo \"b\"\nfoo ::= \"c\" | asdf \"d\" | \"e\"")
        #expect(summary(hard) == ["error leftRecursion asdf"])
        #expect(hard[0].message.contains("(asdf → foo → asdf)"))
        let hardest = try findings("root ::= asdf\nasdf ::= \"a\" | foo \"b\"\nfoo ::= \"c\" | empty asdf \"d\" | \"e\"\nempty ::= \"blah\" | ")
        #expect(summary(hardest) == ["error leftRecursion asdf"])
    }

    @Test("left recursion behind a rule that can be empty only through another rule (llama.cpp misses it, then runs out of memory)")
    func hiddenLeftRecursion() throws {
        let found = try findings("root ::= e root \"a\" | \"b\"\ne ::= f\nf ::= \"c\" | \"\"")
        #expect(summary(found) == ["error leftRecursion root"])
    }

    @Test("right recursion is fine")
    func rightRecursion() throws {
        #expect(try findings("root ::= \"a\" root | \"b\"").isEmpty)
    }

    @Test("unbounded repetition of something that can be empty is an error; bounded, a warning")
    func emptyRepetition() throws {
        let star = try findings(#"root ::= ("a"?)*"#)
        #expect(summary(star) == ["error emptyRepetition root"])
        #expect(star[0].message.hasPrefix(#"rule 'root' repeats `("a"?)*` without limit"#))
        #expect(summary(try findings("root ::= (ws \"a\"?)+\nws ::= [ ]*")) == ["error emptyRepetition root"])
        #expect(summary(try findings(#"root ::= ("a"?){0,3}"#)) == ["warning emptyRepetition root"])
        #expect(try findings(#"root ::= ("a"?)?"#).isEmpty)
        #expect(try findings(#"root ::= ("a"?){1}"#).isEmpty)
        #expect(try findings(#"root ::= ("a" "b"?)*"#).isEmpty)
    }

    @Test("a rule that can never finish is an error")
    func unproductive() throws {
        let found = try findings("root ::= \"a\" root")
        #expect(summary(found) == ["error unproductiveRule root"])
        #expect(found[0].message == "rule 'root' can never finish: every alternative needs 'root' again, or a rule or part that matches nothing; add an alternative that ends without it")
        let pair = try findings("root ::= x\nx ::= \"(\" y \")\"\ny ::= \"[\" x \"]\"")
        #expect(summary(pair) == ["error unproductiveRule root", "error unproductiveRule x", "error unproductiveRule y"])
        // An optional or zero-minimum use of a rule ends without it.
        #expect(try findings("root ::= \"a\" root?").isEmpty)
        #expect(try findings("root ::= \"a\" root{0,3}").isEmpty)
    }

    @Test("parts that match nothing are errors")
    func matchesNothing() {
        func lint(_ body: GrammarExpression) -> [String] {
            summary(Grammar(rules: [Rule(name: "root", body: body)]).lint())
        }
        let empty = CharacterClass(ranges: [])
        #expect(lint(.characterClass(empty)) == ["error matchesNothing root", "error unproductiveRule root"])
        #expect(lint(.alternatives([])) == ["error matchesNothing root", "error unproductiveRule root"])
        #expect(lint(.alternatives([Self.a, .alternatives([])])) == ["error matchesNothing root"])
        #expect(lint(.characterClass(CharacterClass(ranges: [0xD800...0xDFFF, 0x11_0000...0x12_0000]))) == ["error matchesNothing root", "error unproductiveRule root"])
        #expect(lint(.characterClass(CharacterClass(ranges: [0...0x10FFFF], isNegated: true))) == ["error matchesNothing root", "error unproductiveRule root"])
        #expect(lint(.characterClass(CharacterClass(ranges: [0...0xD7FF, 0xE000...0x10FFFF], isNegated: true))) == ["error matchesNothing root", "error unproductiveRule root"])
        #expect(lint(.characterClass(CharacterClass(ranges: [0...0xD7FF, 0xE001...0x10FFFF], isNegated: true))).isEmpty)
        let anything = Grammar(rules: [Rule(name: "root", body: .characterClass(CharacterClass(ranges: [], isNegated: true)))]).lint()
        #expect(summary(anything) == ["error matchesNothing root"])
        #expect(anything[0].message.contains("use '.'"))
    }

    @Test("bad repetition bounds are errors")
    func repetitionBounds() {
        func lint(_ body: GrammarExpression) -> [String] {
            summary(Grammar(rules: [Rule(name: "root", body: body)]).lint())
        }
        #expect(lint(.repetition(Self.a, minimum: 5, maximum: 3)) == ["error repetitionBounds root"])
        #expect(lint(.repetition(Self.a, minimum: -1, maximum: nil)) == ["error repetitionBounds root"])
        #expect(lint(.repetition(.repetition(Self.a, minimum: -5, maximum: Int.max), minimum: 0, maximum: nil)) == ["error emptyRepetition root", "error repetitionBounds root"])
        #expect(lint(.repetition(Self.a, minimum: 0, maximum: 100_001)) == ["error repetitionBounds root"])
        // Splittable, so fine.
        #expect(lint(.repetition(Self.a, minimum: 0, maximum: 100_000)).isEmpty)
        // A group too heavy for llama.cpp to repeat is fine: the printer moves it into a rule.
        let heavy = GrammarExpression.repetition(.sequence([.repetition(Self.a, minimum: 0, maximum: 2000), .literal("b")]), minimum: 0, maximum: nil)
        #expect(lint(heavy).isEmpty)
    }

    @Test("findings come grouped by check, warnings of unreachability last")
    func order() throws {
        let found = try findings("""
            root ::= root "x" | missing | ("a"?)*
            spare ::= "s"
            """)
        #expect(summary(found) == [
            "error undefinedReference root",
            "error emptyRepetition root",
            "error leftRecursion root",
            "warning unreachableRule spare",
        ])
    }
}
