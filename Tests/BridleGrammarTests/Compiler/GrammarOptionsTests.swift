import BridleJSONSchema
import BridleSchema
import Testing

@testable import BridleGrammar

/// The work budgets in GrammarOptions: schemas from strangers end in a grammar or a typed
/// error, decided by sizes (never by time).
@Suite("GrammarOptions budgets")
struct GrammarOptionsTests {
    /// Forty definitions, each an object requiring two references to the next: every value
    /// has 2^40 leaves.
    static func doublingChain(levels: Int) -> String {
        var definitions: [String] = []
        for level in 0..<levels {
            let next = ##"{"$ref":"#/$defs/D\##(level + 1)"}"##
            definitions.append(#""D\#(level)":{"type":"object","properties":{"l":\#(next),"r":\#(next)},"required":["l","r"]}"#)
        }
        definitions.append(#""D\#(levels)":{"type":"boolean"}"#)
        return ##"{"$ref":"#/$defs/D0","$defs":{"## + definitions.joined(separator: ",") + "}}"
    }

    @Test("a schema whose shortest value is 2^40 leaves is refused, naming the budget")
    func doublingChainIsRefused() throws {
        let schema = try GenerationSchema(jsonSchema: Self.doublingChain(levels: 40))
        #expect {
            try schema.grammar()
        } throws: { error in
            (error as? GrammarCompileError)?.message.contains("maximumShortestSentenceLength") == true
        }
        // A short chain compiles, and its samples end.
        let compiled = try GenerationSchema(jsonSchema: Self.doublingChain(levels: 3)).grammar()
        let generator = try SentenceGenerator(compiled.grammar)
        #expect(try GrammarMatcher.matches(compiled.grammar, generator.sample(seed: 1)))
    }

    @Test("the shortest-sentence budget can be raised, and the generator then refuses the grammar")
    func generatorRefusesWhatTheOptionsAllow() throws {
        var options = GrammarOptions()
        options.maximumShortestSentenceLength = Int.max
        let compiled = try GenerationSchema(jsonSchema: Self.doublingChain(levels: 40)).grammar(options: options)
        #expect(throws: GrammarMatcherError.sentenceTooCostly("root", budget: SentenceGenerator.defaultWorkBudget)) {
            try SentenceGenerator(compiled.grammar)
        }
    }

    @Test("a 100,000-value string enum compiles, and the GBNF size budget applies")
    func largeEnum() throws {
        let values = (0..<100_000).map { "value-\($0)" }
        let schema = GenerationSchema(root: .string(StringConstraints(choices: values)))
        let compiled = try schema.grammar()
        #expect(try GrammarMatcher.matches(compiled.grammar, #""value-99999""#))
        #expect(try !GrammarMatcher.matches(compiled.grammar, #""value-100000""#))
        var options = GrammarOptions()
        options.maximumGrammarSize = 100_000
        #expect {
            try schema.grammar(options: options)
        } throws: { error in
            (error as? GrammarCompileError)?.message.contains("maximumGrammarSize") == true
        }
    }
}
