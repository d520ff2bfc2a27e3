/// Why one attempt at one endpoint failed, as ``ServerError/allEndpointsFailed(_:)`` lists them.
public struct EndpointFailure: Sendable, Hashable, CustomStringConvertible {
    /// The endpoint's base URL.
    public var endpoint: String
    public var reason: String

    public init(endpoint: String, reason: String) {
        self.endpoint = endpoint
        self.reason = reason
    }

    public var description: String { "\(endpoint): \(reason)" }
}
