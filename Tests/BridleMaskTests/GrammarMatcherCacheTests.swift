import BridleGrammar
import BridleMask
import Testing

struct GrammarMatcherCacheTests {
    @Test func aGrammarAskedForAgainIsNotCompiledAgain() throws {
        let cache = GrammarMatcherCache(capacity: 2)
        let grammar = try Grammar(gbnf: #"root ::= "a" [0-9]"#)
        var first = try cache.matcher(for: grammar)
        let again = try cache.matcher(for: grammar)
        #expect(cache.hits == 1)
        // Each caller gets the grammar at its start, whatever another did with its copy.
        first.accept(bytes: "a1".utf8)
        #expect(first.isComplete)
        #expect(!again.isComplete)
        #expect(again.allows(UInt8(ascii: "a")))
    }

    @Test func theLeastRecentlyUsedGrammarIsForgottenFirst() throws {
        let cache = GrammarMatcherCache(capacity: 2)
        let grammars = try ["a", "b", "c"].map { try Grammar(gbnf: "root ::= \"\($0)\"") }
        _ = try cache.matcher(for: grammars[0])
        _ = try cache.matcher(for: grammars[1])
        _ = try cache.matcher(for: grammars[0])    // hit: "b" is now the oldest
        _ = try cache.matcher(for: grammars[2])    // forgets "b"
        _ = try cache.matcher(for: grammars[0])    // hit
        _ = try cache.matcher(for: grammars[1])    // compiled again
        #expect(cache.hits == 2)
    }

    @Test func aGrammarThatDoesNotCompileIsAnErrorEachTime() {
        let cache = GrammarMatcherCache()
        let broken = Grammar(rules: [Rule(name: "root", body: .reference("missing"))])
        for _ in 0..<2 {
            #expect(throws: GrammarMatcherError.self) { try cache.matcher(for: broken) }
        }
        #expect(cache.hits == 0)
    }
}
