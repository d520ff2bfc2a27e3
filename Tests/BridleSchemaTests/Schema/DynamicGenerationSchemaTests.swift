import Testing

@testable import BridleSchema

@Suite("Dynamic schemas")
struct DynamicGenerationSchemaTests {
    @Test func buildsObjectsChoicesArraysAndReferences() throws {
        let person = DynamicGenerationSchema(name: "Person", description: "Someone", properties: [
            .init(name: "name", schema: DynamicGenerationSchema(type: String.self, guides: [.length(1...20)])),
            .init(name: "role", schema: DynamicGenerationSchema(referenceTo: "Role"), isOptional: true),
            .init(name: "friends", schema: DynamicGenerationSchema(arrayOf: DynamicGenerationSchema(referenceTo: "Person"), maximumElements: 2)),
        ])
        let role = DynamicGenerationSchema(name: "Role", anyOf: ["admin", "member"])
        let schema = try GenerationSchema(root: person, dependencies: [role])
        try schema.validate()
        #expect(schema.root == .reference("Person"))
        #expect(schema.definitions.keys.sorted() == ["Person", "Role"])
        #expect(schema.conforms(try GeneratedContent(json: #"{"name":"Ada","role":"admin","friends":[{"name":"Bo","friends":[]}]}"#)))
        #expect(!schema.conforms(try GeneratedContent(json: #"{"name":"Ada","role":"owner","friends":[]}"#)))
        #expect(!schema.conforms(try GeneratedContent(json: #"{"name":"","friends":[]}"#)))
    }

    @Test func anyOfSchemas() throws {
        let circle = DynamicGenerationSchema(name: "Circle", properties: [.init(name: "radius", schema: .init(type: Double.self))])
        let square = DynamicGenerationSchema(name: "Square", properties: [.init(name: "side", schema: .init(type: Double.self))])
        let shape = DynamicGenerationSchema(name: "Shape", anyOf: [circle, square])
        let schema = try GenerationSchema(root: shape, dependencies: [])
        #expect(schema.conforms(try GeneratedContent(json: #"{"side":2}"#)))
        #expect(!schema.conforms(try GeneratedContent(json: #"{"edge":2}"#)))
    }

    static var failures: [(String, () throws -> GenerationSchema, GenerationSchema.SchemaError)] {
        [
        ("duplicate type", {
            try GenerationSchema(root: DynamicGenerationSchema(name: "A", anyOf: ["x"]), dependencies: [DynamicGenerationSchema(name: "A", anyOf: ["y"])])
        }, .duplicateType(name: "A")),
        ("duplicate property", {
            try GenerationSchema(root: DynamicGenerationSchema(name: "A", properties: [
                .init(name: "p", schema: .init(type: Int.self)), .init(name: "p", schema: .init(type: Int.self)),
            ]), dependencies: [])
        }, .duplicateProperty(schema: "A", property: "p")),
        ("empty choices", {
            try GenerationSchema(root: DynamicGenerationSchema(name: "A", anyOf: [String]()), dependencies: [])
        }, .emptyTypeChoices(schema: "A")),
        ("undefined reference", {
            try GenerationSchema(root: DynamicGenerationSchema(arrayOf: .init(referenceTo: "Missing")), dependencies: [])
        }, .undefinedReferences(["Missing"])),
        ("unnamed dependency", {
            try GenerationSchema(root: DynamicGenerationSchema(type: Int.self), dependencies: [DynamicGenerationSchema(type: Int.self)])
        }, .unnamedDependency),
        ]
    }

    @Test(arguments: failures.indices)
    func invalidPartsThrowTypedErrors(index: Int) {
        let (name, build, expected) = Self.failures[index]
        #expect(throws: expected, "\(name)") { try build() }
        #expect(!expected.description.isEmpty)
    }
}
