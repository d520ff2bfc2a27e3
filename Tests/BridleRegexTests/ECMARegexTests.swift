import Testing

import BridleRegex

/// ``ECMARegex`` judges by ECMA-262 (with the `u` flag) over Unicode scalars, as a search for
/// ``ECMARegex/containsMatch(in:)`` and for the whole text for ``ECMARegex/matchesWhole(_:)``.
@Suite("ECMA-262 regex matcher")
struct ECMARegexTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let pattern: String
        /// Texts the pattern matches somewhere in (`RegExp.test`)…
        var matches: [String] = []
        /// …and texts it doesn't.
        var misses: [String] = []
        var testDescription: String { pattern }
    }

    static let cases: [Case] = [
        // Anchors: a search unless anchored; ^ and $ hold only at the text's ends (no multiline).
        Case(pattern: "b", matches: ["b", "abc"], misses: ["", "a"]),
        Case(pattern: "^b", matches: ["b", "bc"], misses: ["ab", "a\nb"]),
        Case(pattern: "b$", matches: ["ab"], misses: ["ba", "b\n"]),
        Case(pattern: "^ab$", matches: ["ab"], misses: ["abab", "ab\n", "xab"]),
        Case(pattern: "^$", matches: [""], misses: [" "]),
        Case(pattern: "", matches: ["", "anything"]),
        Case(pattern: "a^b", misses: ["ab", "a^b"]),
        Case(pattern: "a$|^b", matches: ["ba", "b"], misses: ["ab", "cab"]),
        Case(pattern: "(^a|b)c", matches: ["ac", "xbc"], misses: ["xac"]),
        Case(pattern: "^(?:a|b$)", matches: ["a", "b", "ax"], misses: ["bx"]),
        // Classes: ASCII \d and \w, ECMA-262's \s, `.` up to line terminators.
        Case(pattern: #"^\d+$"#, matches: ["0123456789"], misses: ["١٢٣", "１", "1a"]),
        Case(pattern: #"^\D$"#, matches: ["a", "١", "😀"], misses: ["5"]),
        Case(pattern: #"^\w+$"#, matches: ["Az_09"], misses: ["é", "ß", "a-b", "ω"]),
        Case(pattern: #"^\W$"#, matches: ["é", "-", " "], misses: ["_", "a"]),
        Case(pattern: #"^\s+$"#, matches: [" \t\n\r\u{0B}\u{0C}", "\u{A0}\u{1680}\u{2000}\u{200A}\u{2028}\u{2029}\u{202F}\u{205F}\u{3000}\u{FEFF}"], misses: ["\u{85}", "\u{1C}", "\u{200B}"]),
        Case(pattern: #"^\S$"#, matches: ["\u{85}", "a"], misses: ["\u{FEFF}", " "]),
        Case(pattern: "^.$", matches: ["a", "\u{0B}", "\u{0C}", "\u{85}", "😀", "\t"], misses: ["\n", "\r", "\u{2028}", "\u{2029}", ""]),
        Case(pattern: "^[a-c]+$", matches: ["abcba"], misses: ["abd", "A"]),
        Case(pattern: "^[^a-c]$", matches: ["d", "\n", "😀"], misses: ["a", "ab"]),
        Case(pattern: #"^[\d_-]+$"#, matches: ["1_-2"], misses: ["a"]),
        Case(pattern: #"^[^\s\d]$"#, matches: ["x"], misses: [" ", "4"]),
        Case(pattern: "^[^]$", matches: ["\n", "x"], misses: ["", "xy"]),
        Case(pattern: "^[]$", misses: ["", "x"]),
        Case(pattern: #"^[\b]$"#, matches: ["\u{08}"], misses: ["b"]),
        Case(pattern: #"^\p{Lu}\p{Ll}+$"#, matches: ["Émile", "Ωμέγα"], misses: ["émile"]),
        Case(pattern: #"^\P{L}$"#, matches: ["1"], misses: ["a"]),
        // Case-sensitive: no flags.
        Case(pattern: "^abc$", matches: ["abc"], misses: ["ABC", "Abc"]),
        // Quantifiers.
        Case(pattern: "^a{3}$", matches: ["aaa"], misses: ["aa", "aaaa"]),
        Case(pattern: "^a{2,3}$", matches: ["aa", "aaa"], misses: ["a", "aaaa"]),
        Case(pattern: "^a{2,}$", matches: ["aa", String(repeating: "a", count: 500)], misses: ["a"]),
        Case(pattern: "^a{0}$", matches: [""], misses: ["a"]),
        Case(pattern: "^(ab|c){2,3}$", matches: ["abc", "cab", "ababc"], misses: ["ab", "abababab"]),
        Case(pattern: "^a*?b+?$", matches: ["b", "aabb"], misses: ["a", "ba"]),
        Case(pattern: "^colou?r$", matches: ["color", "colour"], misses: ["colouur"]),
        Case(pattern: "^(a?){3}$", matches: ["", "a", "aaa"], misses: ["aaaa"]),
        Case(pattern: "^(a|)*$", matches: ["", "aaaa"], misses: ["b"]),
        Case(pattern: "^a{1,3}{", matches: ["aa{"], misses: ["{"]),
        // Alternation.
        Case(pattern: "^(?:cat|dog|bird)s?$", matches: ["cat", "dogs", "bird"], misses: ["cow", "cats!"]),
        Case(pattern: "a|b", matches: ["xa", "b"], misses: ["c", ""]),
        Case(pattern: "^(?<year>\\d{4})-(?<month>0[1-9]|1[0-2])$", matches: ["2024-12"], misses: ["2024-13"]),
        // Unicode scalars, not grapheme clusters or UTF-16 units.
        Case(pattern: "^😀{2}$", matches: ["😀😀"], misses: ["😀"]),
        Case(pattern: #"^\u{1F600}$"#, matches: ["😀"]),
        Case(pattern: #"^\uD83D\uDE00$"#, matches: ["😀"]),
        Case(pattern: "^e.$", matches: ["e\u{301}"], misses: ["é"]),
        Case(pattern: "^..$", matches: ["e\u{301}", "🇫🇷"], misses: ["é"]),
        Case(pattern: #"^[^\u{0}-\u{FFFF}]+$"#, matches: ["😀𝄞"], misses: ["a"]),
        Case(pattern: #"^\x41\u0042\u{43}\cJ$"#, matches: ["ABC\n"]),
    ]

    @Test("searches and whole matches", arguments: cases)
    func judgments(_ testCase: Case) throws {
        let regex = try ECMARegex(testCase.pattern)
        for text in testCase.matches {
            #expect(try regex.containsMatch(in: text), "\(testCase.pattern) should match \(text.debugDescription)")
        }
        for text in testCase.misses {
            #expect(try !regex.containsMatch(in: text), "\(testCase.pattern) should not match \(text.debugDescription)")
        }
    }

    @Test func wholeMatchesNeedTheWholeText() throws {
        let regex = try ECMARegex(#"\d{3}"#)
        #expect(try regex.containsMatch(in: "ab123cd"))
        #expect(try !regex.matchesWhole("ab123cd"))
        #expect(try regex.matchesWhole("123"))
        #expect(try !regex.matchesWhole("1234"))
        #expect(try ECMARegex("a|ab").matchesWhole("ab"))
        #expect(try ECMARegex("^a").matchesWhole("a"))
        #expect(try !ECMARegex("a$b").matchesWhole("ab"))
    }

    @Test func nestedStarsDoNotBlowUp() throws {
        // A backtracking engine takes exponential time on these; the automaton, linear.
        let text = String(repeating: "a", count: 2_000)
        #expect(try !ECMARegex("(a*)*b").containsMatch(in: text))
        #expect(try !ECMARegex("^(a|a)*$").containsMatch(in: text + "b"))
        #expect(try !ECMARegex("^(a+)+$").matchesWhole(text + "!"))
        #expect(try ECMARegex("(a*)*b").containsMatch(in: text + "b"))
    }

    @Test func refusesWhatTheGrammarRefuses() {
        for pattern in [#"(a)\1"#, "a(?=b)", "(?<!a)b", #"\bx"#, "(?i)a", #"\p{Greek}"#] {
            #expect(throws: ECMARegexError.self, "\(pattern)") { try ECMARegex(pattern) }
            do {
                _ = try ECMARegex(pattern)
            } catch {
                #expect(error.kind == .unsupported, "\(error)")
                #expect(error.message.contains("not supported"), "\(error)")
            }
        }
    }

    @Test func keepsThePatternAndBudget() throws {
        let budget = ECMARegexBudget(maximumStates: 50, maximumSteps: 1_000)
        let regex = try ECMARegex("^[a-z]+$", budget: budget)
        #expect(regex.pattern == "^[a-z]+$")
        #expect(regex.budget == budget)
        #expect(regex.stateCount < 10)
    }
}
