/// Where an answer breaks its schema, and how: a JSON pointer into the answer and a message.
/// An answer has violations; a schema has issues (``SchemaIssue``).
///
/// ```swift
/// schema.violations(of: try GeneratedContent(json: #"{"count": 12}"#))
/// // [#/count: 12 is above the maximum 10]
/// ```
public struct Violation: Sendable, Hashable, CustomStringConvertible {
    /// The JSON pointer of the offending value in the answer (`#/items/2`).
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
