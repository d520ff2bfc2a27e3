import BridleSchema

/// Why a schema can't become a grammar: where (a JSON pointer into the schema) and what to
/// do about it.
///
/// ```swift
/// try schema.grammar()
/// // error: #/properties/a: oneOf alternatives that overlap cannot be enforced by a grammar; …
/// ```
public struct GrammarCompileError: SchemaIssuesError, Hashable {
    /// A JSON pointer into the schema's JSON Schema form (`#/properties/due`).
    public var pointer: String
    public var message: String
    /// The ``GrammarOptions`` budget the schema exceeded (`maximumCompileWork`,
    /// `maximumNestingDepth`, …); nil when the schema itself is at fault.
    public var limit: String?

    public init(pointer: String, message: String, limit: String? = nil) {
        self.pointer = pointer
        self.message = message
        self.limit = limit
    }

    public var description: String { "\(pointer): \(message)" }
}

extension GrammarCompileError {
    public var issues: [SchemaIssue] { [SchemaIssue(path: pointer, message: message)] }
}
