/// Why a JSON document could not be parsed, and where.
///
/// `description` renders the failing line with a caret under the problem, so the error can be
/// shown to a person (or fed back to a model) as is:
///
/// ```swift
/// do {
///     _ = try GeneratedContent(json: #"{"a": 1 "b": 2}"#)
/// } catch {
///     print(error)
///     // error: expected ',' or '}' after object member
///     //  --> 1:9
///     // 1 | {"a": 1 "b": 2}
///     //   |         ^
/// }
/// ```
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The zero-based offset of the problem in the input's UTF-8 bytes.
    public let offset: Int
    /// The one-based line of the problem; lines are separated by `\n` (a `\r` before it is
    /// treated as part of the line break).
    public let line: Int
    /// The one-based column of the problem, counted in `Character`s (grapheme clusters) from
    /// the start of the line, so it matches what an editor shows for non-ASCII text; use
    /// `offset` for an exact byte position.
    public let column: Int
    /// What is wrong, in a short phrase such as `expected ':' after object key`.
    public let message: String
    /// The text of the failing line as shown in `description`: long lines are cut to a window
    /// around the problem, and control characters are shown as visible symbols.
    public let sourceLine: String
    /// Where the caret goes in `sourceLine`, in `Character`s from its start.
    package let caretPosition: Int

    public init(offset: Int, line: Int, column: Int, message: String, sourceLine: String) {
        self.offset = offset
        self.line = line
        self.column = column
        self.message = message
        self.sourceLine = sourceLine
        self.caretPosition = column - 1
    }

    public var description: String {
        SourceExcerpt.render(message: message, line: line, column: column, sourceLine: sourceLine, caretPosition: caretPosition)
    }

    /// Long single-line documents (minified JSON) would otherwise print megabytes of context.
    private static let windowRadius = 60

    package init(failure: JSONParseFailure, source bytes: UnsafeBufferPointer<UInt8>) {
        let offset = min(max(failure.offset, 0), bytes.count)
        var line = 1
        var lineStart = 0
        for position in 0..<offset where bytes[position] == UInt8(ascii: "\n") {
            line += 1
            lineStart = position + 1
        }
        var lineEnd = offset
        while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") {
            lineEnd += 1
        }
        if lineEnd - 1 > offset, bytes[lineEnd - 1] == UInt8(ascii: "\r") {
            lineEnd -= 1
        }
        let column = String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<offset]), as: UTF8.self).count + 1

        var windowStart = lineStart
        var windowEnd = lineEnd
        var prefix = ""
        var suffix = ""
        if offset - lineStart > Self.windowRadius {
            windowStart = offset - Self.windowRadius
            // Don't start in the middle of a multi-byte character.
            while windowStart < offset, bytes[windowStart] & 0xC0 == 0x80 { windowStart += 1 }
            prefix = "..."
        }
        if lineEnd - offset > Self.windowRadius {
            windowEnd = offset + Self.windowRadius
            while windowEnd < lineEnd, bytes[windowEnd] & 0xC0 == 0x80 { windowEnd += 1 }
            suffix = "..."
        }
        let before = SourceExcerpt.visible(String(decoding: UnsafeBufferPointer(rebasing: bytes[windowStart..<offset]), as: UTF8.self).unicodeScalars)
        let after = SourceExcerpt.visible(String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<windowEnd]), as: UTF8.self).unicodeScalars)

        self.offset = offset
        self.line = line
        self.column = column
        self.message = failure.message
        self.sourceLine = prefix + before + after + suffix
        self.caretPosition = prefix.count + before.count
    }
}
