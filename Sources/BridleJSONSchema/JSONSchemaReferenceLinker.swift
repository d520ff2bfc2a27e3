import BridleSchema

/// Rewrites the references of a document that name a schema inside it into local
/// pointers (`#/…`) before the reader reads it, so that the reader and the composition pass
/// only ever follow document pointers.
///
/// A `$ref` is resolved as the evaluator resolves it (``SchemaResources``): per RFC 3986
/// against the base URI in effect where it appears, so `"node"`, `"int.json"`,
/// `"urn:uuid:…"`, `"child1#my_anchor"` or `"#/$defs/a"` inside a subschema with its own
/// `$id` all land on the schema the document identifies by them. A `$dynamicRef` becomes
/// a `$ref` when it resolves statically: its target has no `$dynamicAnchor` of that name,
/// or the document declares that `$dynamicAnchor` exactly once (then every dynamic scope
/// resolves to the same schema). Anything else is left as written, for the reader to
/// refuse with the reference's pointer.
///
/// Each schema object's `unevaluatedProperties`/`unevaluatedItems` is rewritten on the
/// way where that is exact (``UnevaluatedKeywords``), since that needs the `$ref` targets.
enum JSONSchemaReferenceLinker {
    static func link(_ document: GeneratedContent, limits: SchemaLimits) throws -> GeneratedContent {
        let resources: SchemaResources
        do {
            resources = try SchemaResources(document: document, depthLimit: limits.maximumDepth)
        } catch {
            throw JSONSchemaImportError.limit("maximumDepth", limits.maximumDepth, at: error.pointer, "schemas nested deeper")
        }
        return try rewrite(document, base: resources.rootBase, pointer: "#", depth: 0, resources: resources, limits: limits)
    }

    private static func rewrite(
        _ schema: GeneratedContent, base inherited: String, pointer: String, depth: Int, resources: SchemaResources, limits: SchemaLimits
    ) throws -> GeneratedContent {
        guard depth <= limits.maximumDepth else {
            throw JSONSchemaImportError.limit("maximumDepth", limits.maximumDepth, at: pointer, "schemas nested \(depth) deep")
        }
        guard let members = schema.orderedProperties else { return schema }
        var base = inherited
        if case .string(let id)? = schema[property: resources.draft.idKeyword]?.kind, !(id.hasPrefix("#") && resources.draft < .draft2019) {
            base = URIReference.resource(URIReference.resolve(id, against: base))
        }
        var result: [(name: String, value: GeneratedContent)] = []
        var referenced: GeneratedContent?
        for (keyword, value) in members {
            let child = "\(pointer)/\(JSONPointer.escape(keyword))"
            var name = keyword
            var rewritten = value
            if keyword == "$ref", case .string(let reference) = value.kind,
                let target = try? resources.resolve(reference, base: base, at: child)
            {
                rewritten = GeneratedContent(target.pointer)
                referenced = target.schema
            } else if keyword == "$dynamicRef", case .string(let reference) = value.kind, schema[property: "$ref"] == nil,
                let target = try? resources.staticDynamicTarget(reference, base: base, at: child)
            {
                name = "$ref"
                rewritten = GeneratedContent(target.pointer)
            } else if SchemaResources.schemaMapKeywords.contains(keyword), let entries = value.orderedProperties {
                rewritten = GeneratedContent(properties: try entries.map { entry, subschema in
                    (entry, try rewrite(subschema, base: base, pointer: "\(child)/\(JSONPointer.escape(entry))", depth: depth + 1, resources: resources, limits: limits))
                })
            } else if SchemaResources.schemaListKeywords.contains(keyword), case .array(let list) = value.kind {
                rewritten = GeneratedContent(elements: try list.enumerated().map { position, subschema in
                    try rewrite(subschema, base: base, pointer: "\(child)/\(position)", depth: depth + 1, resources: resources, limits: limits)
                })
            } else if SchemaResources.singleSchemaKeywords.contains(keyword) {
                rewritten = try rewrite(value, base: base, pointer: child, depth: depth + 1, resources: resources, limits: limits)
            }
            result.append((name, rewritten))
        }
        return GeneratedContent(properties: UnevaluatedKeywords.rewrite(result, referenced: referenced))
    }
}
