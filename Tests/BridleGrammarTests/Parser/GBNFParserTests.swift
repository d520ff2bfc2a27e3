import Testing
import BridleGrammar

@Suite("GBNFParser")
struct GBNFParserTests {
    private static let a = GrammarExpression.literal("a")
    private static let b = GrammarExpression.literal("b")

    private static func rep(_ operand: GrammarExpression, _ minimum: Int, _ maximum: Int?) -> GrammarExpression {
        .repetition(operand, minimum: minimum, maximum: maximum)
    }

    private static func range(_ lower: Unicode.Scalar, _ upper: Unicode.Scalar) -> ClosedRange<UInt32> {
        lower.value...upper.value
    }

    // MARK: llama.cpp's own grammars

    @Test("reads every grammar llama.cpp ships, and prints it back to the same grammar",
          arguments: ShippedGrammars.all.map(\.name))
    func shipped(name: String) throws {
        let text = try #require(ShippedGrammars.all.first { $0.name == name }?.text)
        let grammar = try Grammar(gbnf: text)
        let ruleCounts = ["arithmetic": 6, "c": 21, "chess": 5, "english": 5, "japanese": 6, "json": 7, "json_arr": 8, "list": 2]
        #expect(grammar.rules.count == ruleCounts[name])
        #expect(grammar.rules.first?.name == "root")
        #expect(try Grammar(gbnf: grammar.gbnf) == grammar)
    }

