/// One HTTP request as ``OpenAIEndpoint`` reads it.
public struct EndpointRequest: Sendable, Hashable {
    public var method: String
    /// The path without its query.
    public var path: String
    /// The `Authorization` header.
    public var authorization: String?
    public var body: String

    public init(method: String, path: String, authorization: String? = nil, body: String = "") {
        self.method = method
        self.path = path
        self.authorization = authorization
        self.body = body
    }

    func expect(_ method: String) throws(EndpointError) {
        guard self.method == method else {
            throw EndpointError(status: 405, type: "invalid_request_error", message: "\(path) answers \(method), not \(self.method)")
        }
    }
}
