/// What a JSON object may hold: named properties in declaration order, and what other
/// keys may appear.
///
/// ```swift
/// ObjectShape(properties: [SchemaProperty(name: "count", node: .integer(), isOptional: true)])
/// // {"type":"object","properties":{"count":{"type":"integer"}},"additionalProperties":false}
/// ```
public struct ObjectShape: Sendable, Hashable {
    /// In declaration order: the order a grammar emits them in.
    public var properties: [SchemaProperty]
    /// The schema of keys not in `properties`; `nil` means no other keys are allowed.
    /// A `[String: V]` dictionary is an object with no properties and `V` here.
    /// Keys that match a ``patternProperties`` entry are judged by it instead.
    public var additionalProperties: SchemaNode?
    /// Schemas for keys matching patterns (`patternProperties`). A key that matches several
    /// patterns must satisfy each; a named property that matches one must satisfy both.
    public var patternProperties: [PatternProperty]
    /// A schema every key, as a JSON string, must conform to (`propertyNames`).
    public var propertyNames: SchemaNode?
    /// Bounds on the number of keys present (`minProperties`, `maxProperties`).
    public var minimumCount: Int
    public var maximumCount: Int?
    /// When the key is present, these keys must be too (`dependentRequired`).
    public var dependentRequired: [String: [String]]
    /// When the key is present, the whole object must also conform to the schema
    /// (`dependentSchemas`).
    public var dependentSchemas: [String: SchemaNode]
    /// Rules between two properties' values (Bridle's relation guides, `x-bridle-relations` in
    /// JSON Schema): each compares a property with an earlier one.
    public var relations: [PropertyRelation]

    public init(
        properties: [SchemaProperty] = [], additionalProperties: SchemaNode? = nil,
        patternProperties: [PatternProperty] = [], propertyNames: SchemaNode? = nil,
        minimumCount: Int = 0, maximumCount: Int? = nil,
        dependentRequired: [String: [String]] = [:], dependentSchemas: [String: SchemaNode] = [:],
        relations: [PropertyRelation] = []
    ) {
        self.relations = relations
        self.properties = properties
        self.additionalProperties = additionalProperties
        self.patternProperties = patternProperties
        self.propertyNames = propertyNames
        self.minimumCount = minimumCount
        self.maximumCount = maximumCount
        self.dependentRequired = dependentRequired
        self.dependentSchemas = dependentSchemas
    }
}
