extension GenerationSchema {
    /// One stored property of a generable struct: its JSON key, description, type and
    /// guides.
    ///
    /// The value type's schema is read lazily, when the enclosing schema is built, so a
    /// type may contain itself.
    ///
    /// ```swift
    /// GenerationSchema.Property(name: "count", description: "How many", type: Int?.self, guides: [.range(1...10)])
    /// // "count": {"type":"integer","description":"How many","minimum":1,"maximum":10} (not required)
    /// ```
    public struct Property: Sendable {
        /// The JSON key.
        public let name: String
        public let description: String?
        /// Whether the key may be missing (`Optional` properties).
        public let isOptional: Bool
        let valueSchema: @Sendable () -> GenerationSchema
        let constraints: [GuideConstraint]

        // Disfavoured so that `type: Int?.self` picks the optional-property overload below.
        @_disfavoredOverload
        public init<Value: Generable>(
            name: String, description: String? = nil, type: Value.Type, guides: [GenerationGuide<Value>] = []
        ) {
            self.name = name
            self.description = description
            self.isOptional = false
            self.valueSchema = { Value.generationSchema }
            self.constraints = guides.flatMap(\.constraints)
        }

        public init<Value: Generable>(
            name: String, description: String? = nil, type: Value?.Type, guides: [GenerationGuide<Value>] = []
        ) {
            self.name = name
            self.description = description
            self.isOptional = true
            self.valueSchema = { Value.generationSchema }
            self.constraints = guides.flatMap(\.constraints)
        }

        /// A string property that must match each of `guides`. Only regex *literals* inside
        /// `@Guide` can be read back as patterns; see ``GenerationGuide/pattern(_:)-(Regex<Output>)``.
        public init<RegexOutput>(
            name: String, description: String? = nil, type: String.Type, guides: [Regex<RegexOutput>] = []
        ) {
            self.name = name
            self.description = description
            self.isOptional = false
            self.valueSchema = { String.generationSchema }
            self.constraints = guides.map { _ in .runtimeRegex }
        }

        /// The property as it appears in the enclosing object, with its guides applied, and
        /// the relations its guides state to earlier properties (the object's to hold).
        func resolve(in schema: inout GenerationSchema, path: String) -> (SchemaProperty, [PropertyRelation]) {
            let value = valueSchema()
            schema.absorb(value)
            var relations: [PropertyRelation] = []
            var own: [GuideConstraint] = []
            for constraint in constraints {
                if case .relation(let comparison, let other) = constraint {
                    relations.append(PropertyRelation(property: name, comparison: comparison, other: other))
                } else {
                    own.append(constraint)
                }
            }
            let node = value.root.applying(own, path: path, issues: &schema.buildIssues)
            return (SchemaProperty(name: name, node: node.describing(description), isOptional: isOptional), relations)
        }
    }
}
