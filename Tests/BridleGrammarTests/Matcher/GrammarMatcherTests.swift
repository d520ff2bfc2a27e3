import Testing
@testable import BridleGrammar

private typealias F = MatchFixtures

@Suite("GrammarMatcher: basics")
struct GrammarMatcherTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var grammar: Grammar
        var text: String
        var outcome: MatchOutcome
        var testDescription: String { "\(name): \(text.debugDescription) → \(outcome)" }

        init(_ name: String, _ grammar: Grammar, _ text: String, _ outcome: MatchOutcome) {
            self.name = name
            self.grammar = grammar
            self.text = text
            self.outcome = outcome
        }
    }

    static let literals: [Case] = [
        Case("literal", F.root(F.lit("abc")), "abc", .sentence),
        Case("literal", F.root(F.lit("abc")), "ab", .prefix),
        Case("literal", F.root(F.lit("abc")), "", .prefix),
        Case("literal", F.root(F.lit("abc")), "abd", .rejected(at: 2)),
        Case("literal", F.root(F.lit("abc")), "abcd", .rejected(at: 3)),
        Case("empty literal", F.root(F.lit("")), "", .sentence),
        Case("empty literal", F.root(F.lit("")), "a", .rejected(at: 0)),
        Case("empty sequence", F.root(.sequence([])), "", .sentence),
        Case("empty alternatives", F.root(.alternatives([])), "", .rejected(at: -1)),
        Case("empty alternatives", F.root(.alternatives([])), "a", .rejected(at: 0)),
        Case("alternatives", F.root(F.alt(F.lit("cat"), F.lit("car"), F.lit("dog"))), "car", .sentence),
        Case("alternatives", F.root(F.alt(F.lit("cat"), F.lit("car"), F.lit("dog"))), "ca", .prefix),
        Case("alternatives", F.root(F.alt(F.lit("cat"), F.lit("car"), F.lit("dog"))), "cow", .rejected(at: 1)),
        Case("references", F.grammar(["root": F.seq(F.ref("a"), F.ref("b")), "a": F.lit("x"), "b": F.lit("y")]), "xy", .sentence),
        Case("root name", F.grammar(["start": F.lit("s"), "root": F.lit("r")], root: "start"), "s", .sentence),
        Case("root name", F.grammar(["start": F.lit("s"), "root": F.lit("r")], root: "start"), "r", .rejected(at: 0)),
        Case("escapes", F.root(F.lit("\"\\\n\u{0}")), "\"\\\n\u{0}", .sentence),
    ]

    static let classes: [Case] = [
        Case("range", F.root(F.set("a"..."f")), "a", .sentence),
        Case("range", F.root(F.set("a"..."f")), "f", .sentence),
        Case("range", F.root(F.set("a"..."f")), "g", .rejected(at: 0)),
        Case("range", F.root(F.set("a"..."f")), "`", .rejected(at: 0)),
        Case("ranges", F.root(F.set("a"..."c", "0"..."2")), "1", .sentence),
        Case("ranges", F.root(F.set("a"..."c", "0"..."2")), "3", .rejected(at: 0)),
        Case("negated", F.root(F.chars("\"\\", negated: true)), "a", .sentence),
        Case("negated", F.root(F.chars("\"\\", negated: true)), "\"", .rejected(at: 0)),
        Case("negated", F.root(F.chars("\"\\", negated: true)), "\\", .rejected(at: 0)),
        Case("negated", F.root(F.chars("\"\\", negated: true)), "é", .sentence),
        Case("negated", F.root(F.chars("\"\\", negated: true)), "😀", .sentence),
        Case("negated non-ASCII", F.root(F.chars("é", negated: true)), "e", .sentence),
        Case("negated non-ASCII", F.root(F.chars("é", negated: true)), "è", .sentence),
        // C3 could still start "è", so the refusal comes with the second byte.
        Case("negated non-ASCII", F.root(F.chars("é", negated: true)), "é", .rejected(at: 1)),
        Case("Greek range", F.root(F.set("α"..."ω")), "β", .sentence),
        Case("Greek range", F.root(F.set("α"..."ω")), "ω", .sentence),
        Case("Greek range", F.root(F.set("α"..."ω")), "a", .rejected(at: 0)),
        Case("Greek range", F.root(F.set("α"..."ω")), "Ω", .rejected(at: 1)),
        Case("Greek range", F.root(F.set("α"..."ω")), "日", .rejected(at: 0)),
        Case("range across lengths", F.root(F.set("~"..."ā")), "~", .sentence),
        Case("range across lengths", F.root(F.set("~"..."ā")), "\u{7F}", .sentence),
        Case("range across lengths", F.root(F.set("~"..."ā")), "ā", .sentence),
        Case("range across lengths", F.root(F.set("~"..."ā")), "Ă", .rejected(at: 1)),
        Case("emoji range", F.root(F.set("😀"..."😂")), "😁", .sentence),
        Case("emoji range", F.root(F.set("😀"..."😂")), "😃", .rejected(at: 3)),
        Case("emoji range", F.root(F.set("😀"..."😂")), "🙂", .rejected(at: 2)),
        Case("astral to BMP", F.root(F.set("\u{FFFF}"..."\u{10000}")), "\u{FFFF}", .sentence),
        Case("astral to BMP", F.root(F.set("\u{FFFF}"..."\u{10000}")), "\u{10000}", .sentence),
        Case("any", F.root(.anyCharacter), "x", .sentence),
        Case("any", F.root(.anyCharacter), "\u{0}", .sentence),
        Case("any", F.root(.anyCharacter), "\u{10FFFF}", .sentence),
        Case("any", F.root(.anyCharacter), "日", .sentence),
        Case("any", F.root(.anyCharacter), "ab", .rejected(at: 1)),
        Case("any", F.root(.anyCharacter), "", .prefix),
        Case("class of nothing", F.root(F.alt(F.lit("a"), .characterClass(CharacterClass(ranges: [0...0x10FFFF], isNegated: true)))), "a", .sentence),
        Case("class of surrogates", F.root(.characterClass(CharacterClass(ranges: [0xD800...0xDFFF]))), "\u{D7FF}", .rejected(at: 0)),
        Case("class of surrogates", F.root(.characterClass(CharacterClass(ranges: [0xD800...0xDFFF]))), "\u{E000}", .rejected(at: 0)),
    ]

    static let repetitions: [Case] = [
        Case("{2,4}", F.root(F.rep(F.set("0"..."9"), 2, 4)), "", .prefix),
        Case("{2,4}", F.root(F.rep(F.set("0"..."9"), 2, 4)), "1", .prefix),
        Case("{2,4}", F.root(F.rep(F.set("0"..."9"), 2, 4)), "12", .sentence),
        Case("{2,4}", F.root(F.rep(F.set("0"..."9"), 2, 4)), "1234", .sentence),
        Case("{2,4}", F.root(F.rep(F.set("0"..."9"), 2, 4)), "12345", .rejected(at: 4)),
        Case("{2,4}", F.root(F.rep(F.set("0"..."9"), 2, 4)), "1a", .rejected(at: 1)),
        Case("{0,3} of a sequence", F.root(F.rep(F.lit("ab"), 0, 3)), "", .sentence),
        Case("{0,3} of a sequence", F.root(F.rep(F.lit("ab"), 0, 3)), "aba", .prefix),
        Case("{0,3} of a sequence", F.root(F.rep(F.lit("ab"), 0, 3)), "ababab", .sentence),
        Case("{0,3} of a sequence", F.root(F.rep(F.lit("ab"), 0, 3)), "abababa", .rejected(at: 6)),
        Case("{0,1000}", F.root(F.rep(F.lit("x"), 0, 1000)), String(repeating: "x", count: 1000), .sentence),
        Case("{0,1000}", F.root(F.rep(F.lit("x"), 0, 1000)), String(repeating: "x", count: 1001), .rejected(at: 1000)),
        Case("{1000}", F.root(F.rep(F.lit("x"), 1000, 1000)), String(repeating: "x", count: 999), .prefix),
        Case("{1000}", F.root(F.rep(F.lit("x"), 1000, 1000)), String(repeating: "x", count: 1000), .sentence),
        Case("{3,}", F.root(F.rep(F.lit("x"), 3, nil)), "xx", .prefix),
        Case("{3,}", F.root(F.rep(F.lit("x"), 3, nil)), "xxx", .sentence),
        Case("{3,}", F.root(F.rep(F.lit("x"), 3, nil)), String(repeating: "x", count: 50), .sentence),
        Case("*", F.root(F.star(F.set("a"..."z"))), "", .sentence),
        Case("*", F.root(F.star(F.set("a"..."z"))), "hello", .sentence),
        Case("*", F.root(F.star(F.set("a"..."z"))), "hello!", .rejected(at: 5)),
        Case("+", F.root(F.plus(F.set("a"..."z"))), "", .prefix),
        Case("?", F.root(F.seq(F.opt(F.lit("-")), F.lit("1"))), "-1", .sentence),
        Case("?", F.root(F.seq(F.opt(F.lit("-")), F.lit("1"))), "1", .sentence),
        Case("?", F.root(F.seq(F.opt(F.lit("-")), F.lit("1"))), "--1", .rejected(at: 1)),
        Case("nested", F.root(F.rep(F.rep(F.lit("a"), 2, 2), 2, 3)), "aaa", .prefix),
        Case("nested", F.root(F.rep(F.rep(F.lit("a"), 2, 2), 2, 3)), "aaaa", .sentence),
        Case("nested", F.root(F.rep(F.rep(F.lit("a"), 2, 2), 2, 3)), "aaaaa", .prefix),
        Case("nested", F.root(F.rep(F.rep(F.lit("a"), 2, 2), 2, 3)), "aaaaaa", .sentence),
        Case("nested", F.root(F.rep(F.rep(F.lit("a"), 2, 2), 2, 3)), "aaaaaaa", .rejected(at: 6)),
        Case("nullable body", F.root(F.rep(F.opt(F.lit("a")), 2, 3)), "", .sentence),
        Case("nullable body", F.root(F.rep(F.opt(F.lit("a")), 2, 3)), "aaa", .sentence),
        Case("nullable body", F.root(F.rep(F.opt(F.lit("a")), 2, 3)), "aaaa", .rejected(at: 3)),
        Case("nullable body, unbounded", F.root(F.seq(F.rep(F.star(F.lit("a")), 2, nil), F.lit("b"))), "aaab", .sentence),
        Case("nullable body, unbounded", F.root(F.seq(F.rep(F.star(F.lit("a")), 2, nil), F.lit("b"))), "b", .sentence),
        Case("{0,0}", F.root(F.seq(F.rep(F.lit("a"), 0, 0), F.lit("b"))), "b", .sentence),
        Case("{0,0}", F.root(F.seq(F.rep(F.lit("a"), 0, 0), F.lit("b"))), "ab", .rejected(at: 0)),
        Case("{1,1}", F.root(F.rep(F.lit("ab"), 1, 1)), "ab", .sentence),
        Case("of nothing, optional", F.root(F.seq(F.star(.alternatives([])), F.lit("b"))), "b", .sentence),
        Case("of nothing, required", F.root(F.seq(F.plus(.alternatives([])), F.lit("b"))), "b", .rejected(at: 0)),
        Case("same repetition twice", F.root(F.seq(F.rep(F.lit("a"), 1, 2), F.lit("-"), F.rep(F.lit("a"), 1, 2))), "aa-a", .sentence),
        Case("repeated alternatives", F.root(F.rep(F.alt(F.lit("ab"), F.lit("c")), 1, 3)), "abcab", .sentence),
        Case("repeated alternatives", F.root(F.rep(F.alt(F.lit("ab"), F.lit("c")), 1, 3)), "abcabc", .rejected(at: 5)),
    ]

    static let recursion: [Case] = [
        Case("left recursion", F.arithmetic, "1+2*3", .sentence),
        Case("left recursion", F.arithmetic, "(1+2)*3+45", .sentence),
        Case("left recursion", F.arithmetic, "1+", .prefix),
        Case("left recursion", F.arithmetic, "1++", .rejected(at: 2)),
        Case("left recursion", F.arithmetic, "(1+2", .prefix),
        Case("left recursion", F.arithmetic, "(1+2))", .rejected(at: 5)),
        Case("right recursion", F.rightRecursive, "a,bb,ccc", .sentence),
        Case("right recursion", F.rightRecursive, "a,", .prefix),
        Case("right recursion", F.rightRecursive, "a,,", .rejected(at: 2)),
        Case("nested", F.nested, "((x))", .sentence),
        Case("nested", F.nested, "((x)", .prefix),
        Case("nested", F.nested, "((x)))", .rejected(at: 5)),
        Case("nullable rules", F.nullable, "c", .sentence),
        Case("nullable rules", F.nullable, "xc", .sentence),
        Case("nullable rules", F.nullable, "xxxc", .sentence),
        Case("nullable rules", F.nullable, "xxxx", .rejected(at: 3)),
        Case("ambiguous", F.ambiguous, "", .sentence),
        Case("ambiguous", F.ambiguous, "aaaa", .sentence),
        Case("ambiguous", F.ambiguous, "ab", .rejected(at: 1)),
        Case("self reference", F.grammar(["root": F.alt(F.ref("root"), F.lit("a"))]), "a", .sentence),
        Case("indirect left recursion", F.grammar([
            "root": F.alt(F.seq(F.ref("b"), F.lit("x")), F.lit("y")),
            "b": F.seq(F.ref("root"), F.lit("z")),
        ]), "yzxzx", .sentence),
        Case("hidden left recursion", F.grammar([
            "root": F.alt(F.seq(F.ref("e"), F.ref("root"), F.lit("x")), F.lit("y")),
            "e": F.opt(F.lit("e")),
        ]), "yxx", .sentence),
        Case("useless rule", F.grammar(["root": F.alt(F.ref("loop"), F.lit("a")), "loop": F.seq(F.lit("b"), F.ref("loop"))]), "b", .rejected(at: 0)),
        Case("useless rule", F.grammar(["root": F.alt(F.ref("loop"), F.lit("a")), "loop": F.seq(F.lit("b"), F.ref("loop"))]), "a", .sentence),
    ]

    @Test("literals and alternatives", arguments: literals)
    func literal(_ testCase: Case) throws {
        try check(testCase)
    }

    @Test("character classes", arguments: classes)
    func characterClass(_ testCase: Case) throws {
        try check(testCase)
    }

    @Test("repetitions", arguments: repetitions)
    func repetition(_ testCase: Case) throws {
        try check(testCase)
    }

    @Test("recursion and nullable rules", arguments: recursion)
    func recursive(_ testCase: Case) throws {
        try check(testCase)
    }

    private func check(_ testCase: Case) throws {
        if case .rejected(at: -1) = testCase.outcome {
            // A grammar with no sentences: nothing is complete, nothing continues.
            let matcher = try GrammarMatcher(testCase.grammar)
            #expect(!matcher.isComplete)
            #expect(!matcher.canContinue)
            return
        }
        #expect(try MatchOutcome(testCase.grammar, testCase.text) == testCase.outcome)
        #expect(try GrammarMatcher.matches(testCase.grammar, testCase.text) == (testCase.outcome == .sentence))
    }

    @Test("a rejected byte leaves the matcher as it was")
    func rejectionKeepsState() throws {
        var matcher = try GrammarMatcher(F.root(F.lit("abc")))
        let steps: [(byte: Character, accepted: Bool)] = [("a", true), ("x", false), ("c", false), ("b", true)]
        for step in steps {
            let accepted = step.byte.asciiValue.map { matcher.accept($0) }
            #expect(accepted == step.accepted, "\(step.byte)")
        }
        #expect(!matcher.isComplete)
        let last = matcher.accept(UInt8(ascii: "c"))
        #expect(last)
        #expect(matcher.isComplete)
        #expect(!matcher.canContinue)
    }

    @Test("accept(bytes:) stops at the first rejected byte and keeps the bytes before it")
    func acceptBytesOffset() throws {
        var matcher = try GrammarMatcher(F.root(F.seq(F.plus(F.set("0"..."9")), F.lit(";"))))
        #expect(MatchOutcome(&matcher, "12x4") == .rejected(at: 2))
        #expect(MatchOutcome(&matcher, "3") == .prefix)   // after "12": the "x4" never went in
        #expect(MatchOutcome(&matcher, ";") == .sentence)
        #expect(MatchOutcome(&matcher, "") == .sentence)
    }

    @Test("isComplete and canContinue")
    func completeAndContinue() throws {
        var matcher = try GrammarMatcher(F.root(F.rep(F.lit("a"), 1, 2)))
        #expect(!matcher.isComplete && matcher.canContinue)
        matcher.accept(UInt8(ascii: "a"))
        #expect(matcher.isComplete && matcher.canContinue)
        matcher.accept(UInt8(ascii: "a"))
        #expect(matcher.isComplete && !matcher.canContinue)
    }

    @Test("copies are independent snapshots")
    func snapshots() throws {
        var matcher = try GrammarMatcher(F.json)
        #expect(MatchOutcome(&matcher, #"{"a": ["#) == .prefix)
        let snapshot = matcher
        var other = matcher
        #expect(MatchOutcome(&matcher, "1]}") == .sentence)
        #expect(MatchOutcome(&other, #""x", {}]}"#) == .sentence)
        var fromSnapshot = snapshot
        #expect(MatchOutcome(&fromSnapshot, "]") == .prefix)
        #expect(MatchOutcome(&fromSnapshot, "]") == .rejected(at: 0))
        #expect(MatchOutcome(&fromSnapshot, "}") == .sentence)
        #expect(!snapshot.isComplete)
        #expect(snapshot.allows(UInt8(ascii: "]")))
    }

    @Test("snapshots can be extended from many tasks at once")
    func concurrentSnapshots() async throws {
        var matcher = try GrammarMatcher(F.json)
        _ = matcher.accept(bytes: #"{"list": [1, "two", {"three": [3]}, "#.utf8)
        let snapshot = matcher
        let endings = [#"4]}"#, #""five"]}"#, #"{}]}"#, #"[6, 7]]}"#, #"nul"#, #"8}"#]
        let results = await withTaskGroup(of: (Int, MatchOutcome).self) { group in
            for (index, ending) in endings.enumerated() {
                group.addTask {
                    var copy = snapshot
                    return (index, MatchOutcome(&copy, ending))
                }
            }
            var results = Array(repeating: MatchOutcome.prefix, count: endings.count)
            for await (index, outcome) in group { results[index] = outcome }
            return results
        }
        #expect(results == [.sentence, .sentence, .sentence, .sentence, .prefix, .rejected(at: 1)])
    }

    @Test("allows(_:) agrees with accept(_:) for every byte, at every step", arguments: [
        (F.json, #"{"k\u00e9y": [1.5e-3, "日本😀", true, null], "b": {}}"#),
        (F.arithmetic, "(12+3)*4"),
        (F.root(F.star(F.alt(F.set("α"..."ω"), F.set("😀"..."😂"), F.lit("é")))), "αé😁ω"),
    ])
    func allowsAgreesWithAccept(grammar: Grammar, text: String) throws {
        var matcher = try GrammarMatcher(grammar)
        for byte in Array(text.utf8) + [0] {
            for candidate in UInt8.min...UInt8.max {
                var copy = matcher
                let allowed = copy.allows(candidate)
                let accepted = copy.accept(candidate)
                #expect(allowed == accepted, "byte \(candidate)")
            }
            _ = matcher.accept(byte)
        }
    }

    /// Many literal alternatives sharing prefixes (the grammar for multiples of 11 in
    /// 0…300), against every numeral of a window: a crash once blamed on the matcher here
    /// was the test harness's (see `MultipleOfGrammarTests`); this pins the matcher's side.
    @Test func literalAlternativesMatchExactlyTheirWords() throws {
        let words = (0...27).map { String($0 * 11) }
        let grammar = F.root(.alternatives(words.map(F.lit)))
        for value in -320...320 {
            let text = String(value)
            #expect(try GrammarMatcher.matches(grammar, text) == words.contains(text), "\(text)")
        }
    }
}
