import BridleJSONSchema
import BridleSchema
import BridleTestSupport
import Testing
@testable import BridleGeneration

/// A schema with every kind of branch (anyOf, oneOf, optional properties, enums in items, in
/// additional properties and in definitions, a recursive definition, a `const`), and a random
/// answer generator that records which branches it took: the oracle the coverage is checked
/// against.
enum CoverageFixture {
    static let genres = ["drama", "comedy", "horror"]

    static let schema: GenerationSchema = {
        let genre = SchemaNode(.enumeration(genres.map { GeneratedContent($0) }))
        let node = SchemaNode.object(ObjectShape(properties: [
            SchemaProperty(name: "value", node: SchemaNode(.enumeration([1, 2]))),
            SchemaProperty(name: "next", node: .reference("Node"), isOptional: true),
        ]))
        let shape = SchemaNode(.oneOf([
            .object(ObjectShape(properties: [SchemaProperty(name: "r", node: .number())])),
            .object(ObjectShape(properties: [SchemaProperty(name: "w", node: .number())])),
        ]))
        let root = SchemaNode.object(ObjectShape(properties: [
            SchemaProperty(name: "kind", node: SchemaNode(.anyOf([.string(), .integer()]))),
            SchemaProperty(name: "shape", node: shape, isOptional: true),
            SchemaProperty(name: "genre", node: .reference("Genre")),
            SchemaProperty(name: "other", node: .reference("Genre"), isOptional: true),
            SchemaProperty(name: "tags", node: .array(ArrayConstraints(items: SchemaNode(.enumeration(["a", "b", "c"])))), isOptional: true),
            SchemaProperty(name: "fixed", node: SchemaNode(.enumeration(["only"])), isOptional: true),
            SchemaProperty(name: "scores", node: .object(ObjectShape(additionalProperties: SchemaNode(.enumeration([1, 2, 3])))), isOptional: true),
            SchemaProperty(name: "chain", node: .reference("Node"), isOptional: true),
            SchemaProperty(name: "a/b", node: .boolean, isOptional: true),
        ]))
        return GenerationSchema(root: root, definitions: ["Genre": genre, "Node": node])
    }()

    /// The branches, in the order coverage lists them: the root's, depth first in declaration
    /// order, then each definition's by name.
    static let branches: [(path: String, kind: CoverageBranch.Kind, label: String)] = [
        ("#/properties/kind/anyOf/0", .alternative, "0"),  // 0
        ("#/properties/kind/anyOf/1", .alternative, "1"),
        ("#/properties/shape", .optionalProperty, "shape"),  // 2
        ("#/properties/shape/oneOf/0", .alternative, "0"),
        ("#/properties/shape/oneOf/1", .alternative, "1"),
        ("#/properties/other", .optionalProperty, "other"),  // 5
        ("#/properties/tags", .optionalProperty, "tags"),
        ("#/properties/tags/items", .enumValue, "\"a\""),  // 7
        ("#/properties/tags/items", .enumValue, "\"b\""),
        ("#/properties/tags/items", .enumValue, "\"c\""),
        ("#/properties/fixed", .optionalProperty, "fixed"),  // 10: a const is no branch
        ("#/properties/scores", .optionalProperty, "scores"),
        ("#/properties/scores/additionalProperties", .enumValue, "1"),  // 12
        ("#/properties/scores/additionalProperties", .enumValue, "2"),
        ("#/properties/scores/additionalProperties", .enumValue, "3"),
        ("#/properties/chain", .optionalProperty, "chain"),  // 15
        ("#/properties/a~1b", .optionalProperty, "a/b"),
        ("#/$defs/Genre", .enumValue, "\"drama\""),  // 17
        ("#/$defs/Genre", .enumValue, "\"comedy\""),
        ("#/$defs/Genre", .enumValue, "\"horror\""),
        ("#/$defs/Node/properties/value", .enumValue, "1"),  // 20
        ("#/$defs/Node/properties/value", .enumValue, "2"),
        ("#/$defs/Node/properties/next", .optionalProperty, "next"),  // 22
    ]

