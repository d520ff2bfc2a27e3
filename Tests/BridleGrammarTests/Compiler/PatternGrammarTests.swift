import Foundation
import Testing

@testable import BridleGrammar
import BridleRegex
import BridleTestSupport

/// `PatternGrammar`'s guarantee, checked by sampling: every JSON string content the
/// expression admits decodes to a string the original pattern matches (Swift's `Regex`, with
/// ECMA-262's ASCII `\d` and `\w`, stands in for an ECMA-262 engine) whose length is within the
/// requested bound; plus particular texts admitted and refused, and the patterns refused.
@Suite("Pattern → grammar expression")
struct PatternGrammarTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let pattern: String
        /// The same pattern in Swift `Regex` syntax, where the two differ.
        var oracle: String?
        var length: ClosedRange<Int>?
        var maximumRepeat = 16
        /// JSON string contents (escaped) the expression must admit…
        var accepts: [String] = []
        /// …and must not.
        var rejects: [String] = []
        var testDescription: String { length.map { "\(pattern) within \($0)" } ?? pattern }
    }

    static let seeds: ClosedRange<UInt64> = 1...200

    static let cases: [Case] = [
        Case(pattern: "^[A-Z]{3}-[0-9]{4}$", accepts: ["ABC-1234"], rejects: ["AB-1234", "abc-1234", "ABC-12345", "xABC-1234"]),
        Case(pattern: #"^\d{5}(-\d{4})?$"#, accepts: ["12345", "12345-6789"], rejects: ["1234", "12345-", "12345-678"]),
        Case(pattern: #"^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}$"#, accepts: ["jo.doe+x@mail.example.org"], rejects: ["jo@example.c", "@example.com"]),
        Case(pattern: "^#[0-9a-fA-F]{6}$", accepts: ["#00ffAA"], rejects: ["#00ffA", "00ffAA0"]),
        Case(pattern: #"^(\+\d{1,3})?\d{10}$"#, accepts: ["+441234567890", "1234567890"], rejects: ["+1234", "+12345678901234"]),
        Case(pattern: #"^[^"]*$"#, accepts: ["", "it's", #"a\\b"#, #"tab\there"#, #"\u0001"#, #"\u001F"#, "é😀"], rejects: [#"say \"hi\""#, "\"", #"\/"#]),
        Case(pattern: "a|b", accepts: ["a", "xxbyy"], rejects: ["", "c"]),
        Case(pattern: "colou?r", accepts: ["color", "colour", "my colour!"], rejects: ["colouur"]),
        Case(pattern: #"^(?:[01]\d|2[0-3]):[0-5]\d$"#, accepts: ["00:00", "23:59", "19:05"], rejects: ["24:00", "23:60", "7:00"]),
        Case(pattern: #"\w+"#, accepts: ["a", " hello world "], rejects: ["", "  "]),
        Case(pattern: "abc", accepts: ["abc", "xxabc", "abcxx", #"\"abc\n"#], rejects: ["ab", "acb"]),
        Case(pattern: #"^"[a-z]+"$"#, accepts: [#"\"quoted\""#], rejects: [#""quoted""#, "quoted"]),
        Case(pattern: #"^C:\\[A-Za-z]+\\[a-z]+\.txt$"#, accepts: [#"C:\\Users\\notes.txt"#], rejects: [#"C:\Users\notes.txt"#, #"C:\\\\Users\\notes.txt"#]),
        Case(pattern: #"^[^\\]+$"#, accepts: ["abc", #"\"q\""#], rejects: [#"a\\b"#, ""]),
        Case(pattern: #"^\S+$"#, accepts: ["abc", #"\""#], rejects: ["a b", #"\n"#, "\u{A0}"]),
        Case(pattern: "^.{1,20}$", accepts: ["x", #"\t"#, #"\u0000"#, #"\\"#], rejects: ["", #"\n"#, #"\r"#, "\u{2028}", String(repeating: "x", count: 21)]),
        Case(pattern: #"^\s*$"#, accepts: ["", " ", #"\t\n\r"#, #"\u000b\u000C"#, "\u{A0}\u{3000}"], rejects: ["x", "\u{FEFF}", "\u{85}"]),
        Case(pattern: #"^[\u0000-\u001F]+$"#, accepts: [#"\u0000"#, #"\n"#, #"\u000a"#, #"\u000A"#, #"\u001f\b\f"#], rejects: [" ", #"\u0020"#, #"\x00"#]),
        Case(pattern: #"^\x41\u0042\u{43}$"#, accepts: ["ABC"], rejects: [#"\u0041BC"#]),
        Case(pattern: #"^[\t\n\r]+$"#, accepts: [#"\t\n\r"#, #"\u0009"#], rejects: ["\t", #"\f"#]),
        Case(pattern: #"^(?<year>\d{4})-(?<month>0[1-9]|1[0-2])-(?<day>0[1-9]|[12]\d|3[01])$"#, accepts: ["2024-02-29", "1999-12-31"], rejects: ["2024-13-01", "2024-00-10", "2024-01-32"]),
        Case(pattern: "^[A-Z][a-z]*(?: [A-Z][a-z]*)*$", accepts: ["Ada Lovelace", "X"], rejects: ["ada", "Ada  Lovelace"]),
        Case(pattern: #"^https?://[a-z0-9.-]+(?:/[^\s]*)?$"#, accepts: ["https://example.com/a?b=c", "http://x"], rejects: ["ftp://x", "https://"]),
        Case(pattern: "^[0-9]{3}-[0-9]{2}-[0-9]{4}$", accepts: ["123-45-6789"], rejects: ["123456789"]),
        Case(pattern: #"^\p{Lu}\p{Ll}+$"#, accepts: ["Émile", "Ωμέγα"], rejects: ["émile", "E"]),
        Case(pattern: #"^[^\d\s]+$"#, accepts: ["abc", "x_y"], rejects: ["a1", "a b", #"\n"#]),
        Case(pattern: #"^(?:\d{1,3}\.){3}\d{1,3}$"#, accepts: ["192.168.0.1"], rejects: ["192.168.0", "1.2.3.4.5"]),
        Case(pattern: "^[a-f0-9]{8}-[a-f0-9]{4}-4[a-f0-9]{3}-[89ab][a-f0-9]{3}-[a-f0-9]{12}$", accepts: ["123e4567-e89b-42d3-a456-426614174000"], rejects: ["123e4567-e89b-12d3-a456-426614174000"]),
        // `é` is a word character to Unicode-aware engines (Python's `re`), so `\W` leaves it out.
        Case(pattern: #"^\W+$"#, accepts: ["-!?", " ", #"\""#], rejects: ["a", "_", "é"]),
        Case(pattern: "^[^a-z]*$", accepts: ["ABC 123", ""], rejects: ["aBC"]),
        Case(pattern: "x*?y+?", accepts: ["y", "xxyy", "ay"], rejects: ["x", ""]),
        Case(pattern: "^a{2,}$", accepts: ["aa", String(repeating: "a", count: 16)], rejects: ["a", String(repeating: "a", count: 17)]),
        Case(pattern: "^(ab|cd){2,3}$", accepts: ["abcd", "cdcdab"], rejects: ["ab", "abababab"]),
        Case(pattern: "^$", accepts: [""], rejects: [" "]),
        Case(pattern: "", accepts: ["", "anything"], rejects: []),
        Case(pattern: "^abc|xyz$", accepts: ["abc", "abcdef", "xyz", "uvwxyz"], rejects: ["zabc", "xyzw"]),
        Case(pattern: #"^[\]\[\-]+$"#, accepts: ["[-]"], rejects: ["a"]),
        Case(pattern: #"^\.\*\+\?\(\)\[\]\{\}\|\^\$\/$"#, accepts: [#".*+?()[]{}|^$/"#], rejects: [#".*+?()[]{}|^$\/"#]),
        Case(pattern: "^[-a-z]+$", accepts: ["a-b"], rejects: ["A"]),
        Case(pattern: "^[a-z-]+$", accepts: ["-"], rejects: ["_"]),
        Case(pattern: #"^\u{1F600}+$"#, accepts: ["😀😀"], rejects: [#"\ud83d\ude00"#]),
        Case(pattern: #"^\uD83D\uDE00$"#, oracle: #"^\u{1F600}$"#, accepts: ["😀"]),
        Case(pattern: #"^[^\u{0}-\u{FFFF}]+$"#, accepts: ["😀𝄞"], rejects: ["a"]),
        Case(pattern: #"^[\b]$"#, accepts: [#"\b"#, #"\u0008"#], rejects: ["b"]),
        Case(pattern: #"^\cJ\v$"#, oracle: #"^\n\x0B$"#, accepts: [#"\n\u000b"#], rejects: [#"\n\n"#]),
        Case(pattern: "^[^]{2}$", oracle: #"^[\s\S]{2}$"#, accepts: [#"\n\""#, "ab"], rejects: ["a"]),
        Case(pattern: "^a]b}c{$", accepts: ["a]b}c{"]),
        Case(pattern: #"^\0\t$"#, accepts: [#"\u0000\t"#]),
        Case(pattern: #"^[\p{L}\p{Nd}_]+$"#, accepts: ["abc_9", "日本"], rejects: ["a b"]),
        Case(pattern: #"^\P{L}$"#, accepts: ["1", " "], rejects: ["a"]),
        Case(pattern: "^a*$", maximumRepeat: 3, accepts: ["", "aaa"], rejects: ["aaaa"]),
        // Length bounds.
        Case(pattern: "^[a-z]+$", length: 3...5, accepts: ["abc", "abcde"], rejects: ["ab", "abcdef"]),
        Case(pattern: #"^\d{5}(-\d{4})?$"#, length: 5...5, accepts: ["12345"], rejects: ["12345-6789"]),
        Case(pattern: #"^\d{5}(-\d{4})?$"#, length: 10...10, accepts: ["12345-6789"], rejects: ["12345"]),
        Case(pattern: "abc", length: 3...8, accepts: ["abc", "xxxabcyy"], rejects: ["xxabcyyy", "ab"]),
        Case(pattern: "^.*$", length: 0...0, accepts: [""], rejects: ["a"]),
        Case(pattern: "[a-z]+@[a-z]+\\.[a-z]{2,}", length: 6...12, accepts: ["a@b.cd"]),
        Case(pattern: "^(ab|c)*$", length: 4...4),
        Case(pattern: "^(a|bcd){1,4}$", length: 5...5),
        Case(pattern: #"^[^"]{2,}$"#, length: 0...40, maximumRepeat: 100, accepts: [String(repeating: "x", count: 40)], rejects: [String(repeating: "x", count: 41)]),
        Case(pattern: "^(?:x{3}|y{5})+$", length: 7...9),
        Case(pattern: #"^"*\\*$"#, length: 2...3, accepts: [#"\"\\"#, #"\"\"\\"#], rejects: [#"\""#]),
        Case(pattern: "^[a-z]*-[a-z]*$", length: 1...3, accepts: ["-", "a-b"], rejects: ["ab-c"]),
        Case(pattern: "^(a?){50}$", length: 3...4, accepts: ["aaa", "aaaa"], rejects: ["aa", "aaaaa"]),
        Case(pattern: #"^(\d{2}|[a-z]{3})*;$"#, length: 6...6, maximumRepeat: 4),
    ]

    /// The pattern as a Swift `Regex` that matches like ECMA-262 on the strings Bridle admits:
    /// Unicode scalars, ASCII `\d` and `\w`. `\w \d \W \D` are spelled out as ranges, since
    /// Swift 6.3's built-in ones miss some matches under scalar semantics (`^(?:\w|\s)+$`
    /// refuses "9\u{205F}", `^\W\n$` refuses "\r\n").
    static func oracle(_ pattern: String) throws -> Regex<AnyRegexOutput> {
        var result = ""
        var inClass = false
        var scalars = pattern.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar {
            case "\\":
                guard let next = scalars.next() else {
                    result.unicodeScalars.append(scalar)
                    break
                }
                switch next {
                case "w": result += inClass ? "A-Za-z0-9_" : "[A-Za-z0-9_]"
                case "d": result += inClass ? "0-9" : "[0-9]"
                case "W": result += "[^A-Za-z0-9_]"  // inside a class: a nested class
                case "D": result += "[^0-9]"
                default:
                    result.unicodeScalars.append(scalar)
                    result.unicodeScalars.append(next)
                }
            case "[" where !inClass:
                inClass = true
                result.unicodeScalars.append(scalar)
            case "]" where inClass:
                inClass = false
                result.unicodeScalars.append(scalar)
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return try Regex(result).matchingSemantics(.unicodeScalar).asciiOnlyDigits().asciiOnlyWordCharacters()
    }

    static func decode(_ content: String) throws -> String {
        try JSONDecoder().decode(String.self, from: Data(("\"" + content + "\"").utf8))
    }

    @Test("sampled strings match the pattern and keep the length", arguments: cases)
    func samples(_ testCase: Case) throws {
        let expression = try PatternGrammar.expression(pattern: testCase.pattern, maximumRepeat: testCase.maximumRepeat, length: testCase.length)
        let regex = try Self.oracle(testCase.oracle ?? testCase.pattern)
        for seed in Self.seeds {
            var random = SplitMix64(seed: seed)
            let content = try PatternExpressionSampler.sample(expression, using: &random)
            let decoded: String
            do {
                decoded = try Self.decode(content)
            } catch {
                Issue.record("seed \(seed): \(content.debugDescription) is not JSON string content: \(error)")
                continue
            }
            #expect(try regex.firstMatch(in: decoded) != nil, "seed \(seed): \(decoded.debugDescription) (content \(content.debugDescription)) doesn't match")
            if let length = testCase.length {
                #expect(length.contains(decoded.unicodeScalars.count), "seed \(seed): \(decoded.debugDescription) has \(decoded.unicodeScalars.count) scalars, outside \(length)")
            }
        }
    }

    @Test("particular contents are admitted or refused", arguments: cases.filter { !$0.accepts.isEmpty || !$0.rejects.isEmpty })
    func examples(_ testCase: Case) throws {
        let expression = try PatternGrammar.expression(pattern: testCase.pattern, maximumRepeat: testCase.maximumRepeat, length: testCase.length)
        for content in testCase.accepts {
            #expect(try PatternExpressionRegex.admits(expression, content), "should admit \(content.debugDescription): \(expression)")
        }
        for content in testCase.rejects {
            #expect(try !PatternExpressionRegex.admits(expression, content), "should refuse \(content.debugDescription): \(expression)")
        }
    }

    // MARK: Shapes

    static let upper = GrammarExpression.characterClass(CharacterClass("A"..."Z"))
    static let digit = GrammarExpression.characterClass(CharacterClass("0"..."9"))
    static let lower = GrammarExpression.characterClass(CharacterClass("a"..."z"))

    @Test func anchoredLiteralsAndClasses() throws {
        #expect(try PatternGrammar.expression(pattern: "^[A-Z]{3}-[0-9]{4}$") == .sequence([
            .repetition(Self.upper, minimum: 3, maximum: 3), .literal("-"), .repetition(Self.digit, minimum: 4, maximum: 4),
        ]))
        #expect(try PatternGrammar.expression(pattern: #"^"[a-z]+"\\$"#) == .sequence([
            .literal("\\\""), .repetition(Self.lower, minimum: 1, maximum: 16), .literal("\\\"\\\\"),
        ]))
        #expect(try PatternGrammar.expression(pattern: "^(?:a|b|c)$") == .characterClass(CharacterClass("a"..."c")))
    }

    @Test func negatedClassesSpellEveryScalarOnce() throws {
        // Printable scalars but `"` and `\` literally; `\` and controls escaped; no `"`.
        #expect(try PatternGrammar.expression(pattern: #"^[^"]$"#) == .alternatives([
            .characterClass(CharacterClass(ranges: [0x00...0x1F, 0x22...0x22, 0x5C...0x5C], isNegated: true)),
            .sequence([.literal("\\"), .characterClass(CharacterClass(ranges: [0x5C...0x5C, 0x62...0x62, 0x66...0x66, 0x6E...0x6E, 0x72...0x72, 0x74...0x74]))]),
            .sequence([.literal("\\u000"), .characterClass(CharacterClass(ranges: [0x30...0x39, 0x41...0x46, 0x61...0x66]))]),
            .sequence([.literal("\\u001"), .characterClass(CharacterClass(ranges: [0x30...0x39, 0x41...0x46, 0x61...0x66]))]),
        ]))
    }

    @Test func unanchoredEndsAdmitBoundedText() throws {
        let expression = try PatternGrammar.expression(pattern: "abc", maximumRepeat: 2)
        #expect(try PatternExpressionRegex.admits(expression, "xyabcyz"))
        #expect(try !PatternExpressionRegex.admits(expression, "xyzabc"))
        let start = try PatternGrammar.expression(pattern: "^abc", maximumRepeat: 2)
        #expect(try PatternExpressionRegex.admits(start, "abcyz"))
        #expect(try !PatternExpressionRegex.admits(start, "xabc"))
    }

    @Test func unboundedQuantifiersAreCapped() throws {
        #expect(try PatternGrammar.expression(pattern: "^a*$", maximumRepeat: 4) == .repetition(.literal("a"), minimum: 0, maximum: 4))
        #expect(try PatternGrammar.expression(pattern: "^a{20,}$", maximumRepeat: 4) == .repetition(.literal("a"), minimum: 20, maximum: 20))
        #expect(try PatternGrammar.expression(pattern: "^a+$", maximumRepeat: 0) == .literal("a"))
    }

    @Test func lengthNarrowsRepetitions() throws {
        #expect(try PatternGrammar.expression(pattern: "^[a-z]+$", length: 3...5) == .repetition(Self.lower, minimum: 3, maximum: 5))
        #expect(try PatternGrammar.expression(pattern: #"^\d{5}(-\d{4})?$"#, length: 0...7) == .repetition(Self.digit, minimum: 5, maximum: 5))
        // Shares are spread evenly: 20 scalars for three runs of letters and two literals.
        let email = try PatternGrammar.expression(pattern: #"^[a-z]+@[a-z]+\.[a-z]{2,}$"#, length: 0...20)
        #expect(email == .sequence([
            .repetition(Self.lower, minimum: 1, maximum: 6), .literal("@"), .repetition(Self.lower, minimum: 1, maximum: 6),
            .literal("."), .repetition(Self.lower, minimum: 2, maximum: 6),
        ]))
    }

    // MARK: Random patterns

    /// Random patterns from pieces of regex syntax, compiled with and without length bounds:
    /// compiling never traps; what compiles admits only matching strings within the bound; and
    /// a length conflict is reported only when no string of the pattern fits.
    @Test func randomPatterns() throws {
        let pieces = [
            "a", "b", "ab", "0", "-", ".", #"\d"#, #"\w"#, #"\s"#, #"\S"#, #"\D"#, #"\W"#, "[a-c]", "[^a]", #"[^\s]"#,
            #"[\w-]"#, "\"", #"\\"#, #"\n"#, #"\t"#, #"\x01"#, #"\u00e9"#, #"\u{1F600}"#, "é", "(", ")", "(?:", "|", "*",
            "+", "?", "{2}", "{1,3}", "{2,}", "^", "$", "[", "]", "{", "}", "\\", "(?<n>", #"\p{L}"#, #"\P{Lu}"#, "*?", " ",
            #"\."#, "[.]", #"\b"#, "(?=", #"\1"#,
        ]
        var random = SplitMix64(seed: 2024)
        var compiled = 0
        for _ in 0..<1500 {
            let pattern = (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] }.joined()
            var length: ClosedRange<Int>?
            if Bool.random(using: &random) {
                let low = Int.random(in: 0...6, using: &random)
                length = low...(low + Int.random(in: 0...10, using: &random))
            }
            let expression: GrammarExpression
            do {
                expression = try PatternGrammar.expression(pattern: pattern, maximumRepeat: 5, length: length)
            } catch {
                guard error.kind == .lengthConflict, let length else { continue }
                let free = try PatternGrammar.expression(pattern: pattern, maximumRepeat: 5)
                for seed in UInt64(1)...20 {
                    var sampler = SplitMix64(seed: seed)
                    let decoded = try Self.decode(try PatternExpressionSampler.sample(free, using: &sampler))
                    #expect(!length.contains(decoded.unicodeScalars.count), "\(pattern) has \(decoded.debugDescription) within \(length), yet: \(error)")
                }
                continue
            }
            compiled += 1
            guard let regex = try? Self.oracle(pattern) else { continue }  // Swift reads a few ECMA-262 forms differently
            for seed in UInt64(1)...10 {
                var sampler = SplitMix64(seed: seed)
                let content = try PatternExpressionSampler.sample(expression, using: &sampler)
                let decoded = try Self.decode(content)
                #expect(try regex.firstMatch(in: decoded) != nil, "\(pattern): \(decoded.debugDescription) doesn't match")
                if let length {
                    #expect(length.contains(decoded.unicodeScalars.count), "\(pattern): \(decoded.debugDescription) outside \(length)")
                }
            }
        }
        #expect(compiled > 500)
    }

    // MARK: Refusals

    // The parser's own refusals are tested with it (BridleRegexTests/RegexParserTests); these
    // are the grammar's.

    struct Refusal: Sendable, CustomTestStringConvertible {
        let pattern: String
        let kind: PatternGrammarError.Kind
        let offset: Int
        /// A part of the message.
        let says: String
        var length: ClosedRange<Int>?
        var testDescription: String { pattern }
    }

    static let refusals: [Refusal] = [
        Refusal(pattern: "a^b", kind: .unsupported, offset: 1, says: "^ is only supported at the very start"),
        Refusal(pattern: "a$b", kind: .unsupported, offset: 1, says: "$ is only supported at the very end"),
        Refusal(pattern: "(^a|^b)c", kind: .unsupported, offset: 1, says: "^(?:a|b)"),
        Refusal(pattern: "/^[0-9]{4}$/", kind: .unsupported, offset: 1, says: "no /…/ delimiters"),
        Refusal(pattern: "^([^,]|$)", kind: .unsupported, offset: 7, says: "$ is only supported at the very end"),
        Refusal(pattern: "a[]b", kind: .matchesNothing, offset: 0, says: "matches no string"),
        Refusal(pattern: #"^[^\s\S]$"#, kind: .matchesNothing, offset: 0, says: "matches no string"),
        Refusal(pattern: "^abc$", kind: .lengthConflict, offset: 0, says: "no string of the pattern has a length within 5…6: its strings are 3 characters long", length: 5...6),
        Refusal(pattern: "^a$", kind: .lengthConflict, offset: 0, says: "within 2: its strings are 1 character long", length: 2...2),
        Refusal(pattern: "^[a-z]+$", kind: .lengthConflict, offset: 0, says: "its strings are 1…16 characters long (unbounded quantifiers repeat at most 16 times); widen", length: 20...30),
        Refusal(pattern: #"^\d{5}(-\d{4})?$"#, kind: .lengthConflict, offset: 0, says: "its strings are 5, 10 characters long", length: 6...9),
    ]

    @Test("refused with what, where and what instead", arguments: refusals)
    func refused(_ refusal: Refusal) {
        do {
            let expression = try PatternGrammar.expression(pattern: refusal.pattern, length: refusal.length)
            Issue.record("\(refusal.pattern) compiled to \(expression)")
        } catch {
            #expect(error.kind == refusal.kind, "\(error)")
            #expect(error.offset == refusal.offset, "\(error)")
            #expect(error.message.contains(refusal.says), "\(error)")
            #expect(error.pattern == refusal.pattern)
            #expect(error.description.hasPrefix("pattern \(refusal.pattern) at offset \(refusal.offset): "))
        }
    }

    /// The parser's refusals come through as the parser words them.
    @Test("the parser's refusals come through", arguments: [#"^(\d)\1$"#, "(abc", "a(?=b)", "a{,3}"])
    func parserRefusals(_ pattern: String) throws {
        let parserError: ECMARegexError
        do {
            _ = try ECMARegex(pattern)
            Issue.record("ECMARegex takes \(pattern)")
            return
        } catch {
            parserError = error
        }
        do {
            let expression = try PatternGrammar.expression(pattern: pattern)
            Issue.record("\(pattern) compiled to \(expression)")
        } catch {
            #expect(error.kind.rawValue == parserError.kind.rawValue)
            #expect(error.offset == parserError.offset)
            #expect(error.description == parserError.description)
        }
    }
}
