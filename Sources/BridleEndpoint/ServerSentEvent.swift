/// One event of a streamed response.
public enum ServerSentEvent: Sendable, Hashable {
    /// An event's data: a chunk's JSON, or `[DONE]`.
    case data(String)
    /// A comment line, which clients skip: sent while an answer is silent (a long prompt being
    /// read), so a client that hung up is noticed at this write, not only at the next token.
    case heartbeat

    /// The event as it is written on the wire.
    public var text: String {
        switch self {
        case .data(let data): "data: \(data)\n\n"
        case .heartbeat: ": waiting\n\n"
        }
    }
}