    /// A random valid answer, its properties in random order, and the branches it took.
    static func randomAnswer(_ random: inout SplitMix64) -> (content: GeneratedContent, taken: Set<Int>) {
        var taken: Set<Int> = []
        var properties: [(String, GeneratedContent)] = []
        func coin() -> Bool { Bool.random(using: &random) }
        if coin() {
            properties.append(("kind", GeneratedContent(["x", "y", ""].randomElement(using: &random)!)))
            taken.insert(0)
        } else {
            properties.append(("kind", GeneratedContent(Int.random(in: -2...2, using: &random))))
            taken.insert(1)
        }
        if coin() {
            taken.insert(2)
            let key = coin() ? "r" : "w"
            taken.insert(key == "r" ? 3 : 4)
            // 1 and 1.0 alike: equal answers written differently.
            let number = ["1", "1.0", "2.5"].randomElement(using: &random)!
            properties.append(("shape", GeneratedContent(properties: [(key, GeneratedContent(JSONNumber(text: number)!))])))
        }
        let genre = Int.random(in: 0..<3, using: &random)
        properties.append(("genre", GeneratedContent(genres[genre])))
        taken.insert(17 + genre)
        if coin() {
            let other = Int.random(in: 0..<3, using: &random)
            properties.append(("other", GeneratedContent(genres[other])))
            taken.formUnion([5, 17 + other])
        }
        if coin() {
            taken.insert(6)
            let tags = (0..<Int.random(in: 0...4, using: &random)).map { _ in Int.random(in: 0..<3, using: &random) }
            taken.formUnion(tags.map { 7 + $0 })
            properties.append(("tags", GeneratedContent(elements: tags.map { GeneratedContent(["a", "b", "c"][$0]) })))
        }
        if Int.random(in: 0..<4, using: &random) == 0 {
            taken.insert(10)
            properties.append(("fixed", "only"))
        }
        if coin() {
            taken.insert(11)
            let scores = (0..<Int.random(in: 0...3, using: &random)).map { index in ("k\(index)", Int.random(in: 1...3, using: &random)) }
            taken.formUnion(scores.map { 11 + $0.1 })
            properties.append(("scores", GeneratedContent(properties: scores.map { ($0.0, GeneratedContent($0.1)) })))
        }
        if coin() {
            taken.insert(15)
            func node(_ depth: Int) -> GeneratedContent {
                let value = Int.random(in: 1...2, using: &random)
                taken.insert(19 + value)
                var members: [(String, GeneratedContent)] = [("value", GeneratedContent(value))]
                if depth < 3, coin() {
                    taken.insert(22)
                    members.append(("next", node(depth + 1)))
                }
                return GeneratedContent(properties: members.shuffled(using: &random))
            }
            properties.append(("chain", node(0)))
        }
        if Int.random(in: 0..<4, using: &random) == 0 {
            taken.insert(16)
            properties.append(("a/b", GeneratedContent(coin())))
        }
        return (GeneratedContent(properties: properties.shuffled(using: &random)), taken)
    }
}

@Suite struct SchemaCoverageTests {
    @Test func branchesAreListedOnceInSchemaOrder() {
        let coverage = SchemaCoverage(CoverageFixture.schema)
        #expect(coverage.branches.map(\.schemaPath) == CoverageFixture.branches.map(\.path))
        #expect(coverage.branches.map(\.kind) == CoverageFixture.branches.map(\.kind))
        #expect(coverage.branches.map(\.label) == CoverageFixture.branches.map(\.label))
        #expect(coverage.branches.allSatisfy { $0.answers == 0 })
    }

    @Test func theFixtureAnswersAreValid() {
        var random = SplitMix64(seed: 1)
        for _ in 0..<50 {
            let answer = CoverageFixture.randomAnswer(&random).content
            #expect(CoverageFixture.schema.conforms(answer), "\(answer)")
        }
    }

    static func json(_ text: String) -> GeneratedContent { try! GeneratedContent(json: text) }

