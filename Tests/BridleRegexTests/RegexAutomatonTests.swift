import Testing

import BridleRegex
import BridleTestSupport

/// ``RegexAutomaton`` against the reference, ``ECMARegex``'s Thompson matcher: on random
/// patterns (anchors anywhere included) and random texts the two give the same answer, and the
/// boolean operations obey their laws text by text.
@Suite("Regex automata")
struct RegexAutomatonTests {
    static let atoms = [
        "a", "b", "c", "-", " ", "é", "😀", #"\."#, #"\\"#, "\"", ".", #"\d"#, #"\D"#, #"\w"#, #"\W"#, #"\s"#, #"\S"#,
        #"\n"#, "[a-c]", "[^a]", #"[^\s\d]"#, "[^]", #"\p{L}"#, "^", "$",
    ]
    static let quantifiers = ["", "", "", "*", "+", "?", "{2}", "{0,2}", "{1,3}", "{2,}"]
    static let alphabet: [Unicode.Scalar] = ["a", "b", "c", "z", "0", "_", "-", ".", " ", "\t", "\n", "\r", "\"", "\\", "\u{2028}", "€", "😀", "é", "\u{FEFF}"]

    static func pattern(using random: inout SplitMix64, depth: Int = 0) -> String {
        let branches = Int.random(in: 0..<5, using: &random) == 0 ? 2 : 1
        return (0..<branches).map { _ in
            var text = ""
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                if depth < 2, Int.random(in: 0..<6, using: &random) == 0 {
                    text += "(" + pattern(using: &random, depth: depth + 1) + ")"
                } else {
                    text += atoms[Int.random(in: 0..<atoms.count, using: &random)]
                }
                if !text.hasSuffix("^") && !text.hasSuffix("$") {
                    text += quantifiers[Int.random(in: 0..<quantifiers.count, using: &random)]
                }
            }
            return text
        }.joined(separator: "|")
    }

    static func text(using random: inout SplitMix64) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...8, using: &random) {
            scalars.append(alphabet[Int.random(in: 0..<alphabet.count, using: &random)])
        }
        return String(scalars)
    }

    @Test(arguments: [false, true])
    func automatonAgreesWithTheMatcher(anchored: Bool) throws {
        var random = SplitMix64(seed: anchored ? 7 : 20_261_125)
        var judgments = 0
        for _ in 0..<150 {
            let pattern = Self.pattern(using: &random)
            let regex = try ECMARegex(pattern)
            let automaton = try RegexAutomaton(pattern: pattern, anchored: anchored)
            for _ in 0..<30 {
                let text = Self.text(using: &random)
                let expected = anchored ? try regex.matchesWhole(text) : try regex.containsMatch(in: text)
                #expect(automaton.accepts(text) == expected, "\(pattern) on \(text.debugDescription)")
                judgments += 1
            }
            if let member = automaton.shortestMember() {
                #expect(anchored ? try regex.matchesWhole(member) : try regex.containsMatch(in: member), "\(pattern): \(member.debugDescription)")
            }
        }
        #expect(judgments == 4_500)
    }

    @Test func intersectionAndComplementLaws() throws {
        var random = SplitMix64(seed: 42)
        for _ in 0..<80 {
            let (p, q) = (Self.pattern(using: &random), Self.pattern(using: &random))
            let a = try RegexAutomaton(pattern: p)
            let b = try RegexAutomaton(pattern: q)
            let both = try a.intersection(b)
            let aNotB = try a.intersection(b.complement)
            for _ in 0..<30 {
                let text = Self.text(using: &random)
                #expect(both.accepts(text) == (a.accepts(text) && b.accepts(text)), "\(p) ∧ \(q) on \(text.debugDescription)")
                #expect(aNotB.accepts(text) == (a.accepts(text) && !b.accepts(text)), "\(p) ∧ ¬\(q) on \(text.debugDescription)")
                #expect(a.complement.accepts(text) != a.accepts(text))
                #expect(both.minimized().accepts(text) == both.accepts(text), "minimized \(p) ∧ \(q) on \(text.debugDescription)")
            }
            #expect(try a.intersection(a.complement).isEmpty, "\(p)")
            if let member = both.shortestMember() {
                #expect(a.accepts(member) && b.accepts(member))
            }
        }
    }

    @Test func searchesAreUnanchoredUnlessAnchored() throws {
        let startsWithA = try RegexAutomaton(pattern: "^a")
        let endsWithX = try RegexAutomaton(pattern: "x$")
        let both = try startsWithA.intersection(endsWithX)
        #expect(both.accepts("abx") && both.accepts("ax"))
        #expect(!both.accepts("bx") && !both.accepts("ab") && !both.accepts("ax\n"))
        #expect(both.shortestMember() == "ax")
        #expect(try RegexAutomaton(pattern: "b").accepts("abc"))
        #expect(try !RegexAutomaton(pattern: "b", anchored: true).accepts("abc"))
        // `.` stops at line terminators, as ECMA-262's.
        #expect(try !RegexAutomaton(pattern: "^.*$").accepts("a\nb"))
        #expect(try RegexAutomaton(pattern: "^.*$").accepts("a\u{85}b"))
    }

    @Test func emptyIntersectionsHaveNoMember() throws {
        let four = try RegexAutomaton(pattern: "^....$")
        let long = try RegexAutomaton(pattern: "abcde")
        #expect(try four.intersection(long).isEmpty)
        #expect(try four.intersection(long).shortestMember() == nil)
        let member = try four.intersection(RegexAutomaton(pattern: "bc1")).shortestMember()
        #expect(member?.unicodeScalars.count == 4 && member?.contains("bc1") == true, "\(member ?? "none")")
    }

    @Test func minimizingMergesEquivalentStates() throws {
        // Searching for an a, then every continuation matches: two states.
        #expect(try RegexAutomaton(pattern: "a|aa*|(a)").minimized().stateCount == 2)
        // Start, one to four scalars in, and a dead end for longer texts.
        let four = try RegexAutomaton(pattern: "^(....|.{4})$").minimized()
        #expect(four.stateCount == 6 && four.accepts("abcd") && !four.accepts("abc"))
    }

    @Test func readingsDifferOnDisputedScalars() throws {
        // `.` in every engine stops at \v; ECMA-262's does not.
        #expect(try RegexAutomaton(pattern: "^.$", reading: .exact).accepts("\u{B}"))
        #expect(try !RegexAutomaton(pattern: "^.$", reading: .inner).accepts("\u{B}"))
        #expect(try RegexAutomaton(pattern: #"^\w$"#, reading: .outer).accepts("é"))
    }

    @Test func tooManyStatesIsATypedErrorNamingThePatterns() throws {
        #expect {
            try RegexAutomaton(pattern: "a.{20}$", maximumStates: 100)
        } throws: { error in
            guard let error = error as? ECMARegexError else { return false }
            return error.kind == .budgetExceeded && error.pattern == "a.{20}$" && error.message.contains("more than 100 automaton states")
        }
        let a = try RegexAutomaton(pattern: "a.{5}$")
        let b = try RegexAutomaton(pattern: "b.{5}$")
        #expect {
            try a.intersection(b, maximumStates: 10)
        } throws: { error in
            guard let error = error as? ECMARegexError else { return false }
            return error.kind == .budgetExceeded && error.pattern == "a.{5}$ ∧ b.{5}$"
        }
        #expect(throws: ECMARegexError.self) { try RegexAutomaton(pattern: #"(a)\1"#) }
    }
}
