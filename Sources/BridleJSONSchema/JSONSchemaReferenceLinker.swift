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
        // A document with nothing to link (most, and the largest) is read as it is; indexing
        // its resources and walking it would cost as much as reading it. The reader checks
        // the nesting depth itself.
        guard needsLinking(document) else { return document }
        let resources: SchemaResources
        do {
            resources = try SchemaResources(document: document, depthLimit: limits.maximumDepth)
        } catch {
            throw JSONSchemaImportError.limit("maximumDepth", limits.maximumDepth, at: error.pointer, "schemas nested deeper")
        }
        return try rewrite(document, base: resources.rootBase, pointer: "#", depth: 0, resources: resources, limits: limits) ?? document
    }

    /// Whether any object in `document`, schema or not, has a keyword linking acts on.
    private static func needsLinking(_ document: GeneratedContent) -> Bool {
        var pending = [document]
        while let content = pending.popLast() {
            switch content.kind {
            case .structure(let properties, _):
                if linkedKeywords.contains(where: { properties[$0] != nil }) { return true }
                pending.append(contentsOf: properties.values)
            case .array(let elements):
                pending.append(contentsOf: elements)
            default:
                break
            }
        }
        return false
    }

    private static let linkedKeywords = ["$ref", "$dynamicRef", "unevaluatedProperties", "unevaluatedItems"]

    /// The schema rewritten, or `nil` when nothing in it changes: most of a large document has
    /// no reference, and rebuilding it unchanged costs as much as reading it.
    private static func rewrite(
        _ schema: GeneratedContent, base inherited: String, pointer: String, depth: Int, resources: SchemaResources, limits: SchemaLimits
    ) throws -> GeneratedContent? {
        guard depth <= limits.maximumDepth else {
            throw JSONSchemaImportError.limit("maximumDepth", limits.maximumDepth, at: pointer, "schemas nested \(depth) deep")
        }
        guard let members = schema.orderedProperties else { return nil }
        var base = inherited
        if case .string(let id)? = schema[property: resources.draft.idKeyword]?.kind, !(id.hasPrefix("#") && resources.draft < .draft2019) {
            base = URIReference.resource(URIReference.resolve(id, against: base))
        }
        var result: [(name: String, value: GeneratedContent)] = []
        var referenced: GeneratedContent?
        var changed = false
        for (keyword, value) in members {
            let child = "\(pointer)/\(JSONPointer.escape(keyword))"
            var name = keyword
            var rewritten: GeneratedContent?
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
                let subschemas = try entries.map { entry, subschema in
                    try rewrite(subschema, base: base, pointer: "\(child)/\(JSONPointer.escape(entry))", depth: depth + 1, resources: resources, limits: limits)
                }
                if subschemas.contains(where: { $0 != nil }) {
                    rewritten = GeneratedContent(properties: zip(entries, subschemas).map { ($0.name, $1 ?? $0.value) })
                }
            } else if SchemaResources.schemaListKeywords.contains(keyword), case .array(let list) = value.kind {
                let subschemas = try list.enumerated().map { position, subschema in
                    try rewrite(subschema, base: base, pointer: "\(child)/\(position)", depth: depth + 1, resources: resources, limits: limits)
                }
                if subschemas.contains(where: { $0 != nil }) {
                    rewritten = GeneratedContent(elements: zip(list, subschemas).map { $1 ?? $0 })
                }
            } else if SchemaResources.singleSchemaKeywords.contains(keyword) {
                rewritten = try rewrite(value, base: base, pointer: child, depth: depth + 1, resources: resources, limits: limits)
            }
            changed = changed || rewritten != nil || name != keyword
            result.append((name, rewritten ?? value))
        }
        let unevaluated = result.contains { $0.name == "unevaluatedProperties" || $0.name == "unevaluatedItems" }
        guard changed || unevaluated else { return nil }
        return GeneratedContent(properties: UnevaluatedKeywords.rewrite(result, referenced: referenced))
    }
}
