/// Joins a response's token bytes into text. Tokens may split a UTF-8 character, so text is
/// only read where every character is complete.
///
/// ```swift
/// var text = ResponseText()
/// text.append([0xC3])        // first byte of "é"
/// text.completeText          // ""
/// text.append([0xA9])
/// text.completeText          // "é"
/// ```
public struct ResponseText: Sendable, Hashable {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public mutating func append(_ piece: [UInt8]) {
        bytes.append(contentsOf: piece)
    }

    /// The text, or `nil` if the bytes are not valid UTF-8 (even allowing for a character that
    /// is still being written at the end).
    public var text: String? {
        String(validating: bytes, as: UTF8.self)
    }

    /// The longest prefix made of whole characters, for showing progress; invalid bytes become
    /// U+FFFD.
    public var completeText: String {
        String(decoding: bytes[..<completeLength], as: UTF8.self)
    }

    /// The text for error messages: always a string, invalid bytes replaced.
    public var lossyText: String {
        String(decoding: bytes, as: UTF8.self)
    }

    private var completeLength: Int {
        // A character that is still arriving starts at one of the last three bytes.
        var index = bytes.count
        var continuation = 0
        while index > 0, continuation < 3, bytes[index - 1] & 0xC0 == 0x80 {
            index -= 1
            continuation += 1
        }
        guard index > 0 else { return bytes.count }
        let lead = bytes[index - 1]
        let expected = lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : lead >= 0xC0 ? 1 : 0
        return expected > continuation ? index - 1 : bytes.count
    }
}
