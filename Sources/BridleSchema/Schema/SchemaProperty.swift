/// One named property of an ``ObjectShape``.
public struct SchemaProperty: Sendable, Hashable {
    /// The JSON key (a `CodingKeys` raw value when the type declares one).
    public var name: String
    public var node: SchemaNode
    /// Optional properties may be missing (Swift decodes them with `decodeIfPresent`).
    public var isOptional: Bool

    public init(name: String, node: SchemaNode, isOptional: Bool = false) {
        self.name = name
        self.node = node
        self.isOptional = isOptional
    }
}
