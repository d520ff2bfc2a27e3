import BridleJSONSchema
import BridleRegex
import BridleSchema
import BridleTestSupport
import Foundation
import Testing

@testable import BridleGrammar

/// Several patterns on one string (all must match, some must not), compiled through their
/// product automaton: the grammar agrees with ``ECMARegex`` on random patterns, enforces
/// `allOf` patterns, `not: {pattern}` and length limits, spells quotes and backslashes as
/// JSON escapes, and stays within its budget.
@Suite("Pattern automaton grammar")
struct PatternAutomatonGrammarTests {
    typealias Agreement = PatternGrammarAgreementTests

    static func grammar(patterns: [String], excluded: [String], length: ClosedRange<Int>? = nil, maximumRepeat: Int = Agreement.maximumRepeat) throws -> Grammar? {
        var builder = GrammarBuilder()
        var states = 0
        guard let content = try PatternAutomatonGrammar.expression(
            patterns: patterns, excluded: excluded, length: length, maximumRepeat: maximumRepeat, builder: &builder, hint: "s",
            states: &states)
        else { return nil }
        return Grammar(rules: [Rule(name: "root", body: content)] + builder.rules)
    }

    static func admits(_ grammar: Grammar, _ text: String) throws -> Bool {
        var matcher = try GrammarMatcher(grammar)
        return matcher.accept(bytes: Agreement.content(text).utf8) == nil && matcher.isComplete
    }

    @Test func grammarAgreesWithTheMatcher() throws {
        var random = SplitMix64(seed: 20_261_126)
        var (combinations, judgments) = (0, 0)
        while combinations < 60 {
            let required = (0..<Int.random(in: 1...2, using: &random)).map { _ in Agreement.pattern(using: &random) }
            let excluded = (0..<Int.random(in: 0...1, using: &random)).map { _ in Agreement.pattern(using: &random) }
            let regexes = try (required + excluded).map { try ECMARegex($0) }
            func valid(_ text: String) throws -> Bool {
                for (index, regex) in regexes.enumerated() where try regex.containsMatch(in: text) != (index < required.count) { return false }
                return true
            }
            combinations += 1
            guard let grammar = try Self.grammar(patterns: required, excluded: excluded) else {
                for _ in 0..<20 {
                    let text = Agreement.randomText(using: &random)
                    let disputed = text.unicodeScalars.contains { Agreement.disputed.contains($0.value) }
                    if !disputed { #expect(try !valid(text), "\(required) ¬\(excluded): no grammar, yet \(text.debugDescription) is valid") }
                }
                continue
            }
            var texts: [(String, Bool)] = []
            for content in try SentenceGenerator(grammar).samples(seed: random.next(), count: 8) {
                let text = try Agreement.decode(content)
                texts += [(text, true), (Agreement.mutated(text, using: &random), false)]
            }
            for _ in 0..<20 { texts.append((Agreement.randomText(using: &random), false)) }
            for (text, sampled) in texts {
                let admitted = try Self.admits(grammar, text)
                let isValid = try valid(text)
                if sampled { #expect(admitted && isValid, "\(required) ¬\(excluded): sample \(text.debugDescription)") }
                // Exact below maximumRepeat scalars, away from the scalars engines dispute.
                let exact = text.unicodeScalars.count <= Agreement.maximumRepeat
                    && !text.unicodeScalars.contains { Agreement.disputed.contains($0.value) }
                if exact {
                    #expect(admitted == isValid, "\(required) ¬\(excluded) on \(text.debugDescription): grammar \(admitted), matcher \(isValid)")
                } else {
                    #expect(!admitted || isValid, "\(required) ¬\(excluded): the grammar admits \(text.debugDescription)")
                }
                judgments += 1
            }
        }
        #expect(judgments > 1_500)
    }

    @Test func lengthsBoundTheProduct() throws {
        let grammar = try #require(try Self.grammar(patterns: ["^a", "z$"], excluded: ["b"], length: 3...5))
        for text in ["a-z", "aaaz", "a12zz"] { #expect(try Self.admits(grammar, text), "\(text)") }
        for text in ["az", "abz", "a1234z", "a-zb", "za-z"] { #expect(try !Self.admits(grammar, text), "\(text)") }
        #expect(try Self.grammar(patterns: ["^....$", "abcde"], excluded: []) == nil)
        #expect(try Self.grammar(patterns: ["^a", "b"], excluded: [], length: 0...1) == nil)
    }

    @Test func quotesAndBackslashesAreEscaped() throws {
        let grammar = try #require(try Self.grammar(patterns: [#"^""#, #"\\$"#], excluded: ["\n"]))
        #expect(try Self.admits(grammar, #""x\"#))
        #expect(try !Self.admits(grammar, "\"\n\\"))
        var matcher = try GrammarMatcher(grammar)
        #expect(matcher.accept(bytes: #"\"x\\"#.utf8) == nil && matcher.isComplete)
        var raw = try GrammarMatcher(grammar)
        #expect(raw.accept(bytes: #""x\"#.utf8) != nil || !raw.isComplete)
    }

    @Test func overTheBudgetIsATypedErrorNamingThePatterns() throws {
        // Few automaton states, but one rule per state and length.
        #expect {
            try Self.grammar(patterns: ["a", "b"], excluded: ["c"], length: 0...5_000, maximumRepeat: 5_000)
        } throws: { error in
            guard let error = error as? PatternGrammarError else { return false }
            return error.pattern == "a ∧ b ∧ ¬(c)" && error.message.contains("more than 4096 grammar rules")
        }
        // An automaton that blows up: the 30th scalar from the end must be an a.
        #expect {
            try Self.grammar(patterns: ["a.{30}$", "b"], excluded: [])
        } throws: { error in
            guard let error = error as? PatternGrammarError else { return false }
            return error.pattern == "a.{30}$" && error.message.contains("more than 4096 automaton states")
        }
    }

    static let schemas: [(schema: String, accepts: [String], rejects: [String])] = [
        (#"{"allOf":[{"pattern":"^a"},{"pattern":"x$"}]}"#, [#""ax""#, #""a-x""#], [#""ab""#, #""bx""#, "1"]),
        (#"{"allOf":[{"not":{"pattern":"^[ab]"}},{"not":{"pattern":"^[cde]"}}],"type":"string"}"#, [#""f""#, #""""#, #""za""#], [#""a""#, #""bz""#, #""e1""#]),
        (#"{"type":"string","pattern":"^[a-z]+$","not":{"pattern":"q"},"maxLength":3}"#, [#""abc""#], [#""aqa""#, #""abcd""#, #""""#]),
        (#"{"anyOf":[{"allOf":[{"pattern":"^....$"},{"pattern":"abcde"}]},{"type":"string","pattern":"^z$"}]}"#, [#""z""#], [#""abcd""#]),
    ]

    @Test(arguments: schemas.indices)
    func schemasCompileToGrammarsThatEnforceThem(_ index: Int) throws {
        let (text, accepts, rejects) = Self.schemas[index]
        let schema = try GenerationSchema(jsonSchema: text)
        let compiled = try schema.grammar()
        for sample in accepts { #expect(try GrammarMatcher.matches(compiled.grammar, sample), "\(text) should accept \(sample)\n\(compiled.gbnf)") }
        for sample in rejects { #expect(try !GrammarMatcher.matches(compiled.grammar, sample), "\(text) should reject \(sample)\n\(compiled.gbnf)") }
        for sample in try SentenceGenerator(compiled.grammar).samples(seed: 3, count: 20) {
            #expect(schema.violations(of: try GeneratedContent(json: sample)).isEmpty, "\(text): \(sample)")
        }
    }
}
