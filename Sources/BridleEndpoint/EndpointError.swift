import BridleJSON

/// Why the endpoint refused or failed a request, in OpenAI's error shape:
///
/// ```json
/// {"error":{"message":"messages[1].role: expected one of system, developer, user, assistant, tool","type":"invalid_request_error","param":"messages[1].role","code":null}}
/// ```
///
/// `param` points into the request (a field path, and for a JSON Schema the keyword's JSON
/// pointer after `#`), so a client sees where to look and what to change.
public struct EndpointError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The HTTP status the response carries.
    public let status: Int
    /// OpenAI's error `type`: `invalid_request_error`, `authentication_error`,
    /// `not_found_error`, `rate_limit_error` or `server_error`.
    public let type: String
    public let message: String
    /// Where in the request the problem is, when it is in one field.
    public let parameter: String?
    /// A stable identifier for programs: `context_length_exceeded`, `schema_not_compiled`, …
    public let code: String?
    /// Seconds a client should wait before trying again (429 and 503 only).
    public let retryAfterSeconds: Int?

    public init(status: Int, type: String, message: String, parameter: String? = nil, code: String? = nil, retryAfterSeconds: Int? = nil) {
        self.status = status
        self.type = type
        self.message = message
        self.parameter = parameter
        self.code = code
        self.retryAfterSeconds = retryAfterSeconds
    }

    /// A malformed or unsupported request: 400, pointing at `parameter`.
    public static func invalidRequest(_ message: String, parameter: String? = nil, code: String? = nil) -> EndpointError {
        EndpointError(status: 400, type: "invalid_request_error", message: message, parameter: parameter, code: code)
    }

    public var description: String { parameter.map { "\($0): \(message)" } ?? message }

    /// The response body.
    public var body: GeneratedContent {
        [
            "error": [
                "message": GeneratedContent(message),
                "type": GeneratedContent(type),
                "param": parameter.map { GeneratedContent($0) } ?? .null,
                "code": code.map { GeneratedContent($0) } ?? .null,
            ]
        ]
    }
}
