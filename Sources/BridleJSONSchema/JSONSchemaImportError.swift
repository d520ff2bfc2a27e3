import BridleSchema

/// Why a JSON Schema document can't become a ``GenerationSchema``: the JSON pointer of the
/// offending schema, the keyword, and what to do.
///
/// ```swift
/// try GenerationSchema(jsonSchema: #"{"type":"string","format":"email"}"#)
/// // error: #/format: the format "email" is not supported (supported: date, date-time, time, uuid); …
/// ```
public struct JSONSchemaImportError: SchemaIssuesError, Hashable {
    /// An RFC 6901 pointer into the document, as a URI fragment (`#/properties/due/format`).
    public var pointer: String
    /// The keyword at fault, when there is one.
    public var keyword: String?
    public var message: String
    /// The ``SchemaLimits`` property that was exceeded (`"maximumDepth"`, …), when reading
    /// stopped on a work budget rather than on something the document says.
    public var limit: String?
    /// The pointer of a schema this error shows to admit no value at all (`false`, a
    /// contradiction; a required property's schema makes its object so too): where absence
    /// is allowed (an anyOf branch, an optional property) the reader leaves that schema out.
    /// ``pointer`` keeps naming the cause.
    var noInstanceAt: String?

    /// Whether this says that the schema at `pointer` itself has no instance (an error
    /// from deeper down does not: its parent may do without that part).
    func isNoInstance(at pointer: String) -> Bool { noInstanceAt == pointer }

    /// This error, also saying that the schema at `pointer` has no instance.
    func withNoInstance(at pointer: String) -> JSONSchemaImportError {
        var error = self
        error.noInstanceAt = pointer
        return error
    }

    public init(pointer: String, keyword: String? = nil, message: String, limit: String? = nil) {
        self.pointer = pointer
        self.keyword = keyword
        self.message = message
        self.limit = limit
    }

    public var description: String { "\(pointer): \(message)" }

    /// A budget of ``SchemaLimits`` ran out at `pointer`.
    static func limit(_ name: String, _ value: Int, at pointer: String, _ what: String) -> JSONSchemaImportError {
        JSONSchemaImportError(
            pointer: pointer,
            message: "\(what) exceeds the limit \(name) = \(value); simplify the schema or raise SchemaLimits.\(name)",
            limit: name)
    }
}

extension JSONSchemaImportError {
    public var issues: [SchemaIssue] { [SchemaIssue(path: pointer, message: message)] }
}
