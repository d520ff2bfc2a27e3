/// One reason a schema can't be used: where it is and what to do about it.
///
/// ```swift
/// SchemaIssue(path: "Arguments.count", message: "minimum 10 is above maximum 1")
/// // Arguments.count: minimum 10 is above maximum 1
/// ```
public struct SchemaIssue: Sendable, Hashable, CustomStringConvertible {
    /// The property path (`Type.property.nested`) or JSON pointer of the problem.
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
