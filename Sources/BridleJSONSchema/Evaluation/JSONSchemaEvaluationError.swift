import BridleSchema

/// Why a ``JSONSchemaEvaluator`` could not judge a value: the JSON pointer of the schema
/// keyword at fault and what to do.
///
/// ```swift
/// try JSONSchemaEvaluator(document: #"{"$ref":"https://example.com/s.json"}"#).violations(of: 1)
/// // error: #/$ref: https://example.com/s.json is outside this document; inline it under $defs
/// ```
public struct JSONSchemaEvaluationError: SchemaIssuesError, Hashable {
    /// An RFC 6901 pointer into the schema document, as a URI fragment.
    public var pointer: String
    public var message: String
    /// Whether the evaluator's ``JSONSchemaEvaluator/Budget`` ran out (the schema may be
    /// decidable with a larger one), rather than the schema being beyond what it decides.
    public var isBudgetExhausted: Bool

    public init(pointer: String, message: String, isBudgetExhausted: Bool = false) {
        self.pointer = pointer
        self.message = message
        self.isBudgetExhausted = isBudgetExhausted
    }

    public var description: String { "\(pointer): \(message)" }
}

extension JSONSchemaEvaluationError {
    public var issues: [SchemaIssue] { [SchemaIssue(path: pointer, message: message)] }
}
