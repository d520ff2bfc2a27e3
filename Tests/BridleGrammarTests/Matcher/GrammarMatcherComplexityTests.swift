import Testing
@testable import BridleGrammar

private typealias F = MatchFixtures

/// Growth is checked by counting the matcher's work (Earley items processed, see
/// `GrammarMatcher.work`) on an input and on one twice as long, against the bound the
/// algorithm promises; never by timing (the timings are `grammar-benchmarks`' business).
@Suite("GrammarMatcher: ambiguity, recursion and long inputs")
struct GrammarMatcherComplexityTests {
    /// The matcher's work for `text`, which it must accept whole.
    static func work(_ grammar: Grammar, _ text: String) throws -> Int {
        var matcher = try GrammarMatcher(grammar)
        let rejectedAt = matcher.accept(bytes: text.utf8)
        #expect(rejectedAt == nil)
        return matcher.work
    }

    /// Work on `text(2n)` over work on `text(n)`: about 2 for linear growth, 4 quadratic, 8 cubic.
    static func growth(_ grammar: Grammar, _ n: Int, _ text: (Int) -> String) throws -> Double {
        let small = try work(grammar, text(n))
        let large = try work(grammar, text(2 * n))
        #expect(small > 0)
        return Double(large) / Double(max(small, 1))
    }

    @Test("work grows linearly on unambiguous and left-recursive grammars, and on redundant alternatives")
    func linearWork() throws {
        let redundant = F.root(F.star(F.alt(F.lit("a"), F.lit("a"), F.lit("aa"))))
        #expect(try Self.growth(redundant, 1_000) { String(repeating: "a", count: $0) } <= 2.1)
        #expect(try Self.growth(F.arithmetic, 1_000) { (0..<$0).map { "\($0 % 10)" }.joined(separator: "+") } <= 2.1)
        #expect(try Self.growth(F.json, 200) { "[" + Array(repeating: #"{"a":[1,"x"]}"#, count: $0).joined(separator: ",") + "]" } <= 2.1)
        // A run of letters that leaves the chart as it was costs nothing after the first.
        #expect(try Self.growth(F.root(F.star(F.set("a"..."z"))), 50_000) { String(repeating: "q", count: $0) } <= 1.01)
    }

    @Test("right recursion costs quadratic work, the worst ambiguity cubic, no more")
    func polynomialWork() throws {
        let list = try Self.growth(F.rightRecursive, 200) { Array(repeating: "ab", count: $0).joined(separator: ",") }
        #expect(list <= 4.2)
        let ambiguous = try Self.growth(F.ambiguous, 20) { String(repeating: "a", count: $0) }
        #expect(ambiguous <= 8.4)
    }
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
