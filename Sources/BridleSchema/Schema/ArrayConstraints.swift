/// What a JSON array may hold.
///
/// ```swift
/// ArrayConstraints(items: .string(), minimumCount: 4, maximumCount: 4)
/// // {"type":"array","items":{"type":"string"},"minItems":4,"maxItems":4}
/// ```
public struct ArrayConstraints: Sendable, Hashable {
    /// Leading elements with their own schemas (tuples).
    public var prefixItems: [SchemaNode]
    /// The schema of every element after `prefixItems`.
    public var items: SchemaNode
    public var minimumCount: Int
    public var maximumCount: Int?

    public init(prefixItems: [SchemaNode] = [], items: SchemaNode, minimumCount: Int = 0, maximumCount: Int? = nil) {
        self.prefixItems = prefixItems
        self.items = items
        self.minimumCount = minimumCount
        self.maximumCount = maximumCount
    }
}
