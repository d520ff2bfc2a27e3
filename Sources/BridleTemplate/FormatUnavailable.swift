/// Why a template's native format could not be derived, for people: "arguments are not
/// written as JSON", "the template raised: …".
///
/// ```swift
/// if case .failure(let why) = formats.toolCalls { print(why.reason) }
/// ```
public struct FormatUnavailable: Error, Sendable, Hashable, CustomStringConvertible {
    public var reason: String
    /// The template refused the probe (raised), rather than rendering it some other way.
    var refused = false

    public init(reason: String) {
        self.reason = reason
    }

    init(reason: String, refused: Bool) {
        self.reason = reason
        self.refused = refused
    }

    public var description: String { reason }
}
