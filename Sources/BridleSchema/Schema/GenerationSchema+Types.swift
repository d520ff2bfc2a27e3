extension GenerationSchema {
    /// The schema of a struct: an object with `properties` in order.
    public init(type: any Generable.Type, description: String? = nil, properties: [Property]) {
        self = SchemaResolution.named(type, description: description) {
            var schema = GenerationSchema(root: .any)
            schema.root = .object(Self.shape(of: properties, owner: type, into: &schema))
            return schema
        }
    }

    /// The schema of a simple enum: one of `choices` (its cases' names or raw values).
    ///
    /// With `choiceDescriptions` (Bridle's `@Guide` or doc comments on enum cases) each
    /// choice becomes its own `const` alternative carrying its description.
    public init(
        type: any Generable.Type, description: String? = nil, anyOf choices: [String],
        choiceDescriptions: [String: String] = [:]
    ) {
        self = SchemaResolution.named(type, description: description) {
            let root: SchemaNode =
                choiceDescriptions.isEmpty
                ? .string(StringConstraints(choices: choices))
                : SchemaNode(.anyOf(choices.map { choice in
                    SchemaNode(.string(StringConstraints(choices: [choice])), description: choiceDescriptions[choice])
                }))
            var schema = GenerationSchema(root: root)
            if choices.isEmpty {
                schema.buildIssues.append(SchemaIssue(
                    path: SchemaResolution.simpleName(of: type),
                    message: "has no choices; give it at least one case"))
            }
            return schema
        }
    }

    /// The schema of a type that is any one of `types`.
    public init(type: any Generable.Type, description: String? = nil, anyOf types: [any Generable.Type]) {
        self = SchemaResolution.named(type, description: description) {
            var schema = GenerationSchema(root: .any)
            var alternatives: [SchemaNode] = []
            for member in types {
                let nested = member.generationSchema
                schema.absorb(nested)
                alternatives.append(nested.root)
            }
            schema.root = SchemaNode(.anyOf(alternatives))
            return schema
        }
    }

    /// The schema of an enum whose raw values are not strings (`enum Level: Int`): one of
    /// `values`.
    public init(type: any Generable.Type, description: String? = nil, values: [GeneratedContent]) {
        self = SchemaResolution.named(type, description: description) {
            GenerationSchema(root: SchemaNode(.enumeration(values)))
        }
    }

    /// The schema of an enum with associated values, in Swift's synthesized `Codable` shape:
    /// each case is an object with the case name as its only key.
    public init(type: any Generable.Type, description: String? = nil, cases: [EnumCase]) {
        self = SchemaResolution.named(type, description: description) {
            var schema = GenerationSchema(root: .any)
            let typeName = SchemaResolution.simpleName(of: type)
            let alternatives = cases.map { enumCase -> SchemaNode in
                let payload = Self.shape(
                    of: enumCase.associatedValues, owner: type, pathPrefix: "\(typeName).\(enumCase.name)", into: &schema)
                let wrapper = ObjectShape(properties: [
                    SchemaProperty(name: enumCase.name, node: SchemaNode(.object(payload)))
                ])
                return SchemaNode(.object(wrapper), description: enumCase.description)
            }
            schema.root = SchemaNode(.anyOf(alternatives))
            if cases.isEmpty {
                schema.buildIssues.append(SchemaIssue(path: typeName, message: "has no cases; give it at least one"))
            }
            return schema
        }
    }

    private static func shape(
        of properties: [Property], owner: any Generable.Type, pathPrefix: String? = nil, into schema: inout GenerationSchema
    ) -> ObjectShape {
        let prefix = pathPrefix ?? SchemaResolution.simpleName(of: owner)
        var seen: Set<String> = []
        var resolved: [SchemaProperty] = []
        var relations: [PropertyRelation] = []
        for property in properties {
            let path = "\(prefix).\(property.name)"
            if !seen.insert(property.name).inserted {
                schema.buildIssues.append(SchemaIssue(
                    path: path, message: "the key \"\(property.name)\" appears twice; give each property its own key"))
                continue
            }
            let (property, stated) = property.resolve(in: &schema, path: path)
            resolved.append(property)
            relations += stated
        }
        return ObjectShape(properties: resolved, relations: relations)
    }
}