    /// Each branch counts an answer once, however often the answer takes it.
    @Test func handPickedAnswers() {
        var coverage = SchemaCoverage(CoverageFixture.schema)
        coverage.record(Self.json(#"{"kind": "x", "genre": "drama", "other": "drama", "tags": ["a", "a", "c"]}"#))
        coverage.record(Self.json(#"""
            {"a/b": true, "scores": {"p": 2, "q": 2.0}, "kind": 3, "genre": "comedy", "shape": {"r": 1.5},
             "chain": {"value": 1, "next": {"value": 1.0}}}
            """#))
        coverage.record(Self.json(#"{"kind": "y", "genre": "drama", "fixed": "only", "tags": []}"#))
        let expected = [2, 1, 1, 1, 0, 1, 2, 1, 0, 1, 1, 1, 0, 1, 0, 1, 1, 2, 1, 0, 1, 0, 1]
        #expect(coverage.branches.map(\.answers) == expected)
        #expect(coverage.branches.filter { $0.answers == 0 }.count == 6)
    }

    /// An answer that fits no alternative takes none of them (nor anything below it).
    @Test func aValueThatFitsNoAlternativeTakesNone() {
        var coverage = SchemaCoverage(CoverageFixture.schema)
        coverage.record(Self.json(#"{"kind": true, "genre": "western", "shape": {"z": 1}, "tags": ["d"]}"#))
        let taken = coverage.branches.filter { $0.answers > 0 }.map(\.schemaPath)
        #expect(taken == ["#/properties/shape", "#/properties/tags"])
    }

    @Test(arguments: 0..<100 as Range<UInt64>)
    func countsAgreeWithTheBranchesTheAnswersWereMadeBy(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var coverage = SchemaCoverage(CoverageFixture.schema)
        var expected = [Int](repeating: 0, count: CoverageFixture.branches.count)
        for _ in 0..<Int.random(in: 1...12, using: &random) {
            let (content, taken) = CoverageFixture.randomAnswer(&random)
            coverage.record(content)
            for index in taken { expected[index] += 1 }
        }
        #expect(coverage.branches.map(\.answers) == expected, "seed \(seed)")
    }

    /// The first alternative that fits is the one taken, in the order written.
    @Test(arguments: [("3", [1, 0, 0]), ("3.5", [1, 0, 0]), ("\"3\"", [0, 0, 1]), ("null", [0, 0, 0])])
    func theFirstFittingAlternativeIsTaken(answer: String, counts: [Int]) {
        let schema = GenerationSchema(root: SchemaNode(.anyOf([.number(), .integer(), .string()])))
        var coverage = SchemaCoverage(schema)
        coverage.record(Self.json(answer))
        #expect(coverage.branches.map(\.schemaPath) == ["#/anyOf/0", "#/anyOf/1", "#/anyOf/2"])
        #expect(coverage.branches.map(\.answers) == counts)
    }

    /// Alternatives nest: an alternative's own branches are under its pointer.
    @Test func nestedAlternativesAndTuples() {
        let inner = SchemaNode(.oneOf([SchemaNode(.enumeration(["p", "q"])), .integer()]))
        let root = SchemaNode.array(ArrayConstraints(prefixItems: [inner, .boolean], items: SchemaNode(.enumeration([true, false]))))
        var coverage = SchemaCoverage(GenerationSchema(root: root))
        #expect(coverage.branches.map(\.schemaPath) == [
            "#/prefixItems/0/oneOf/0", "#/prefixItems/0/oneOf/0", "#/prefixItems/0/oneOf/0", "#/prefixItems/0/oneOf/1",
            "#/items", "#/items",
        ])
        #expect(coverage.branches.map(\.label) == ["0", "\"p\"", "\"q\"", "1", "true", "false"])
        coverage.record(Self.json(#"["q", true, false, false]"#))
        coverage.record(Self.json(#"[7, false]"#))
        #expect(coverage.branches.map(\.answers) == [1, 0, 1, 1, 0, 1])
    }

    @Test(arguments: [1, 2, 100, 101])
    func enumerationsListTheirValuesUpToALimit(count: Int) {
        let schema = GenerationSchema(root: SchemaNode(.enumeration((0..<count).map { GeneratedContent($0) })))
        let coverage = SchemaCoverage(schema)
        let listed = count > 1 && count <= SchemaCoverage.enumValuesListed
        #expect(coverage.branches.count == (listed ? count : 0))
    }

    /// From a JSON Schema document: the pointers are those of the schema's JSON Schema form.
    /// The importer (like `@Generable` string enums and `.anyOf([String])` guides) makes a
    /// string `enum` a `.string` node with `choices`: its choices are branches too.
    @Test func fromAJSONSchemaDocument() throws {
        let schema = try GenerationSchema(jsonSchema: #"""
            {"type": "object", "additionalProperties": false, "required": ["pet"],
             "properties": {
               "pet": {"oneOf": [
                 {"type": "object", "properties": {"bark": {"type": "boolean"}}, "required": ["bark"], "additionalProperties": false},
                 {"type": "object", "properties": {"purr": {"type": "boolean"}}, "required": ["purr"], "additionalProperties": false}]},
               "size": {"$ref": "#/$defs/Size"},
               "colours": {"type": "array", "items": {"enum": ["red", "green"]}}},
             "$defs": {"Size": {"enum": ["S", "M", "L"]}}}
            """#)
        var coverage = SchemaCoverage(schema)
        coverage.record(Self.json(#"{"pet": {"purr": true}, "size": "M", "colours": ["red", "red"]}"#))
        coverage.record(Self.json(#"{"pet": {"purr": false}}"#))
        let counts = Dictionary(coverage.branches.map { ("\($0.schemaPath) \($0.label)", $0.answers) }, uniquingKeysWith: +)
        #expect(counts == [
            "#/properties/pet/oneOf/0 0": 0, "#/properties/pet/oneOf/1 1": 2,
            "#/properties/size size": 1, "#/$defs/Size \"S\"": 0, "#/$defs/Size \"M\"": 1, "#/$defs/Size \"L\"": 0,
            "#/properties/colours colours": 1, "#/properties/colours/items \"red\"": 1, "#/properties/colours/items \"green\"": 0,
        ], "\(coverage.branches)")
    }

    @Test(arguments: [(["x", "y"], ["\"x\"", "\"y\""]), (["only"], []), ([], [])] as [([String], [String])])
    func aStringsChoicesAreBranches(choices: [String], labels: [String]) {
        var coverage = SchemaCoverage(GenerationSchema(root: .string(StringConstraints(choices: choices))))
        #expect(coverage.branches.map(\.label) == labels)
        #expect(coverage.branches.allSatisfy { $0.schemaPath == "#" && $0.kind == .enumValue })
        coverage.record("y")
        coverage.record("y")
        coverage.record("z")
        #expect(coverage.branches.map(\.answers) == labels.map { $0 == "\"y\"" ? 2 : 0 })
    }
}
