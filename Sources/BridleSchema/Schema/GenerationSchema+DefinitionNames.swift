extension GenerationSchema {
    /// This schema with every definition renamed `prefix` + its name, references included, so
    /// that schemas from different sources can be merged into one grammar without two
    /// definitions of one name clashing. Values are judged the same: the JSON Schema document
    /// the schema was read from is kept as it is.
    ///
    /// ```swift
    /// try GenerationSchema(jsonSchema: #"{"$defs":{"Item":{"type":"string"}},"$ref":"#/$defs/Item"}"#)
    ///     .prefixingDefinitions(with: "search.").definitions.keys   // ["search.Item"]
    /// ```
    public func prefixingDefinitions(with prefix: String) -> GenerationSchema {
        guard !definitions.isEmpty else { return self }
        func rename(_ node: SchemaNode) -> SchemaNode {
            node.mapped { node in
                guard case .reference(let name) = node.kind else { return node }
                var renamed = node
                renamed.kind = .reference(prefix + name)
                return renamed
            }
        }
        var schema = self
        schema.root = rename(root)
        schema.definitions = Dictionary(uniqueKeysWithValues: definitions.map { (prefix + $0.key, rename($0.value)) })
        return schema
    }
}
