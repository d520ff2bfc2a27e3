/// A schema assembled at run time, in FoundationModels' shape; turn it into a
/// ``GenerationSchema`` with ``GenerationSchema/init(root:dependencies:)``.
///
/// ```swift
/// let person = DynamicGenerationSchema(name: "Person", properties: [
///     .init(name: "name", schema: DynamicGenerationSchema(type: String.self)),
///     .init(name: "friends", schema: DynamicGenerationSchema(arrayOf: DynamicGenerationSchema(referenceTo: "Person"))),
/// ])
/// try GenerationSchema(root: person, dependencies: [])
/// // {"$ref":"#/$defs/Person","$defs":{"Person":{…"friends":{"items":{"$ref":"#/$defs/Person"}}}}}
/// ```
public struct DynamicGenerationSchema: Sendable {
    indirect enum Body: Sendable {
        case object(name: String, description: String?, properties: [Property])
        case stringChoices(name: String, description: String?, choices: [String])
        case anyOf(name: String, description: String?, choices: [DynamicGenerationSchema])
        case array(item: DynamicGenerationSchema, minimumCount: Int?, maximumCount: Int?)
        case value(GenerationSchema)
        case reference(String)
    }

    let body: Body

    /// An object with `properties` in order.
    public init(name: String, description: String? = nil, properties: [Property]) {
        body = .object(name: name, description: description, properties: properties)
    }

    /// A value that matches any one of `choices`.
    public init(name: String, description: String? = nil, anyOf choices: [DynamicGenerationSchema]) {
        body = .anyOf(name: name, description: description, choices: choices)
    }

    /// A string that is one of `choices`.
    public init(name: String, description: String? = nil, anyOf choices: [String]) {
        body = .stringChoices(name: name, description: description, choices: choices)
    }

    /// An array of `itemSchema` values, optionally with bounds on its count.
    public init(arrayOf itemSchema: DynamicGenerationSchema, minimumElements: Int? = nil, maximumElements: Int? = nil) {
        body = .array(item: itemSchema, minimumCount: minimumElements, maximumCount: maximumElements)
    }

    /// A value of a generable type, narrowed by `guides`.
    public init<Value: Generable>(type: Value.Type, guides: [GenerationGuide<Value>] = []) {
        var schema = Value.generationSchema
        schema.root = schema.root.applying(
            guides.flatMap(\.constraints), path: SchemaResolution.simpleName(of: Value.self), issues: &schema.buildIssues)
        body = .value(schema)
    }

    /// The named schema `name`, given as the root or one of the dependencies.
    public init(referenceTo name: String) {
        body = .reference(name)
    }

    /// The name of a named schema (objects and choices), used by references.
    var name: String? {
        switch body {
        case .object(let name, _, _), .stringChoices(let name, _, _), .anyOf(let name, _, _): return name
        case .array, .value, .reference: return nil
        }
    }
}

extension DynamicGenerationSchema {
    /// One property of a dynamic object schema.
    public struct Property: Sendable {
        public let name: String
        public let description: String?
        public let schema: DynamicGenerationSchema
        /// Whether the key may be missing.
        public let isOptional: Bool

        public init(name: String, description: String? = nil, schema: DynamicGenerationSchema, isOptional: Bool = false) {
            self.name = name
            self.description = description
            self.schema = schema
            self.isOptional = isOptional
        }
    }
}
