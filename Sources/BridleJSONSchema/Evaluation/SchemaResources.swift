import BridleSchema

/// The schema resources of one document, by URI: the document itself, every subschema
/// with an `$id`, and every `$anchor`, found once so that `$ref` resolves without a search.
///
/// Only schema positions are indexed (`properties` values, `items`, `allOf` members, …):
/// an `$id` inside an `enum` value or a `const` is data, not an identifier.
struct SchemaResources: Sendable {
    struct Location: Sendable {
        var schema: GeneratedContent
        /// Where the schema is in the document, for messages.
        var pointer: String
        /// The base URI in effect inside it.
        var base: String
    }

    /// The base of a document without an `$id` of its own.
    static let defaultBase = "urn:bridle:schema"

    let rootBase: String
    let draft: JSONSchemaDraft
    private(set) var resources: [String: Location] = [:]
    private(set) var anchors: [String: Location] = [:]
    /// How many schemas declare each `$dynamicAnchor` name: with one, a `$dynamicRef` to it
    /// resolves the same in every dynamic scope.
    private(set) var dynamicAnchorCounts: [String: Int] = [:]

    /// Keywords whose value is one subschema.
    static let singleSchemaKeywords: Set<String> = [
        "additionalProperties", "additionalItems", "items", "contains", "not", "if", "then", "else",
        "propertyNames", "unevaluatedItems", "unevaluatedProperties",
    ]
    /// Keywords whose value is an array of subschemas.
    static let schemaListKeywords: Set<String> = ["allOf", "anyOf", "oneOf", "prefixItems", "items"]
    /// Keywords whose value maps names to subschemas.
    static let schemaMapKeywords: Set<String> = [
        "properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies",
    ]

    init(document: GeneratedContent, depthLimit: Int) throws(JSONSchemaEvaluationError) {
        draft = JSONSchemaDraft(document: document)
        var base = Self.defaultBase
        if case .string(let id)? = document[property: draft.idKeyword]?.kind {
            base = URIReference.resource(URIReference.resolve(id, against: base))
        }
        rootBase = base
        try index(document, base: base, pointer: "#", depth: 0, depthLimit: depthLimit)
        resources[Self.defaultBase] = resources[Self.defaultBase] ?? Location(schema: document, pointer: "#", base: base)
    }

    private mutating func index(
        _ schema: GeneratedContent, base inherited: String, pointer: String, depth: Int, depthLimit: Int
    ) throws(JSONSchemaEvaluationError) {
        guard depth <= depthLimit else {
            throw JSONSchemaEvaluationError(pointer: pointer, message: "subschemas nest deeper than \(depthLimit) levels; flatten the schema with $defs")
        }
        guard let members = schema.orderedProperties else { return }
        var base = inherited
        if case .string(let id)? = schema[property: draft.idKeyword]?.kind {
            if id.hasPrefix("#"), draft < .draft2019 {
                // Draft 6 and 7 spell a plain-name anchor as an `$id` fragment.
                anchors[base + id] = Location(schema: schema, pointer: pointer, base: base)
            } else {
                let resolved = URIReference.resolve(id, against: base)
                base = URIReference.resource(resolved)
                if resources[base] == nil { resources[base] = Location(schema: schema, pointer: pointer, base: base) }
                let fragment = URIReference.fragment(resolved)
                if !fragment.isEmpty { anchors[base + "#" + fragment] = Location(schema: schema, pointer: pointer, base: base) }
            }
        }
        for keyword in ["$anchor", "$dynamicAnchor"] {
            if case .string(let name)? = schema[property: keyword]?.kind {
                anchors[base + "#" + name] = Location(schema: schema, pointer: pointer, base: base)
                if keyword == "$dynamicAnchor" { dynamicAnchorCounts[name, default: 0] += 1 }
            }
        }
        for (keyword, value) in members {
            let child = "\(pointer)/\(JSONPointer.escape(keyword))"
            if Self.schemaMapKeywords.contains(keyword), let entries = value.orderedProperties {
                for (name, subschema) in entries {
                    try index(subschema, base: base, pointer: "\(child)/\(JSONPointer.escape(name))", depth: depth + 1, depthLimit: depthLimit)
                }
            } else if Self.schemaListKeywords.contains(keyword), case .array(let list) = value.kind {
                for (position, subschema) in list.enumerated() {
                    try index(subschema, base: base, pointer: "\(child)/\(position)", depth: depth + 1, depthLimit: depthLimit)
                }
            } else if Self.singleSchemaKeywords.contains(keyword) {
                try index(value, base: base, pointer: child, depth: depth + 1, depthLimit: depthLimit)
            }
        }
    }

    /// The schema `reference` names, resolved against `base`.
    func resolve(_ reference: String, base: String, at pointer: String) throws(JSONSchemaEvaluationError) -> Location {
        let absolute = URIReference.resolve(reference, against: base)
        let resourceURI = URIReference.resource(absolute)
        let fragment = URIReference.fragment(absolute)
        if !fragment.isEmpty, !fragment.hasPrefix("/") {
            guard let anchor = anchors[resourceURI + "#" + fragment] else {
                throw JSONSchemaEvaluationError(pointer: pointer, message: "no schema has the anchor \"\(fragment)\" (\(reference)); add \"$anchor\": \"\(fragment)\" to the schema meant")
            }
            return anchor
        }
        guard let resource = resources[resourceURI] else {
            throw JSONSchemaEvaluationError(pointer: pointer, message: "\(reference) is outside this document; inline the schema it names under $defs")
        }
        return try follow(fragment, from: resource, reference: reference, at: pointer)
    }

    /// The schema a `$dynamicRef` names when that does not depend on the dynamic scope: its
    /// target declares no `$dynamicAnchor` of that name, or the document declares that
    /// `$dynamicAnchor` exactly once. Nil when the scope decides.
    func staticDynamicTarget(_ reference: String, base: String, at pointer: String) throws(JSONSchemaEvaluationError) -> Location? {
        let target = try resolve(reference, base: base, at: pointer)
        let fragment = URIReference.fragment(URIReference.resolve(reference, against: base))
        guard case .string(let anchor)? = target.schema[property: "$dynamicAnchor"]?.kind, anchor == fragment else { return target }
        return dynamicAnchorCounts[anchor] == 1 ? target : nil
    }

    /// Walks a JSON pointer from a resource's root, taking on the base of every `$id` passed.
    private func follow(_ fragment: String, from resource: Location, reference: String, at pointer: String) throws(JSONSchemaEvaluationError) -> Location {
        var location = resource
        for token in fragment.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let name = JSONPointer.unescape(String(token))
            if let child = location.schema[property: name] {
                location.schema = child
            } else if case .array(let items) = location.schema.kind, let index = Int(name), items.indices.contains(index) {
                location.schema = items[index]
            } else {
                throw JSONSchemaEvaluationError(pointer: pointer, message: "\(reference) points to nothing in this document")
            }
            location.pointer += "/" + JSONPointer.escape(name)
            if case .string(let id)? = location.schema[property: draft.idKeyword]?.kind, !id.hasPrefix("#") {
                location.base = URIReference.resource(URIReference.resolve(id, against: location.base))
            }
        }
        return location
    }
}
