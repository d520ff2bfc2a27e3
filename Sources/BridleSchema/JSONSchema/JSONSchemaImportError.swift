/// Why a JSON Schema document can't become a ``GenerationSchema``: the JSON pointer of the
/// offending schema, the keyword, and what to do.
///
/// ```swift
/// try GenerationSchema(jsonSchema: #"{"type":"string","format":"email"}"#)
/// // error: #/format: the format "email" is not supported (supported: date, date-time, time, uuid); …
/// ```
public struct JSONSchemaImportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An RFC 6901 pointer into the document, as a URI fragment (`#/properties/due/format`).
    public var pointer: String
    /// The keyword at fault, when there is one.
    public var keyword: String?
    public var message: String

    public init(pointer: String, keyword: String? = nil, message: String) {
        self.pointer = pointer
        self.keyword = keyword
        self.message = message
    }

    public var description: String { "\(pointer): \(message)" }
}
