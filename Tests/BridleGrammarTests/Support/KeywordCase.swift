import BridleJSONSchema
import BridleSchema
import Foundation
import Testing

@testable import BridleGrammar

/// A JSON Schema, texts its grammar must accept and reject, and the property every keyword
/// test checks: seeded samples from the grammar all pass the validator (after the grammar's
/// declared post-checks), and the validator agrees with the grammar on each listed text.
struct KeywordCase: Sendable, CustomTestStringConvertible {
    let name: String
    let schema: String
    let accepts: [String]
    let rejects: [String]
    /// Texts the grammar admits but the validator rejects, through a declared post-check.
    var postChecked: [String] = []
    var testDescription: String { name }

    func check(samples: Int = 200) throws {
        let schema = try GenerationSchema(jsonSchema: self.schema)
        let compiled = try schema.grammar(options: .compactLayout)
        for text in accepts {
            #expect(try GrammarMatcher.matches(compiled.grammar, text), "\(name): should accept \(text)\n\(compiled.gbnf)")
            #expect(schema.conforms(try GeneratedContent(json: text)), "\(name): the validator should accept \(text)")
        }
        for text in rejects {
            #expect(try !GrammarMatcher.matches(compiled.grammar, text), "\(name): should reject \(text)\n\(compiled.gbnf)")
            if let content = try? GeneratedContent(json: text) {
                // Texts outside the grammar may still be valid (extra keys, other layouts);
                // those listed here are chosen to be invalid.
                #expect(!schema.conforms(content), "\(name): the validator should reject \(text)")
            }
        }
        for text in postChecked {
            #expect(!compiled.postChecks.isEmpty, "\(name): \(text) needs a declared post-check")
            #expect(try GrammarMatcher.matches(compiled.grammar, text), "\(name): the grammar admits \(text)")
            #expect(!schema.conforms(try GeneratedContent(json: text)), "\(name): the validator rejects \(text)")
        }
        let generator = try SentenceGenerator(compiled.grammar)
        var rejected = 0
        for seed in UInt64(0)..<UInt64(samples) {
            let text = generator.sample(seed: seed)
            let content: GeneratedContent
            do {
                content = try GeneratedContent(json: text)
            } catch {
                // A grammar cannot keep a dictionary's free keys distinct; the parser says so.
                #expect(error.message.contains("duplicate key"), "\(name) seed \(seed): \(error)")
                continue
            }
            if !schema.conforms(content) {
                rejected += 1
                #expect(!compiled.postChecks.isEmpty, "\(name) seed \(seed): \(text) breaks the schema: \(schema.violations(of: content))")
            }
        }
        // Post-checks reject some samples, never most of them.
        #expect(rejected <= samples / 2, "\(name): \(rejected) of \(samples) samples fail the post-checks")
    }
}
