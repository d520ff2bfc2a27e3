import Testing

@testable import BridleGrammar

/// A GBNF grammar of 50,000 chained rules (`rK ::= "x" rK+1 | "y"`): every pass over rules
/// (measure, lint, matcher, sampler) walks it with a stack of its own in linear work. `bridle
/// match` once died on it with a stack overflow in the length measure.
@Suite("A chain of 50,000 rules")
struct RuleChainTests {
    static let length = 50_000

    static let grammar: Grammar = {
        var rules = [Rule(name: "root", body: .reference("r0"))]
        for index in 0..<length {
            rules.append(Rule(name: "r\(index)", body: .alternatives([
                .sequence([.literal("x"), .reference("r\(index + 1)")]), .literal("y"),
            ])))
        }
        rules.append(Rule(name: "r\(length)", body: .literal("y")))
        return Grammar(rules: rules)
    }()

    @Test("its lengths are measured")
    func measures() {
        #expect(Self.grammar.maximumLength == Self.length + 1)
        #expect(Self.grammar.shortestLength == 1)
    }

    @Test("it matches, and refuses what it should")
    func matches() throws {
        #expect(try GrammarMatcher.matches(Self.grammar, "y"))
        #expect(try GrammarMatcher.matches(Self.grammar, "xxxy"))
        #expect(try GrammarMatcher.matches(Self.grammar, String(repeating: "x", count: Self.length) + "y"))
        #expect(try !GrammarMatcher.matches(Self.grammar, "xx"))
        #expect(try !GrammarMatcher.matches(Self.grammar, String(repeating: "x", count: Self.length + 1) + "y"))
    }

    @Test("it lints clean, and a 50,000-rule left-recursive cycle is one finding with a short path")
    func lints() throws {
        #expect(Self.grammar.lint().isEmpty)
        var rules = Self.grammar.rules
        rules[rules.count - 1] = Rule(name: "r\(Self.length)", body: .sequence([.reference("r0"), .literal("y")]))
        rules = rules.map { rule in
            guard rule.name.hasPrefix("r"), rule.name != "root", rule.name != "r\(Self.length)" else { return rule }
            return Rule(name: rule.name, body: .alternatives([.sequence([.reference("r\(Int(rule.name.dropFirst())! + 1)"), .literal("x")]), .literal("y")]))
        }
        let findings = Grammar(rules: rules).lint().filter { $0.check == .leftRecursion }
        #expect(findings.count == 1)
        #expect((findings.first?.message.count ?? .max) < 600)
    }

    @Test("it samples")
    func samples() throws {
        let sample = try SentenceGenerator(Self.grammar).sample(seed: 3)
        #expect(sample.hasSuffix("y"))
        #expect(try GrammarMatcher.matches(Self.grammar, sample))
    }
}
