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
    /// No two elements may be equal as JSON values (`uniqueItems`): `1` and `1.0` are equal,
    /// and so are objects whose keys differ only in order. A grammar cannot express this;
    /// the compiled grammar declares it as a post-check.
    public var uniqueItems: Bool
    /// A schema that between ``minimumContains`` and ``maximumContains`` elements match
    /// (`contains`, `minContains`, `maxContains`).
    public var contains: SchemaNode?
    /// How many elements must match ``contains`` (1 when `minContains` is absent).
    public var minimumContains: Int
    public var maximumContains: Int?

    public init(
        prefixItems: [SchemaNode] = [], items: SchemaNode, minimumCount: Int = 0, maximumCount: Int? = nil,
        uniqueItems: Bool = false, contains: SchemaNode? = nil, minimumContains: Int = 1, maximumContains: Int? = nil
    ) {
        self.prefixItems = prefixItems
        self.items = items
        self.minimumCount = minimumCount
        self.maximumCount = maximumCount
        self.uniqueItems = uniqueItems
        self.contains = contains
        self.minimumContains = minimumContains
        self.maximumContains = maximumContains
    }
}
