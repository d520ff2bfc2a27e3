import BridleJSONSchema
import BridleSchema
import BridleTestSupport
import Foundation
import Testing

@testable import BridleGrammar

/// The compiler's guarantee, checked with the matcher and the generator: every sentence the
/// grammar admits conforms to the schema (each guide re-checked independently), stays
/// within the grammar's maximum length, and what breaks a guide is rejected.
@Suite("Schema → grammar compiler")
struct SchemaGrammarCompilerTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let schema: GenerationSchema
        let accepts: [String]
        let rejects: [String]
        var allowsRepeatedKeys = false
        var testDescription: String { name }
    }

    static func object(_ properties: [SchemaProperty], additional: SchemaNode? = nil) -> SchemaNode {
        .object(ObjectShape(properties: properties, additionalProperties: additional))
    }

    static let cases: [Case] = [
        Case(name: "integer range", schema: GenerationSchema(root: .integer(IntegerConstraints(minimum: -12, maximum: 305))),
             accepts: ["-12", "0", "9", "10", "305", "-1"], rejects: ["-13", "306", "-0", "01", "1.0", " 1", "+1", ""]),
        Case(name: "UInt64", schema: UInt64.generationSchema,
             accepts: ["0", "18446744073709551615"], rejects: ["-1", "18446744073709551616"]),
        Case(name: "number range", schema: GenerationSchema(root: .number(NumberConstraints(minimum: 0, minimumIsExclusive: true, maximum: Decimal(string: "2.5")))),
             accepts: ["0.1", "2.5", "1", "2.49"], rejects: ["0", "0.0", "2.51", "-1", "3"]),
        Case(name: "unbounded number", schema: Double.generationSchema, accepts: ["0", "-1.5", "12345.678"], rejects: ["1.", ".5", "NaN", "--1"]),
        Case(name: "string choices", schema: GenerationSchema(root: .string(StringConstraints(choices: ["all", "a \"quoted\" one"]))),
             accepts: [#""all""#, #""a \"quoted\" one""#], rejects: [#""none""#, #""All""#, "all"]),
        Case(name: "string length", schema: GenerationSchema(root: .string(StringConstraints(minimumLength: 2, maximumLength: 3))),
             accepts: [#""ab""#, #""a\nb""#, #""é😀""#, #""\u00e9\ud83d\ude00""#], rejects: [#""a""#, #""abcd""#, #""\ud83d""#, "\"a\u{1}b\""]),
        Case(name: "date-time", schema: Date.generationSchema,
             accepts: [#""2024-02-29T23:59:59Z""#, #""2026-11-22T04:38:23.5Z""#], rejects: [#""2023-02-29T00:00:00Z""#, #""2026-04-31T00:00:00Z""#, #""2026-11-22T24:00:00Z""#, #""2026-11-22T04:38:23+01:00""#]),
        Case(name: "uuid", schema: UUID.generationSchema,
             accepts: [#""123e4567-e89b-12d3-a456-426614174000""#], rejects: [#""123e4567e89b12d3a456426614174000""#]),
        Case(name: "array counts", schema: GenerationSchema(root: .array(ArrayConstraints(items: .boolean, minimumCount: 1, maximumCount: 3))),
             accepts: ["[true]", "[true,false,true]"], rejects: ["[]", "[true,true,true,true]", "[true,]", "[ true]"]),
        Case(name: "tuple", schema: GenerationSchema(root: .array(ArrayConstraints(prefixItems: [.null, .boolean], items: .integer(IntegerConstraints(minimum: 0, maximum: 9)), maximumCount: 3))),
             accepts: ["[]", "[null]", "[null,true]", "[null,false,7]"], rejects: ["[true]", "[null,true,7,8]", "[null,7]"]),
        Case(name: "object with optional properties", schema: GenerationSchema(root: object([
            SchemaProperty(name: "a", node: .boolean, isOptional: true),
            SchemaProperty(name: "b", node: .null),
            SchemaProperty(name: "c", node: .boolean, isOptional: true),
        ])), accepts: [#"{"b":null}"#, #"{"a":true,"b":null}"#, #"{"a":true,"b":null,"c":false}"#, #"{"b":null,"c":true}"#],
             rejects: [#"{}"#, #"{"b":null,"a":true}"#, #"{"a":true}"#, #"{"b":null,"d":1}"#, #"{"b":null,}"#]),
        Case(name: "all optional", schema: GenerationSchema(root: object([
            SchemaProperty(name: "a", node: .boolean, isOptional: true), SchemaProperty(name: "b", node: .boolean, isOptional: true),
        ])), accepts: ["{}", #"{"a":true}"#, #"{"b":false}"#, #"{"a":true,"b":true}"#], rejects: [#"{,"b":false}"#, #"{"b":true,"a":true}"#]),
        Case(name: "dictionary", schema: [String: Int8].generationSchema,
             accepts: ["{}", #"{"k":1}"#, #"{"a":-128,"b":127}"#], rejects: [#"{"k":128}"#, #"{"":1}"#], allowsRepeatedKeys: true),
        Case(name: "enumeration", schema: GenerationSchema(root: SchemaNode(.enumeration([1, "x", nil, [true]]))),
             accepts: ["1", #""x""#, "null", "[true]"], rejects: ["2", "true"]),
        Case(name: "anyOf", schema: Int8?.generationSchema, accepts: ["null", "-5"], rejects: ["\"\"", "nul"]),
        Case(name: "disjoint oneOf", schema: GenerationSchema(root: SchemaNode(.oneOf([.boolean, .string(StringConstraints(maximumLength: 1))]))),
             accepts: ["true", #""x""#], rejects: ["1"]),
        Case(name: "any", schema: GeneratedContent.generationSchema, accepts: ["null", "[1,{\"a\":\"b\"}]", "{}"], rejects: ["[[[1]]]", "{ }"], allowsRepeatedKeys: true),
    ]

    @Test(arguments: cases)
    func grammarEnforcesTheSchema(_ testCase: Case) throws {
        let compiled = try testCase.schema.grammar(options: .compactLayout)
        #expect(compiled.grammar.lint().filter { $0.severity == .error }.isEmpty, "\(compiled.grammar.lint())")
        for text in testCase.accepts {
            #expect(try GrammarMatcher.matches(compiled.grammar, text), "should accept \(text)\n\(compiled.gbnf)")
        }
        for text in testCase.rejects {
            #expect(try !GrammarMatcher.matches(compiled.grammar, text), "should reject \(text)\n\(compiled.gbnf)")
        }
        let generator = try SentenceGenerator(compiled.grammar)
        var repeatedKeys = 0
        for seed in UInt64(0)..<200 {
            let text = generator.sample(seed: seed)
            #expect(text.unicodeScalars.count <= compiled.maximumLength, "seed \(seed): \(text)")
            let content: GeneratedContent
            do {
                content = try GeneratedContent(json: text)
            } catch {
                // A grammar cannot keep a dictionary's keys distinct; the parser reports it.
                #expect(testCase.allowsRepeatedKeys && error.message.contains("duplicate key"), "seed \(seed): \(error)")
                repeatedKeys += 1
                continue
            }
            #expect(testCase.schema.violations(of: content) == [], "seed \(seed): \(text)")
        }
        #expect(repeatedKeys < 20)
    }

    @Test func recursionEndsWithinTheDepthLimit() throws {
        let node = SchemaNode(.object(ObjectShape(properties: [
            SchemaProperty(name: "children", node: .array(ArrayConstraints(items: .reference("Node"), maximumCount: 2))),
        ])))
        let schema = GenerationSchema(root: .reference("Node"), definitions: ["Node": node])
        let compiled = try schema.grammar(options: .compactLayout)
        #expect(compiled.grammar.maximumLength != nil)
        #expect(try GrammarMatcher.matches(compiled.grammar, #"{"children":[{"children":[{"children":[]}]}]}"#))
        #expect(try !GrammarMatcher.matches(compiled.grammar, #"{"children":[{"children":[{"children":[{"children":[]}]}]}]}"#))
        let generator = try SentenceGenerator(compiled.grammar)
        for seed in UInt64(0)..<100 {
            #expect(schema.conforms(try GeneratedContent(json: generator.sample(seed: seed))))
        }
    }

    @Test func recursionThatCannotEndIsAnError() {
        let node = SchemaNode(.object(ObjectShape(properties: [SchemaProperty(name: "next", node: .reference("Node"))])))
        let schema = GenerationSchema(root: .reference("Node"), definitions: ["Node": node])
        #expect(throws: GrammarCompileError.self) { try schema.grammar(options: .compactLayout) }
    }

    /// Overlapping alternatives compile as anyOf; the grammar declares exclusivity as a
    /// post-check, and the validator is what enforces it.
    @Test func overlappingOneOfDeclaresAPostCheck() throws {
        let schema = GenerationSchema(root: SchemaNode(.oneOf([.integer(IntegerConstraints(minimum: 0, maximum: 5)), .integer(IntegerConstraints(minimum: 5, maximum: 9))])))
        let compiled = try schema.grammar(options: .compactLayout)
        #expect(compiled.postChecks == [PostCheck(pointer: "#", kind: .exclusiveAlternatives)])
        #expect(try GrammarMatcher.matches(compiled.grammar, "5"))
        #expect(!schema.conforms(5))
        #expect(schema.conforms(4) && schema.conforms(6))
    }

    @Test func invalidSchemasAreReportedBeforeCompiling() {
        let schema = GenerationSchema(root: .integer(IntegerConstraints(minimum: 5, maximum: 1)))
        #expect(throws: GrammarCompileError.self) { try schema.grammar(options: .compactLayout) }
    }

    @Test func defaultsCapUnboundedValues() throws {
        var options = GrammarOptions()
        options.maximumStringLength = 4
        let compiled = try String.generationSchema.grammar(options: options)
        #expect(compiled.maximumLength == 2 + 4 * 12)
        #expect(try !GrammarMatcher.matches(compiled.grammar, #""abcde""#))
    }

    @Test func sameSchemaSameGrammarText() throws {
        let schema = [String: [Int8?]].generationSchema
        #expect(try schema.grammar(options: .compactLayout).gbnf == schema.grammar(options: .compactLayout).gbnf)
    }

    /// An object of many optional properties: the members after each possible first one are
    /// shared rules, so the grammar grows linearly, and it still admits exactly the subsets in
    /// order (seeded random subsets, against a reordered pair and a stray comma).
    @Test(arguments: [8, 90])
    func optionalPropertiesCompileLinearlyAndKeepTheirOrder(count: Int) throws {
        let names = (0..<count).map { "p\($0)" }
        let schema = GenerationSchema(root: SchemaNode(.object(ObjectShape(properties: names.map {
            SchemaProperty(name: $0, node: .boolean, isOptional: true)
        }))))
        let compiled = try schema.grammar(options: .compactLayout)
        #expect(compiled.gbnf.utf8.count < 120 * count + 400)
        var random = SplitMix64(seed: UInt64(count))
        for _ in 0..<40 {
            let chosen = names.filter { _ in Bool.random(using: &random) }
            let text = "{" + chosen.map { #""\#($0)":true"# }.joined(separator: ",") + "}"
            #expect(try GrammarMatcher.matches(compiled.grammar, text), "\(text)")
        }
        #expect(try !GrammarMatcher.matches(compiled.grammar, #"{"p1":true,"p0":true}"#))
        #expect(try !GrammarMatcher.matches(compiled.grammar, #"{,"p1":true}"#))
        #expect(try !GrammarMatcher.matches(compiled.grammar, #"{"p0":true,}"#))
    }

    /// Compile work has a budget, and exceeding it is an error that names it, at the pointer
    /// where it ran out.
    @Test func compileWorkHasABudget() throws {
        let schema = try GenerationSchema(jsonSchema: #"{"type":"object","properties":{"a":{"type":"string","maxLength":20,"allOf":[{"pattern":"^a"},{"pattern":"z$"}]}}}"#)
        #expect(throws: Never.self) { try schema.grammar() }
        var options = GrammarOptions()
        options.maximumCompileWork = 10
        let error = try #require(throws: GrammarCompileError.self) { try schema.grammar(options: options) }
        #expect(error.pointer == "#/properties/a/pattern")
        #expect(error.message.contains("GrammarOptions.maximumCompileWork (10 units"))
    }
}
