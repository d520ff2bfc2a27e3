import Foundation
import Testing

@testable import BridleJSONSchema
import BridleSchema

/// Hostile documents end in a typed error naming the exceeded limit, or in a result read
/// within its work budget; never a crash or a hang.
@Suite("Schema limits")
struct SchemaLimitsTests {
    private func limitError(_ text: String, _ limits: SchemaLimits = SchemaLimits()) -> JSONSchemaImportError? {
        do {
            _ = try GenerationSchema(jsonSchema: text, limits: limits)
            return nil
        } catch let error as JSONSchemaImportError {
            return error
        } catch {
            return nil
        }
    }

    @Test func recursiveAlternativesReadAsDefinitions() throws {
        let schema = try GenerationSchema(
            jsonSchema: ##"{"oneOf":[{"$ref":"#/$defs/D"},{"type":"string"}],"$defs":{"D":{"anyOf":[{"$ref":"#/$defs/D"},{"type":"null"}]}}}"##)
        #expect(schema.definitions.keys.sorted() == ["D"])
    }

    @Test func aLargeEnumReadsAndAnOversizedOneIsRefused() throws {
        let values = (0..<100_000).map { "\"v\($0)\"" }.joined(separator: ",")
        let schema = try GenerationSchema(jsonSchema: #"{"enum":[\#(values)]}"#)
        guard case .string(let constraints) = schema.root.kind else { Issue.record("expected strings"); return }
        #expect(constraints.choices?.count == 100_000)
        let error = limitError(#"{"enum":[\#(values)]}"#, SchemaLimits(maximumEnumValues: 1_000))
        #expect(error?.limit == "maximumEnumValues")
        #expect(error?.pointer == "#/enum")
    }

    @Test func aFiniteEnumBesideCompositionIsFilteredInLinearWork() throws {
        let values = (0..<20_000).map(String.init).joined(separator: ",")
        let schema = try GenerationSchema(jsonSchema: #"{"allOf":[{"enum":[\#(values)]},{"not":{"minimum":10}}]}"#)
        guard case .enumeration(let kept) = schema.root.kind else { Issue.record("expected an enum"); return }
        #expect(kept.count == 10)
        let error = limitError(#"{"allOf":[{"enum":[\#(values)]},{"not":{"minimum":10}}]}"#, SchemaLimits(maximumEvaluationSteps: 10_000))
        #expect(error?.limit == "maximumEvaluationSteps")
    }

    @Test func aChainOfDoubledReferencesStaysDefinitions() throws {
        var definitions: [String] = []
        for index in 0..<40 {
            definitions.append(##""d\##(index)":{"type":"object","properties":{"a":{"$ref":"#/$defs/d\##(index + 1)"},"b":{"$ref":"#/$defs/d\##(index + 1)"}},"required":["a","b"]}"##)
        }
        definitions.append(#""d40":{"type":"null"}"#)
        let schema = try GenerationSchema(jsonSchema: ##"{"$ref":"#/$defs/d0","$defs":{\##(definitions.joined(separator: ","))}}"##)
        #expect(schema.root == .reference("d0"))
        #expect(schema.definitions["d39"] != nil)
    }

    @Test func inliningADoubledChainHitsABudget() {
        var definitions: [String] = []
        for index in 0..<40 {
            definitions.append(##""d\##(index)":{"allOf":[{"$ref":"#/$defs/d\##(index + 1)"},{"$ref":"#/$defs/d\##(index + 1)"}]}"##)
        }
        definitions.append(#""d40":{"type":"integer"}"#)
        let error = limitError(##"{"$ref":"#/$defs/d0","minimum":1,"$defs":{\##(definitions.joined(separator: ","))}}"##)
        #expect(error?.limit != nil, "\(String(describing: error))")
    }

    @Test func aOneOfDiamondReadsAsDefinitions() throws {
        var definitions: [String] = []
        for index in 0..<30 {
            definitions.append(##""d\##(index)":{"oneOf":[{"$ref":"#/$defs/d\##(index + 1)"},{"$ref":"#/$defs/d\##(index + 1)"}]}"##)
        }
        definitions.append(#""d30":{"type":"integer"}"#)
        let schema = try GenerationSchema(jsonSchema: ##"{"$ref":"#/$defs/d0","$defs":{\##(definitions.joined(separator: ","))}}"##)
        #expect(schema.definitions.count == 31)
    }

    @Test func exponentialDistributionHitsTheNodeBudget() {
        let members = (0..<30).map { index in #"{"anyOf":[{"required":["a\#(index)"]},{"required":["b\#(index)"]}]}"# }
        let error = limitError(#"{"type":"object","allOf":[\#(members.joined(separator: ","))]}"#)
        #expect(error?.limit == "maximumNodes", "\(String(describing: error))")
    }

    @Test func deepNestingIsRefusedByTheParserAndTheReader() {
        let brackets = String(repeating: "[", count: 100_000)
        #expect(limitError(brackets) != nil)
        let nested = String(repeating: #"{"items":"#, count: 300) + "{}" + String(repeating: "}", count: 300)
        #expect(limitError(nested)?.limit == "maximumDepth")
        var document: GeneratedContent = [:]
        for _ in 0..<2_000 { document = GeneratedContent(properties: [("items", document)]) }
        do {
            _ = try GenerationSchema(jsonSchema: document)
            Issue.record("expected a depth error")
        } catch let error as JSONSchemaImportError {
            #expect(error.limit == "maximumDepth")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func oversizedInputIsRefusedBeforeParsing() {
        let error = limitError(#"{"type":"string"}"#, SchemaLimits(maximumInputBytes: 4))
        #expect(error?.limit == "maximumInputBytes")
        #expect(error?.pointer == "#")
    }

    @Test func deepReferenceInliningHitsTheReferenceDepth() {
        var definitions: [String] = []
        for index in 0..<50 { definitions.append(##""d\##(index)":{"$ref":"#/$defs/d\##(index + 1)","minimum":\##(index)}"##) }
        definitions.append(#""d50":{"type":"integer"}"#)
        let error = limitError(##"{"$ref":"#/$defs/d0","maximum":100,"$defs":{\##(definitions.joined(separator: ","))}}"##)
        #expect(error?.limit == "maximumReferenceDepth", "\(String(describing: error))")
    }
}
