/// Why generated text is not calls in a ``ToolCallFormat``, and where: the UTF-8 byte offset
/// in the text and what was expected there.
///
/// ```swift
/// do { _ = try format.parse(text) } catch {
///     print(error)   // at byte 41: expected "\n</tool_call>" after the arguments of "get_weather"
/// }
/// ```
public struct ToolCallParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Zero-based UTF-8 byte offset in the parsed text.
    public var offset: Int
    /// What was expected, in a phrase: `expected "]" after the last call`.
    public var message: String

    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }

    public var description: String { "at byte \(offset): \(message)" }
}