    @Test("json.gbnf: a leading empty alternative, escapes in classes, {m,n}")
    func jsonDetails() throws {
        let grammar = try Grammar(gbnf: ShippedGrammars.json)
        #expect(grammar.rule(named: "ws")?.body == .alternatives([
            .sequence([]),
            .literal(" "),
            .sequence([.literal("\n"), Self.rep(.characterClass(CharacterClass(ranges: [0x20...0x20, 0x09...0x09])), 0, 20)]),
        ]))
        guard case .sequence(let parts)? = grammar.rule(named: "string")?.body,
              case .repetition(.alternatives(let choices), 0, nil) = parts[1]
        else {
            Issue.record("unexpected shape")
            return
        }
        #expect(choices[0] == .characterClass(CharacterClass(ranges: [0x22...0x22, 0x5C...0x5C, 0x7F...0x7F, 0x00...0x1F], isNegated: true)))
    }

    @Test("english.gbnf: a class full of punctuation, with an unescaped range and escaped ] and \\")
    func englishPunctuation() throws {
        let grammar = try Grammar(gbnf: ShippedGrammars.english)
        guard case .characterClass(let punctuation)? = grammar.rule(named: "punctuation")?.body else {
            Issue.record("not a class")
            return
        }
        #expect(punctuation.ranges.contains(Self.range(",", ".")))
        #expect(punctuation.ranges.contains(0x5D...0x5D))
        #expect(punctuation.ranges.contains(0x5C...0x5C))
        #expect(punctuation.ranges.contains(0x23...0x23))
        #expect(!punctuation.isNegated)
    }

    @Test("japanese.gbnf: ranges of non-ASCII scalars written directly")
    func japanese() throws {
        let grammar = try Grammar(gbnf: ShippedGrammars.japanese)
        #expect(grammar.rule(named: "hiragana")?.body == .characterClass(CharacterClass("ぁ"..."ゟ")))
    }

    // MARK: Accepted text

    struct Accepted: CustomTestStringConvertible, Sendable {
        let text: String
        let root: GrammarExpression
        init(_ text: String, _ root: GrammarExpression) {
            self.text = text
            self.root = root
        }
        var testDescription: String { text.debugDescription }
    }

    static let accepted: [Accepted] = [
        Accepted(#"root ::= "a" # a comment"#, a),
        Accepted("# leading comment\n\n  \nroot ::= \"a\"\n\n# trailing\n", a),
        Accepted("root ::= \"a\" |\n  \"b\"", .alternatives([a, b])),
        Accepted("root ::= \"a\" | # why\n  \"b\"", .alternatives([a, b])),
        Accepted("root ::=\n  \"a\"", a),
        Accepted("root ::= (\"a\"\n  \"b\"\n)", .sequence([a, b])),
        Accepted("root ::= (\n  \"a\" |\n  \"b\"\n)", .alternatives([a, b])),
        Accepted("root ::= (\"a\"\n  | \"b\")", .alternatives([a, b])),
        Accepted("root ::= \"a\"\t\"b\"", .sequence([a, b])),
        Accepted(#"root ::= "a""b""#, .sequence([a, b])),
        Accepted(#"root ::= ((("a")))"#, a),
        Accepted(#"root ::= ("a" ("b" "a")) "b""#, .sequence([a, b, a, b])),
        Accepted(#"root ::= "a" | ("b" | "a")"#, .alternatives([a, b, a])),
        Accepted(#"root ::= ."#, .anyCharacter),
        Accepted(#"root ::= value"#, .reference("value")),
        Accepted(#"root ::= 9-lives-"#, .reference("9-lives-")),
        Accepted(#"root ::= """#, .sequence([])),
        Accepted(#"root ::= ()"#, .sequence([])),
        Accepted(#"root ::= "a" "" "b""#, .sequence([a, b])),
        Accepted(#"root ::= "a" |"#, .alternatives([a, .sequence([])])),
        Accepted(#"root ::= | "a""#, .alternatives([.sequence([]), a])),
        Accepted(#"root ::="#, .sequence([])),
        Accepted(#"root ::= "a"*"#, rep(a, 0, nil)),
        Accepted(#"root ::= "a"+"#, rep(a, 1, nil)),
        Accepted(#"root ::= "a"?"#, rep(a, 0, 1)),
        Accepted(#"root ::= "a"{3}"#, rep(a, 3, 3)),
        Accepted(#"root ::= "a"{3,}"#, rep(a, 3, nil)),
        Accepted(#"root ::= "a"{2,5}"#, rep(a, 2, 5)),
        Accepted(#"root ::= "a"{ 2 , 5 }"#, rep(a, 2, 5)),
        Accepted("root ::= (\"a\"{\n2,\n5\n})", rep(a, 2, 5)),
        Accepted(#"root ::= "a"{0,5000}"#, rep(a, 0, 5000)),
        Accepted(#"root ::= "a"{2}*"#, rep(rep(a, 2, 2), 0, nil)),
        Accepted(#"root ::= "a"? *"#, rep(rep(a, 0, 1), 0, nil)),
        Accepted(#"root ::= ()*"#, rep(.sequence([]), 0, nil)),
        Accepted(#"root ::= ("a" "b")+"#, rep(.sequence([a, b]), 1, nil)),
        Accepted(#"root ::= "ab"*"#, rep(.literal("ab"), 0, nil)),
        Accepted(#"root ::= [a-z0-9_]"#, .characterClass(CharacterClass(ranges: [range("a", "z"), range("0", "9"), range("_", "_")]))),
        Accepted(#"root ::= [^"\\]"#, .characterClass(CharacterClass(ranges: [0x22...0x22, 0x5C...0x5C], isNegated: true))),
        Accepted(#"root ::= [\]\-\[\\\"]"#, .characterClass(CharacterClass(ranges: [0x5D...0x5D, 0x2D...0x2D, 0x5B...0x5B, 0x5C...0x5C, 0x22...0x22]))),
        Accepted(#"root ::= [a-]"#, .characterClass(CharacterClass(ranges: [0x61...0x61, 0x2D...0x2D]))),
        Accepted(#"root ::= [-a]"#, .characterClass(CharacterClass(ranges: [0x2D...0x2D, 0x61...0x61]))),
        Accepted(#"root ::= [a^]"#, .characterClass(CharacterClass(ranges: [0x61...0x61, 0x5E...0x5E]))),
        Accepted(#"root ::= [^^]"#, .characterClass(CharacterClass(ranges: [0x5E...0x5E], isNegated: true))),
        Accepted(#"root ::= [[]"#, .characterClass(CharacterClass(ranges: [0x5B...0x5B]))),
        Accepted(#"root ::= [!-\]]"#, .characterClass(CharacterClass(ranges: [0x21...0x5D]))),
        Accepted(#"root ::= [\x00-\x1F\u00e9\U0010FFFF-\UFFFFFFFF]"#, .characterClass(CharacterClass(ranges: [0x00...0x1F, 0xE9...0xE9, 0x10FFFF...0xFFFF_FFFF]))),
        Accepted(#"root ::= [\uD800]"#, .characterClass(CharacterClass(ranges: [0xD800...0xD800]))),
        Accepted(#"root ::= []"#, .characterClass(CharacterClass(ranges: []))),
        Accepted(#"root ::= [^]"#, .characterClass(CharacterClass(ranges: [], isNegated: true))),
        Accepted(#"root ::= "\x41\u00e9\U0001F600\t\r\n\\\"\[\]\-""#, .literal("Aé😀\t\r\n\\\"[]-")),
        Accepted("root ::= \"line\nbreak\"", .literal("line\nbreak")),
        Accepted(##"root ::= "# not a comment""##, .literal("# not a comment")),
        Accepted(#"root ::= "日本😀""#, .literal("日本😀")),
        Accepted(#"root ::= "e\u0301""#, .literal("e\u{301}")),
        Accepted("root ::= \"a\"\r\n", a),
        Accepted("root ::= \"a\"\r", a),
        Accepted("root ::= \"a\" |\r\n\"b\"\r\n", .alternatives([a, b])),
    ]

    @Test("reads llama.cpp's dialect", arguments: accepted)
    func accepts(_ example: Accepted) throws {
        let grammar = try Grammar(gbnf: example.text)
        #expect(grammar.rules == [Rule(name: "root", body: example.root)])
    }

    @Test("rules in order; references to undefined rules and a missing root are lint's business")
    func rules() throws {
        let grammar = try Grammar(gbnf: "b ::= \"b\"\nroot ::= b missing\n-1 ::= \"x\"")
        #expect(grammar.rules.map(\.name) == ["b", "root", "-1"])
        #expect(grammar.rules[1].body == .sequence([.reference("b"), .reference("missing")]))
        #expect(try Grammar(gbnf: "start ::= \"a\"").rules.count == 1)
        #expect(try Grammar(gbnf: "").rules.isEmpty)
        #expect(try Grammar(gbnf: "  # only a comment\n").rules.isEmpty)
    }

    @Test("rootName names the start rule")
    func rootName() throws {
        #expect(try Grammar(gbnf: "start ::= \"a\"").rootName == "root")
        #expect(try Grammar(gbnf: "start ::= \"a\"", rootName: "start").rootName == "start")
    }

    @Test("a CRLF file reads like an LF one")
    func crlf() throws {
        let lf = ShippedGrammars.json
        let crlf = lf.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
        #expect(crlf.unicodeScalars.contains("\r"))
        #expect(try Grammar(gbnf: crlf) == Grammar(gbnf: lf))
    }

    // MARK: Rejected text

    struct Rejected: CustomTestStringConvertible, Sendable {
        let text: String
        let line: Int
        let column: Int
        let message: String
        init(_ text: String, _ line: Int, _ column: Int, _ message: String) {
            self.text = text
            self.line = line
            self.column = column
            self.message = message
        }
        var testDescription: String { text.debugDescription }
    }

    static let rejected: [Rejected] = [
        Rejected("root ::= value\n\nvalue = \"x\"\n", 3, 7, "expected '::=' after the rule name"),
        Rejected("root\n::= \"a\"", 1, 5, "expected '::=' after the rule name"),
        Rejected("root :: \"a\"", 1, 6, "expected '::=' after the rule name"),
        Rejected("::= \"a\"", 1, 1, "expected a rule name"),
        Rejected("root ::= \"a\"\n| \"b\"", 2, 1, "expected a rule name; to continue the previous rule on this line, end the previous line with '|' instead"),
        Rejected("root ::= \"a\"\n  \"b\"", 2, 3, "expected a rule name; a rule continues on the next line only after '|' or inside '( … )'"),
        Rejected("my_rule ::= \"a\"", 1, 3, "'_' cannot appear in a rule name: use only ASCII letters, digits and '-'"),
        Rejected("root ::= my_rule", 1, 12, "'_' cannot appear in a rule name: use only ASCII letters, digits and '-'"),
        Rejected("root ::= \"a\"\nroot ::= \"b\"", 2, 1, "rule 'root' is already defined on line 1"),
        Rejected("root ::= \"abc", 1, 10, "unterminated string literal: add the closing '\"'"),
        Rejected("root ::= \"abc\\", 1, 10, "unterminated string literal: add the closing '\"'"),
        Rejected("root ::= [abc", 1, 10, "unterminated character class: add the closing ']'"),
        Rejected("root ::= [a-", 1, 10, "unterminated character class: add the closing ']'"),
        Rejected("root ::= (\"a\" \"b\"", 1, 18, "expected ')' to close the '(' at 1:10"),
        Rejected("root ::= (\"a\"\nb ::= \"c\")", 2, 3, "expected ')' to close the '(' at 1:10"),
        Rejected("root ::= \"a\")", 1, 13, "unexpected ')': there is no '(' for it to close"),
        Rejected("root ::= \"a\" @", 1, 14, "unexpected '@' in the rule body"),
        Rejected("root ::= \"a\" ::= \"b\"", 1, 14, "unexpected ':' in the rule body"),
        Rejected("root ::= *", 1, 10, "there is nothing before '*' for it to repeat"),
        Rejected("root ::= \"a\" | +", 1, 16, "there is nothing before '+' for it to repeat"),
        Rejected("root ::= \"\"*", 1, 12, "there is nothing before '*' for it to repeat"),
        Rejected("root ::= []?", 1, 12, "there is nothing before '?' for it to repeat"),
        Rejected("root ::= \"a\"{0}*", 1, 16, "there is nothing before '*' for it to repeat"),
        Rejected("root ::= \"a\"{,10}", 1, 14, "expected a number after '{'"),
        Rejected("root ::= \"a\"{,}", 1, 14, "expected a number after '{'"),
        Rejected("root ::= \"a\"{2", 1, 15, "expected ',' or '}' after the repetition count"),
        Rejected("root ::= \"a\"{2 3}", 1, 16, "expected ',' or '}' after the repetition count"),
        Rejected("root ::= \"a\"{2,3", 1, 17, "expected '}' to close the repetition"),
        Rejected("root ::= \"a\"{5,3}", 1, 13, "the repetition's minimum 5 is greater than its maximum 3"),
        Rejected("root ::= \"a\"{99999999999999999999}", 1, 14, "the repetition count is too large"),
        Rejected("root ::= \"\\q\"", 1, 11, "unknown escape '\\q': llama.cpp knows \\x, \\u, \\U, \\t, \\r, \\n, \\\\, \\\", \\[, \\] and \\-"),
        Rejected("root ::= [\\^]", 1, 11, "unknown escape '\\^': llama.cpp knows \\x, \\u, \\U, \\t, \\r, \\n, \\\\, \\\", \\[, \\] and \\-"),
        Rejected("root ::= \"\\x4\"", 1, 11, "expected 2 hex digits after '\\x'"),
        Rejected("root ::= \"\\u12G4\"", 1, 11, "expected 4 hex digits after '\\u'"),
        Rejected("root ::= \"\\U0001F60\"", 1, 11, "expected 8 hex digits after '\\U'"),
        Rejected("root ::= \"\\uD800\"", 1, 11, "'\\uD800' is not a Unicode scalar value, so a string literal cannot contain it"),
        Rejected("root ::= \"\\U00110000\"", 1, 11, "'\\U00110000' is not a Unicode scalar value, so a string literal cannot contain it"),
        Rejected("root ::= [z-a]", 1, 11, "the range 'z-a' is reversed: write its lower end first"),
        Rejected("root ::= <think>", 1, 10, "token matches ('<…>', '!<…>') are not supported: they depend on a model's vocabulary"),
        Rejected("root ::= !<[1000]>", 1, 10, "token matches ('<…>', '!<…>') are not supported: they depend on a model's vocabulary"),
        Rejected("root ::= \"a\u{0}\"", 1, 12, "GBNF text cannot contain NUL characters (llama.cpp stops reading at the first one)"),
        Rejected("root ::= " + String(repeating: "(", count: 201), 1, 210, "groups are nested more than 200 deep"),
        Rejected("root ::= \"a\"" + String(repeating: "?", count: 201), 1, 212, "expressions are nested more than 200 deep"),
        Rejected("root ::= \"a\"\n\nrest ::= 日本", 3, 10, "unexpected '日' in the rule body"),
        Rejected("règle ::= \"a\"", 1, 2, "'è' cannot appear in a rule name: use only ASCII letters, digits and '-'"),
        Rejected("root ::= règle", 1, 11, "'è' cannot appear in a rule name: use only ASCII letters, digits and '-'"),
        Rejected("root ::= \"é\" @", 1, 14, "unexpected '@' in the rule body"),
    ]

    @Test("rejects what llama.cpp rejects (and a little more), saying where and why", arguments: rejected)
    func rejects(_ example: Rejected) {
        do {
            _ = try Grammar(gbnf: example.text)
            Issue.record("accepted")
        } catch {
            #expect(error.message == example.message)
            #expect(error.line == example.line)
            #expect(error.column == example.column)
        }
    }

    @Test("nesting up to the limit is fine, and survives printing and linting")
    func deepButAllowed() throws {
        let text = "root ::= " + String(repeating: "(", count: 150) + "\"a\"" + String(repeating: ")?", count: 150)
        let grammar = try Grammar(gbnf: text)
        #expect(try Grammar(gbnf: grammar.gbnf) == grammar)
        #expect(grammar.lint().isEmpty)
    }
}
