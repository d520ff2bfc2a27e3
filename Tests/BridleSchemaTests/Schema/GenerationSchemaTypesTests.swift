import Foundation
import Testing

@testable import BridleSchema

// Hand-written conformances, as FoundationModels code writes them without the macro.

private struct TreeNode: Generable, Equatable {
    var label: String
    var children: [TreeNode]

    static var generationSchema: GenerationSchema {
        GenerationSchema(type: Self.self, description: "A labelled tree", properties: [
            .init(name: "label", type: String.self, guides: [.length(1...8)]),
            .init(name: "children", type: [TreeNode].self, guides: [.maximumCount(3)]),
        ])
    }
}

private struct Team: Generable {
    var lead: Person
    static var generationSchema: GenerationSchema {
        GenerationSchema(type: Self.self, properties: [.init(name: "lead", type: Person.self)])
    }
}

private struct Person: Generable {
    var name: String
    var teams: [Team]
    static var generationSchema: GenerationSchema {
        GenerationSchema(type: Self.self, properties: [
            .init(name: "name", type: String.self),
            .init(name: "teams", type: [Team].self),
        ])
    }
}

private struct Duplicated: Generable {
    var a: Int
    static var generationSchema: GenerationSchema {
        GenerationSchema(type: Self.self, properties: [.init(name: "a", type: Int.self), .init(name: "a", type: String.self)])
    }
}

@Suite("Schemas of named types")
struct GenerationSchemaTypesTests {
    @Test func aTypeThatContainsItselfBecomesADefinition() throws {
        let schema = TreeNode.generationSchema
        #expect(schema.root == .reference("TreeNode"))
        #expect(schema.definitions.keys.sorted() == ["TreeNode"])
        #expect(schema.jsonSchemaString() == ##"{"$schema":"https://json-schema.org/draft/2020-12/schema","$ref":"#/$defs/TreeNode","$defs":{"TreeNode":{"type":"object","title":"TreeNode","description":"A labelled tree","properties":{"label":{"type":"string","minLength":1,"maxLength":8},"children":{"type":"array","items":{"$ref":"#/$defs/TreeNode"},"maxItems":3}},"required":["label","children"],"x-order":["label","children"],"additionalProperties":false}}}"##)
        try schema.validate()
        let tree = TreeNode(label: "root", children: [TreeNode(label: "leaf", children: [])])
        let content = try tree.generatedContent
        #expect(schema.violations(of: content) == [])
        #expect(try TreeNode(content) == tree)
        #expect(!schema.conforms(try GeneratedContent(json: #"{"label":"root","children":[{"label":"","children":[]}]}"#)))
    }

    @Test func mutualRecursionDefinesOnlyTheTypeThatIsReferredBack() throws {
        let schema = Person.generationSchema
        #expect(schema.root == .reference("Person"))
        #expect(schema.definitions.keys.sorted() == ["Person"])
        let inner = try #require(schema.definitions["Person"])
        guard case .object(let person) = inner.kind, case .array(let teams) = person.properties[1].node.kind,
            case .object(let team) = teams.items.kind
        else {
            Issue.record("expected Person { teams: [Team { lead: $ref Person }] }")
            return
        }
        #expect(team.properties[0].node == .reference("Person"))
        try schema.validate()
    }

    @Test func schemasAreDeterministic() {
        #expect(TreeNode.generationSchema == TreeNode.generationSchema)
        #expect(TreeNode.generationSchema.jsonSchemaString() == TreeNode.generationSchema.jsonSchemaString())
    }

    @Test func aDuplicatedKeyIsAnIssue() {
        let issues = Duplicated.generationSchema.issues
        #expect(issues.map(\.description) == [#"Duplicated.a: the key "a" appears twice; give each property its own key"#])
    }

    @Test func enumCasesFollowSynthesizedCodable() throws {
        enum Kind: Generable, Equatable {
            case now
            case beforeNow(seconds: Int)
            case pair(Int, String)
            static var generationSchema: GenerationSchema {
                GenerationSchema(type: Self.self, cases: [
                    .init(name: "now"),
                    .init(name: "beforeNow", associatedValues: [.init(name: "seconds", type: Int.self, guides: [.range(0...60)])]),
                    .init(name: "pair", associatedValues: [.init(name: "_0", type: Int.self), .init(name: "_1", type: String.self)]),
                ])
            }
        }
        let schema = Kind.generationSchema
        for value in [Kind.now, .beforeNow(seconds: 30), .pair(1, "a")] {
            let content = try value.generatedContent
            #expect(schema.violations(of: content) == [], "\(content)")
            #expect(try Kind(content) == value)
        }
        #expect(try Kind.now.generatedContent.jsonString == #"{"now":{}}"#)
        #expect(!schema.conforms(try GeneratedContent(json: #"{"beforeNow":{"seconds":61}}"#)))
        #expect(!schema.conforms(try GeneratedContent(json: #"{"later":{}}"#)))
    }
}
