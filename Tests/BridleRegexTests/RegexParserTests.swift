import Testing

@testable import BridleRegex

/// The ECMA-262 parser refuses, with where and what to write instead, what neither a grammar
/// nor the matcher supports, and what isn't ECMA-262.
@Suite("ECMA-262 regex parser")
struct RegexParserTests {
    struct Refusal: Sendable, CustomTestStringConvertible {
        let pattern: String
        let kind: ECMARegexError.Kind
        let offset: Int
        /// A part of the message.
        let says: String
        var testDescription: String { pattern }
    }

    static let refusals: [Refusal] = [
        Refusal(pattern: #"^(\d)\1$"#, kind: .unsupported, offset: 5, says: "backreference \\1 is not supported"),
        Refusal(pattern: #"(?<n>a)\k<n>"#, kind: .unsupported, offset: 7, says: "named backreference"),
        Refusal(pattern: "a(?=b)", kind: .unsupported, offset: 1, says: "lookahead (?=…)"),
        Refusal(pattern: "a(?!b)", kind: .unsupported, offset: 1, says: "lookahead (?!…)"),
        Refusal(pattern: "(?<=a)b", kind: .unsupported, offset: 0, says: "lookbehind (?<=…)"),
        Refusal(pattern: "(?<!a)b", kind: .unsupported, offset: 0, says: "lookbehind (?<!…)"),
        Refusal(pattern: #"\bword\b"#, kind: .unsupported, offset: 0, says: "word boundary \\b"),
        Refusal(pattern: #"a\Bb"#, kind: .unsupported, offset: 1, says: "non-boundary \\B"),
        Refusal(pattern: "(?i)abc", kind: .unsupported, offset: 0, says: "inline modifiers"),
        Refusal(pattern: "(?i:abc)", kind: .unsupported, offset: 0, says: "[Aa]"),
        Refusal(pattern: #"^\p{Greek}$"#, kind: .unsupported, offset: 1, says: "the Unicode property Greek is not supported"),
        Refusal(pattern: "^[[:alpha:]]+$", kind: .unsupported, offset: 2, says: "escape it as \\["),
        Refusal(pattern: "a{,3}", kind: .invalidSyntax, offset: 1, says: "write {0,n}"),
        Refusal(pattern: "(abc", kind: .invalidSyntax, offset: 0, says: "never closed"),
        Refusal(pattern: "abc)", kind: .invalidSyntax, offset: 3, says: "unmatched ')'"),
        Refusal(pattern: "[abc", kind: .invalidSyntax, offset: 0, says: "the class opened here is never closed"),
        Refusal(pattern: "*a", kind: .invalidSyntax, offset: 0, says: "nothing to repeat"),
        Refusal(pattern: "^*a", kind: .invalidSyntax, offset: 1, says: "nothing to repeat"),
        Refusal(pattern: "a**", kind: .invalidSyntax, offset: 2, says: "can't follow another quantifier (a**)"),
        Refusal(pattern: #"\d{2}{2}"#, kind: .invalidSyntax, offset: 5, says: "can't follow another quantifier (\\d{2}{2})"),
        Refusal(pattern: "a{3,1}", kind: .invalidSyntax, offset: 1, says: "write {1,3}"),
        Refusal(pattern: "[z-a]", kind: .invalidSyntax, offset: 1, says: "the range z-a is out of order"),
        Refusal(pattern: #"[\d-z]"#, kind: .invalidSyntax, offset: 1, says: "escape it as \\-"),
        Refusal(pattern: #"\x4"#, kind: .invalidSyntax, offset: 0, says: "two hex digits"),
        Refusal(pattern: #"\u12"#, kind: .invalidSyntax, offset: 0, says: "four hex digits"),
        Refusal(pattern: #"a\uD83D"#, kind: .unsupported, offset: 1, says: "half of a surrogate pair"),
        Refusal(pattern: #"\01"#, kind: .unsupported, offset: 0, says: "octal escapes"),
        Refusal(pattern: #"\q"#, kind: .invalidSyntax, offset: 0, says: "\\q is not an ECMA-262 escape"),
        Refusal(pattern: "a{100000}", kind: .unsupported, offset: 2, says: "larger than the 10000"),
        Refusal(pattern: #"\c1"#, kind: .invalidSyntax, offset: 0, says: "\\c must be followed by a letter"),
        Refusal(pattern: #"ab\"#, kind: .invalidSyntax, offset: 2, says: "lone backslash"),
        Refusal(pattern: "(?P<n>a)", kind: .invalidSyntax, offset: 0, says: "(?<name>…)"),
    ]

    @Test("refused with what, where and what instead", arguments: refusals)
    func refused(_ refusal: Refusal) {
        do {
            let tree = try RegexParser.parse(refusal.pattern)
            Issue.record("\(refusal.pattern) parsed to \(tree)")
        } catch {
            #expect(error.kind == refusal.kind, "\(error)")
            #expect(error.offset == refusal.offset, "\(error)")
            #expect(error.message.contains(refusal.says), "\(error)")
            #expect(error.pattern == refusal.pattern)
            #expect(error.description.hasPrefix("pattern \(refusal.pattern) at offset \(refusal.offset): "))
        }
    }

    static let a = RegexNode.set(RegexScalarApproximation(exactly: RegexScalarSet(scalar: 0x61)))
    static let b = RegexNode.set(RegexScalarApproximation(exactly: RegexScalarSet(scalar: 0x62)))

    @Test func trees() throws {
        #expect(try RegexParser.parse("^a|b+$") == .alternation([
            .sequence([.startAnchor(offset: 0), Self.a]),
            .sequence([.repetition(Self.b, minimum: 1, maximum: nil), .endAnchor(offset: 5)]),
        ]))
        #expect(try RegexParser.parse("(?:a){2,3}?") == .repetition(Self.a, minimum: 2, maximum: 3))
        #expect(try RegexParser.parse("(?<n>ab)") == .sequence([Self.a, Self.b]))
        #expect(try RegexParser.parse("") == .sequence([]))
        #expect(try RegexParser.parse(".") == .set(.dot))
        #expect(try RegexParser.parse(#"\d"#) == .set(.digit))
        #expect(try RegexParser.parse(#"\W"#) == .set(RegexScalarApproximation.word.negated))
        #expect(try RegexParser.parse("a{,") == .sequence([Self.a, .set(RegexScalarApproximation(exactly: RegexScalarSet(scalar: 0x7B))), .set(RegexScalarApproximation(exactly: RegexScalarSet(scalar: 0x2C)))]))
    }

    @Test func surrogatePairsAreOneScalar() throws {
        #expect(try RegexParser.parse(#"\uD83D\uDE00"#) == .set(RegexScalarApproximation(exactly: RegexScalarSet(scalar: 0x1F600))))
    }

    @Test func nestingIsBounded() throws {
        let deep = String(repeating: "(", count: RegexParser.maximumNesting + 1) + "a" + String(repeating: ")", count: RegexParser.maximumNesting + 1)
        #expect(throws: ECMARegexError.self) { try RegexParser.parse(deep) }
        let fits = String(repeating: "(", count: RegexParser.maximumNesting) + "a" + String(repeating: ")", count: RegexParser.maximumNesting)
        #expect(try RegexParser.parse(fits) == Self.a)
    }
}
