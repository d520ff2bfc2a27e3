extension GenerationSchema {
    /// Builds a schema from dynamic parts: `root` plus the named schemas it refers to.
    ///
    /// Throws ``SchemaError`` when two named schemas share a name, an object repeats a
    /// property, a choice list is empty, or a reference names nothing.
    public init(root: DynamicGenerationSchema, dependencies: [DynamicGenerationSchema]) throws(SchemaError) {
        var named: [String: DynamicGenerationSchema] = [:]
        if dependencies.contains(where: { $0.name == nil }) { throw SchemaError.unnamedDependency }
        for schema in [root] + dependencies {
            guard let name = schema.name else { continue }
            if named[name] != nil { throw SchemaError.duplicateType(name: name) }
            named[name] = schema
        }
        var builder = DynamicSchemaBuilder(named: named)
        var rootNode = try builder.node(root)
        var definitions: [String: SchemaNode] = [:]
        while let name = builder.unbuilt.popLast() {
            guard let schema = named[name] else { continue }
            definitions[name] = name == root.name ? rootNode : try builder.node(schema)
        }
        if let rootName = root.name, definitions[rootName] != nil {
            definitions[rootName] = rootNode
            rootNode = .reference(rootName)
        }
        definitions.merge(builder.generableDefinitions) { current, _ in current }
        let missing = builder.referenced.subtracting(named.keys).sorted()
        if !missing.isEmpty { throw SchemaError.undefinedReferences(missing) }
        self.init(root: rootNode, definitions: definitions, buildIssues: builder.issues)
    }

    /// Why dynamic parts don't make a schema.
    public enum SchemaError: Error, Sendable, Hashable, CustomStringConvertible {
        /// Two named schemas share `name`.
        case duplicateType(name: String)
        /// The object `schema` lists `property` twice.
        case duplicateProperty(schema: String, property: String)
        /// The choice list of `schema` is empty.
        case emptyTypeChoices(schema: String)
        /// References to names that are neither the root nor a dependency.
        case undefinedReferences([String])
        /// A dependency has no name, so nothing can refer to it.
        case unnamedDependency

        public var description: String {
            switch self {
            case .duplicateType(let name):
                return "two schemas are named \"\(name)\"; give each a unique name"
            case .duplicateProperty(let schema, let property):
                return "\"\(schema)\" lists the property \"\(property)\" twice; remove one"
            case .emptyTypeChoices(let schema):
                return "\"\(schema)\" has no choices; list at least one"
            case .undefinedReferences(let names):
                return "references to \(names.map { "\"\($0)\"" }.joined(separator: ", ")) name no schema; add them to the dependencies"
            case .unnamedDependency:
                return "a dependency has no name; only named schemas (objects and choices) can be dependencies"
            }
        }
    }
}

/// Turns dynamic schemas into nodes, recording the names referenced along the way.
private struct DynamicSchemaBuilder {
    let named: [String: DynamicGenerationSchema]
    var referenced: Set<String> = []
    var unbuilt: [String] = []
    var issues: [SchemaIssue] = []
    var generableDefinitions: [String: SchemaNode] = [:]
    private var queued: Set<String> = []

    init(named: [String: DynamicGenerationSchema]) {
        self.named = named
    }

    mutating func node(_ schema: DynamicGenerationSchema) throws(GenerationSchema.SchemaError) -> SchemaNode {
        switch schema.body {
        case .object(let name, let description, let properties):
            var seen: Set<String> = []
            var shape = ObjectShape()
            for property in properties {
                guard seen.insert(property.name).inserted else {
                    throw .duplicateProperty(schema: name, property: property.name)
                }
                let child = try node(property.schema).describing(property.description)
                shape.properties.append(SchemaProperty(name: property.name, node: child, isOptional: property.isOptional))
            }
            return SchemaNode(.object(shape), title: name, description: description)
        case .stringChoices(let name, let description, let choices):
            if choices.isEmpty { throw .emptyTypeChoices(schema: name) }
            return SchemaNode(.string(StringConstraints(choices: choices)), title: name, description: description)
        case .anyOf(let name, let description, let choices):
            if choices.isEmpty { throw .emptyTypeChoices(schema: name) }
            var alternatives: [SchemaNode] = []
            for choice in choices { alternatives.append(try node(choice)) }
            return SchemaNode(.anyOf(alternatives), title: name, description: description)
        case .array(let item, let minimum, let maximum):
            return .array(ArrayConstraints(items: try node(item), minimumCount: minimum ?? 0, maximumCount: maximum))
        case .value(let schema):
            // A generable type's own recursive definitions travel with it.
            issues.append(contentsOf: schema.buildIssues)
            generableDefinitions.merge(schema.definitions) { current, _ in current }
            return schema.root
        case .reference(let name):
            referenced.insert(name)
            if queued.insert(name).inserted { unbuilt.append(name) }
            return .reference(name)
        }
    }
}
