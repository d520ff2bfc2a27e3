/// Why a ``JSONSchemaEvaluator`` could not judge a value: the JSON pointer of the schema
/// keyword at fault and what to do.
///
/// ```swift
/// try JSONSchemaEvaluator(document: #"{"$ref":"https://example.com/s.json"}"#).violations(of: 1)
/// // error: #/$ref: https://example.com/s.json is outside this document; inline it under $defs
/// ```
public struct JSONSchemaEvaluationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An RFC 6901 pointer into the schema document, as a URI fragment.
    public var pointer: String
    public var message: String

    public init(pointer: String, message: String) {
        self.pointer = pointer
        self.message = message
    }

    public var description: String { "\(pointer): \(message)" }
}
