/// Why a tool call's arguments are wrong, in words the model can act on.
///
/// ```swift
/// throw ArgumentError("must be after the start date", at: "end")
/// // "end: must be after the start date"
/// ```
public struct ArgumentError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The argument at fault (a property name or JSON pointer), when there is one.
    public var path: String?
    public var message: String

    public init(_ message: String, at path: String? = nil) {
        self.message = message
        self.path = path
    }

    public var description: String {
        path.map { "\($0): \(message)" } ?? message
    }
}
