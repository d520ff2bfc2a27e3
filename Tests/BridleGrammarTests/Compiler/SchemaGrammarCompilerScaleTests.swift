import BridleJSONSchema
import BridleSchema
import Testing

@testable import BridleGrammar

/// Schemas a thousand times larger than usual: each compiles in linear work or stops at a
/// named budget with a typed error, never a crash. (`scale-benchmarks` grows them to 10⁵ and
/// prints the times; these only check the outcome, at sizes that take seconds.)
@Suite("Compiling hostile schemas: linear, or a named budget")
struct SchemaGrammarCompilerScaleTests {
    static func object(properties count: Int, required: Bool, extra: String = "") -> String {
        let names = (0..<count).map { "\"p\($0)\"" }
        let properties = names.map { "\($0): {\"type\": \"integer\"}" }.joined(separator: ", ")
        let list = required ? ", \"required\": [\(names.joined(separator: ", "))]" : ""
        return "{\"type\": \"object\", \"properties\": {\(properties)}\(list)\(extra), \"additionalProperties\": false}"
    }

    @Test("20,000 required properties compile (once 42 s and 5 GB: each member's list was copied into the next)")
    func manyRequiredProperties() throws {
        let schema = try GenerationSchema(jsonSchema: Self.object(properties: 20_000, required: true))
        let compiled = try schema.grammar(options: .compactLayout)
        let value = "{" + (0..<20_000).map { "\"p\($0)\":\($0)" }.joined(separator: ",") + "}"
        #expect(try GrammarMatcher.matches(compiled.grammar, value))
        #expect(try !GrammarMatcher.matches(compiled.grammar, "{" + (0..<19_999).map { "\"p\($0)\":1" }.joined(separator: ",") + "}"))
    }

    @Test("a grammar past maximumGrammarNodes stops with the budget's typed error")
    func grammarNodeBudget() throws {
        var options = GrammarOptions.compactLayout
        options.maximumGrammarNodes = 5_000
        let schema = try GenerationSchema(jsonSchema: Self.object(properties: 2_000, required: true))
        let error = try #require(throws: GrammarCompileError.self) { try schema.grammar(options: options) }
        #expect(error.limit == "maximumGrammarNodes")
        #expect(error.message.contains("GrammarOptions.maximumGrammarNodes (5000"))
        #expect(try schema.grammar(options: .compactLayout).grammar.rules.count > 1)
    }

    @Test("a chain of 10,000 definitions stops at maximumNestingDepth, naming the pointer; 200 compile")
    func longReferenceChain() throws {
        func chain(_ count: Int) -> String {
            var definitions = (0..<count).map { "\"d\($0)\": {\"type\": \"object\", \"properties\": {\"next\": {\"$ref\": \"#/$defs/d\($0 + 1)\"}}, \"required\": [\"next\"]}" }
            definitions.append("\"d\(count)\": {\"type\": \"integer\"}")
            return "{\"$ref\": \"#/$defs/d0\", \"$defs\": {\(definitions.joined(separator: ", "))}}"
        }
        let error = try #require(throws: GrammarCompileError.self) { try GenerationSchema(jsonSchema: chain(10_000)).grammar() }
        #expect(error.limit == "maximumNestingDepth")
        #expect(error.pointer.hasPrefix("#/$defs/d"))
        let compiled = try GenerationSchema(jsonSchema: chain(200)).grammar(options: .compactLayout)
        let value = String(repeating: "{\"next\":", count: 200) + "7" + String(repeating: "}", count: 200)
        #expect(try GrammarMatcher.matches(compiled.grammar, value))
    }

    @Test("10,000 prefixItems compile to rules, not one expression 10,000 deep")
    func manyPrefixItems() throws {
        let items = Array(repeating: "{\"type\": \"boolean\"}", count: 10_000).joined(separator: ", ")
        let schema = try GenerationSchema(jsonSchema: "{\"type\": \"array\", \"prefixItems\": [\(items)], \"items\": false, \"minItems\": 2}")
        let compiled = try schema.grammar(options: .compactLayout)
        for count in [2, 33, 10_000] {
            #expect(try GrammarMatcher.matches(compiled.grammar, "[" + Array(repeating: "true", count: count).joined(separator: ",") + "]"))
        }
        #expect(try !GrammarMatcher.matches(compiled.grammar, "[true]"))
        #expect(try !GrammarMatcher.matches(compiled.grammar, "[" + Array(repeating: "true", count: 10_001).joined(separator: ",") + "]"))
    }

    @Test("5,000 properties under maxProperties count without recursion")
    func countedProperties() throws {
        let schema = try GenerationSchema(jsonSchema: Self.object(properties: 5_000, required: false, extra: ", \"maxProperties\": 2"))
        let compiled = try schema.grammar(options: .compactLayout)
        #expect(try GrammarMatcher.matches(compiled.grammar, #"{"p7":1,"p4999":2}"#))
        #expect(try !GrammarMatcher.matches(compiled.grammar, #"{"p1":1,"p2":2,"p3":3}"#))
    }
}
