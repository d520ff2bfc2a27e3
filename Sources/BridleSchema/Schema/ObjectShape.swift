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
    public var additionalProperties: SchemaNode?

    public init(properties: [SchemaProperty] = [], additionalProperties: SchemaNode? = nil) {
        self.properties = properties
        self.additionalProperties = additionalProperties
    }
}
