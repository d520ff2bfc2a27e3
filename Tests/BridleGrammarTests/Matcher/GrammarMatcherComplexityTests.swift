import Testing
@testable import BridleGrammar

private typealias F = MatchFixtures

@Suite("GrammarMatcher: ambiguity, recursion and long inputs")
struct GrammarMatcherComplexityTests {
    @Test("(\"a\" | \"a\" | \"aa\")* on 2,000 a's keeps few sets")
    func redundantAlternatives() throws {
        let grammar = F.root(F.star(F.alt(F.lit("a"), F.lit("a"), F.lit("aa"))))
        var matcher = try GrammarMatcher(grammar)
        let rejectedAt = matcher.accept(bytes: repeatElement(UInt8(ascii: "a"), count: 2_000))
        #expect(rejectedAt == nil)
        #expect(matcher.isComplete)
        #expect(matcher.retainedSetCount < 5)
    }

    @Test("s ::= s s | \"a\" | \"\" takes 80 a's and refuses a b")
    func highlyAmbiguous() throws {
        var matcher = try GrammarMatcher(F.ambiguous)
        let rejectedAt = matcher.accept(bytes: repeatElement(UInt8(ascii: "a"), count: 80))
        #expect(rejectedAt == nil)
        #expect(matcher.isComplete)
        let accepted = matcher.accept(UInt8(ascii: "b"))
        #expect(!accepted)
    }

    @Test("left recursion over a long input keeps constant memory")
    func longLeftRecursion() throws {
        var matcher = try GrammarMatcher(F.arithmetic)
        let text = (0..<5_000).map { "\($0 % 10)" }.joined(separator: "+")
        let rejectedAt = matcher.accept(bytes: text.utf8)
        #expect(rejectedAt == nil)
        #expect(matcher.isComplete)
        #expect(matcher.retainedSetCount < 5)
    }

    @Test("[a-z]* over 100,000 letters keeps constant memory")
    func longStar() throws {
        var matcher = try GrammarMatcher(F.root(F.star(F.set("a"..."z"))))
        let rejectedAt = matcher.accept(bytes: repeatElement(UInt8(ascii: "q"), count: 100_000))
        #expect(rejectedAt == nil)
        #expect(matcher.isComplete)
        #expect(matcher.retainedSetCount <= 2)
    }

    @Test("a long chain of sets is freed without overflowing the stack")
    func longChainIsReleased() throws {
        // `a^n b^n` keeps one set per open "a" alive, each referring to the one before:
        // the case where releasing the chain recursively would go 200,000 calls deep.
        let grammar = F.grammar(["root": F.alt(F.seq(F.lit("a"), F.ref("root"), F.lit("b")), F.lit(""))])
        var matcher: GrammarMatcher? = try GrammarMatcher(grammar)
        let rejectedAt = matcher?.accept(bytes: repeatElement(UInt8(ascii: "a"), count: 200_000))
        #expect(rejectedAt == nil)
        #expect(matcher?.canContinue == true)
        matcher = nil
        #expect(matcher == nil)
    }

    @Test("right recursion works, at quadratic cost without Leo's optimisation")
    func rightRecursion() throws {
        var matcher = try GrammarMatcher(F.rightRecursive)
        let text = Array(repeating: "ab", count: 500).joined(separator: ",")
        let rejectedAt = matcher.accept(bytes: text.utf8)
        #expect(rejectedAt == nil)
        #expect(matcher.isComplete)
    }
}
