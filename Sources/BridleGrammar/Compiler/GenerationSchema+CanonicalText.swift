import BridleSchema

extension GenerationSchema {
    /// `content` laid out as the grammar writes values: in the grammar's ``JSONLayout``,
    /// object keys in the schema's declaration order (keys the schema does not name follow
    /// in their order). A grammar admits a valid value exactly when it admits this text, so
    /// this is how an existing JSON document is checked against a compiled grammar.
    ///
    /// ```swift
    /// schema.canonicalText(of: try GeneratedContent(json: #"{ "b": 1, "a": 2 }"#))
    /// // {"a": 2, "b": 1}   (when the schema declares a before b; the default layout)
    /// ```
    public func canonicalText(of content: GeneratedContent, layout: JSONLayout = GrammarOptions().layout) -> String {
        reordered(content, by: root, depth: 0).jsonString(layout: layout)
    }

    private func reordered(_ content: GeneratedContent, by node: SchemaNode, depth: Int) -> GeneratedContent {
        guard depth < 64 else { return content }
        let node = resolved(node)
        switch (node.kind, content.kind) {
        case (.object(let shape), .structure(let properties, let keys)):
            var ordered: [(String, GeneratedContent)] = []
            for property in shape.properties {
                if let value = properties[property.name] {
                    ordered.append((property.name, reordered(value, by: property.node, depth: depth + 1)))
                }
            }
            for key in keys where !shape.properties.contains(where: { $0.name == key }) {
                if let value = properties[key] {
                    ordered.append((key, shape.additionalProperties.map { reordered(value, by: $0, depth: depth + 1) } ?? value))
                }
            }
            return GeneratedContent(properties: ordered)
        case (.array(let constraints), .array(let items)):
            return GeneratedContent(elements: items.enumerated().map { index, item in
                let itemNode = index < constraints.prefixItems.count ? constraints.prefixItems[index] : constraints.items
                return reordered(item, by: itemNode, depth: depth + 1)
            })
        case (.anyOf(let alternatives), _), (.oneOf(let alternatives), _):
            // Lay it out as the first alternative it conforms to.
            let context = self
            for alternative in alternatives where GenerationSchema(root: alternative, definitions: context.definitions).conforms(content) {
                return reordered(content, by: alternative, depth: depth + 1)
            }
            return content
        default:
            return content
        }
    }
}
