import Foundation
import Testing

@testable import BridleGrammar
import BridleRegex
import BridleTestSupport

/// The grammar compiler and the validator read a pattern alike: for random patterns over the
/// supported syntax and random texts, ``ECMARegex`` (the validator's matcher) and the pattern's
/// grammar (judged by ``GrammarMatcher`` on the text's JSON string content) agree.
///
/// The grammar is deliberately narrower than the pattern, so agreement is checked both ways
/// only where it is promised to be exact; elsewhere only soundness (grammar admits ⇒ matcher
/// matches) is checked:
/// - texts longer than `maximumRepeat` scalars may need more repetitions, or more unanchored
///   padding, than the grammar allows;
/// - scalars on which engines disagree (``RegexScalarApproximation`` `inner` ≠ `outer`: Unicode
///   digits and letters, `\v \f U+0085 U+FEFF U+001C–U+001F`) are left out by the grammar.
@Suite("Pattern grammar ⇔ ECMA-262 matcher")
struct PatternGrammarAgreementTests {
    static let maximumRepeat = 8

    /// Scalars where the grammar admits less than ECMA-262 matches.
    static let disputed: RegexScalarSet = [RegexScalarApproximation.digit, .word, .space, .dot]
        .reduce(RegexScalarSet.empty) { $0.union($1.outer.subtracting($1.inner)) }

    /// Texts are drawn from these (plus whatever the grammar samples): letters and digits at
    /// class edges, metacharacters, JSON's escaped characters, white space and line
    /// terminators, astral and other non-ASCII scalars, and two disputed ones.
    static let alphabet: [Unicode.Scalar] = [
        "a", "b", "c", "z", "A", "Z", "0", "9", "_", "-", ".", " ", "\t", "\n", "\r", "\"", "\\", "/",
        "\u{0}", "\u{7F}", "\u{A0}", "\u{2028}", "€", "😀", "\u{FEFF}", "é",
    ]

    // MARK: Random patterns

