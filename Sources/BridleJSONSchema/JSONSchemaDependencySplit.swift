import BridleSchema
import Foundation

/// `dependentSchemas` (and draft 7's schema-valued `dependencies`) whose schemas compose
/// (`anyOf`, `allOf`, `not`, `$ref`, …) or require names `properties` doesn't declare, which
/// the grammar compiler's own handling (a dependent schema that only requires named
/// properties) can't write: each becomes a branch
/// split, exactly — `{t: S}` is `anyOf: [objects without t, objects with t ∧ S]` — merged
/// into the schema by intersection, at most ``dependencySplitLimit`` of them (2^limit
/// branches); the rest stay for the compiler, which leaves their triggers out or refuses.
extension JSONSchemaComposition {
    static let dependencySplitLimit = 6

    /// The schema without the dependencies to split, and those (trigger, schema) pairs.
    static func dependencySplits(_ schema: GeneratedContent) -> (GeneratedContent, [(String, GeneratedContent)]) {
        var result = schema
        var splits: [(String, GeneratedContent)] = []
        for keyword in ["dependentSchemas", "dependencies"] {
            guard let members = schema[property: keyword]?.orderedProperties else { continue }
            var kept: [(String, GeneratedContent)] = []
            for member in members {
                let composes = member.value.kind.isStructure && !member.value.keywords.isDisjoint(with: compositionKeywords)
                let declared = Set((schema[property: "properties"]?.orderedProperties ?? []).map(\.name))
                let undeclared = ((try? member.value[property: "required"]?.elements() ?? []) ?? []).contains { name in
                    name.stringValue.map { !declared.contains($0) } ?? false
                }
                if composes || undeclared, splits.count < dependencySplitLimit {
                    splits.append((member.name, member.value))
                } else {
                    kept.append((member.name, member.value))
                }
            }
            if kept.count < members.count {
                let absent: GeneratedContent? = .none  // not `nil`, which GeneratedContent reads as JSON null
                result = result.setting(keyword, kept.isEmpty ? absent : GeneratedContent(properties: kept))
            }
        }
        return (result, splits)
    }

    /// `anyOf: [no trigger, trigger ∧ dependent]`.
    static func dependencyBranches(_ trigger: String, _ dependent: GeneratedContent) -> GeneratedContent {
        let without = GeneratedContent(properties: [("properties", GeneratedContent(properties: [(trigger, false)]))])
        let with = GeneratedContent(properties: [
            ("allOf", GeneratedContent(elements: [GeneratedContent(properties: [("required", GeneratedContent(elements: [GeneratedContent(trigger)]))]), dependent])),
        ])
        return GeneratedContent(properties: [("anyOf", GeneratedContent(elements: [without, with]))])
    }
}
