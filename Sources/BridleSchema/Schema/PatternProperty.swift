/// One `patternProperties` entry of an ``ObjectShape``: every key the pattern matches
/// (anywhere in the key, as JSON Schema's unanchored patterns do) must have a value that
/// conforms to `node`.
///
/// ```swift
/// PatternProperty(pattern: "^x-", node: .string())
/// // "patternProperties": {"^x-": {"type": "string"}}
/// ```
public struct PatternProperty: Sendable, Hashable {
    /// An ECMA-262 regular expression, searched for in each key.
    public var pattern: String
    /// The schema of the values of matching keys.
    public var node: SchemaNode

    public init(pattern: String, node: SchemaNode) {
        self.pattern = pattern
        self.node = node
    }
}