    /// A random pattern: alternatives of anchored or unanchored sequences of quantified atoms.
    static func pattern(using random: inout SplitMix64, depth: Int = 0) -> String {
        let branches = Int.random(in: 0..<5, using: &random) == 0 ? 2 : 1
        return (0..<branches).map { _ in
            var text = depth == 0 && Bool.random(using: &random) ? "^" : ""
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                text += atom(using: &random, depth: depth) + quantifier(using: &random)
            }
            if depth == 0 && Bool.random(using: &random) { text += "$" }
            return text
        }.joined(separator: "|")
    }

    static let atoms = [
        "a", "b", "c", "z", "A", "0", "9", "_", "-", " ", "é", "😀", #"\."#, #"\\"#, "\"", "/",
        ".", #"\d"#, #"\D"#, #"\w"#, #"\W"#, #"\s"#, #"\S"#, #"\n"#, #"\t"#, #"\x00"#, #"\u00A0"#, #"\u{1F600}"#,
        "[a-c]", "[^a]", "[^abc]", #"[\d_-]"#, #"[^\s\d]"#, "[a-z0-9]", #"[\w.]"#, "[^]", #"\p{L}"#, #"\P{Lu}"#,
    ]

    static func atom(using random: inout SplitMix64, depth: Int) -> String {
        if depth < 2, Int.random(in: 0..<5, using: &random) == 0 {
            let open = ["(", "(?:", "(?<g>"][Int.random(in: 0..<3, using: &random)]
            return open + pattern(using: &random, depth: depth + 1) + ")"
        }
        return atoms[Int.random(in: 0..<atoms.count, using: &random)]
    }

    static let quantifiers = ["", "", "", "*", "+", "?", "{2}", "{0,2}", "{1,3}", "{2,}", "*?", "{0}"]

    static func quantifier(using random: inout SplitMix64) -> String {
        quantifiers[Int.random(in: 0..<quantifiers.count, using: &random)]
    }

    // MARK: Texts

    static func randomText(using random: inout SplitMix64) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...maximumRepeat, using: &random) {
            scalars.append(alphabet[Int.random(in: 0..<alphabet.count, using: &random)])
        }
        return String(scalars)
    }

    /// `text` with one scalar dropped, replaced or inserted: near misses of a sample.
    static func mutated(_ text: String, using random: inout SplitMix64) -> String {
        var scalars = Array(text.unicodeScalars)
        let replacement = alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
        switch (Int.random(in: 0..<3, using: &random), scalars.isEmpty) {
        case (0, false): scalars.remove(at: Int.random(in: 0..<scalars.count, using: &random))
        case (1, false): scalars[Int.random(in: 0..<scalars.count, using: &random)] = replacement
        default: scalars.insert(replacement, at: Int.random(in: 0...scalars.count, using: &random))
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }

    /// `text` as JSON string content, spelled as the grammar spells it: printable scalars
    /// literally but `"` and `\`, control characters as JSON's short escapes or `\u00XX`.
    static func content(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: result += "\\\""
            case 0x5C: result += "\\\\"
            case 0x08: result += "\\b"
            case 0x09: result += "\\t"
            case 0x0A: result += "\\n"
            case 0x0C: result += "\\f"
            case 0x0D: result += "\\r"
            case 0..<0x20: result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func decode(_ content: String) throws -> String {
        try JSONDecoder().decode(String.self, from: Data(("\"" + content + "\"").utf8))
    }

    // MARK: The property

    struct Tally: CustomStringConvertible {
        var patterns = 0
        var grammarRefused = 0
        var exactJudgments = 0
        var soundnessJudgments = 0
        var description: String {
            "\(patterns) patterns (\(grammarRefused) the grammar refuses), \(exactJudgments) exact judgments, \(soundnessJudgments) soundness-only judgments"
        }
    }

    @Test func matcherAndGrammarAgree() throws {
        var random = SplitMix64(seed: 20_261_125)
        var tally = Tally()
        while tally.patterns < 400 {
            let pattern = Self.pattern(using: &random)
            let regex: ECMARegex
            do {
                regex = try ECMARegex(pattern)
            } catch {
                Issue.record("\(pattern): the generator writes only supported syntax, yet: \(error)")
                continue
            }
            tally.patterns += 1
            let grammar: Grammar?
            do {
                let expression = try PatternGrammar.expression(pattern: pattern, maximumRepeat: Self.maximumRepeat)
                grammar = Grammar(rules: [Rule(name: "root", body: expression)])
            } catch {
                // Anchors inside groups, or a pattern that matches nothing.
                #expect(error.kind == .unsupported || error.kind == .matchesNothing, "\(pattern): \(error)")
                tally.grammarRefused += 1
                if error.kind == .matchesNothing {
                    for _ in 0..<10 {
                        let text = Self.randomText(using: &random)
                        #expect(try !regex.containsMatch(in: text), "\(pattern) matches nothing, yet matches \(text.debugDescription)")
                        tally.exactJudgments += 1
                    }
                }
                grammar = nil
            }
            guard let grammar else { continue }
            let fresh = try GrammarMatcher(grammar)
            var texts: [(text: String, fromGrammar: Bool)] = []
            let generator = try SentenceGenerator(grammar)
            for content in generator.samples(seed: random.next(), count: 10) {
                let text = try Self.decode(content)
                texts.append((text, true))
                texts.append((Self.mutated(text, using: &random), false))
            }
            for _ in 0..<20 { texts.append((Self.randomText(using: &random), false)) }
            for (text, fromGrammar) in texts {
                let matches = try regex.containsMatch(in: text)
                var matcher = fresh  // a snapshot: the compiled grammar is shared
                let admitted = matcher.accept(bytes: Self.content(text).utf8) == nil && matcher.isComplete
                if fromGrammar {
                    #expect(admitted, "\(pattern): the grammar's own sample \(text.debugDescription) is refused by the grammar matcher")
                }
                let exact = text.unicodeScalars.count <= Self.maximumRepeat
                    && !text.unicodeScalars.contains { Self.disputed.contains($0.value) }
                if exact {
                    #expect(matches == admitted, "\(pattern) on \(text.debugDescription): matcher \(matches), grammar \(admitted)")
                    tally.exactJudgments += 1
                } else {
                    #expect(!admitted || matches, "\(pattern): the grammar admits \(text.debugDescription), the matcher refuses it")
                    tally.soundnessJudgments += 1
                }
            }
        }
        #expect(tally.exactJudgments > 8_000, "\(tally)")
        print("PatternGrammarAgreementTests: \(tally)")
    }
}
