import BridleSchema

/// Why GBNF text could not be parsed, and where.
///
/// `description` renders the failing line with a caret under the problem, so the error can be
/// shown to a person as is:
///
/// ```swift
/// do {
///     _ = try Grammar(gbnf: "root ::= value\n\nvalue = \"x\"\n")
/// } catch {
///     print(error)
///     // error: expected '::=' after the rule name
///     //  --> 3:7
///     // 3 | value = "x"
///     //   |       ^
/// }
/// ```
public struct GBNFSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The zero-based offset of the problem in the text's UTF-8 bytes.
    public let offset: Int
    /// The one-based line of the problem. `\n`, `\r\n` and a lone `\r` each end a line, as
    /// they do for llama.cpp.
    public let line: Int
    /// The one-based column of the problem, counted in `Character`s from the start of the
    /// line, so it matches what an editor shows for non-ASCII text.
    public let column: Int
    /// What is wrong, in a short phrase such as `expected '::=' after the rule name`.
    public let message: String
    /// The failing line as shown in `description`: long lines are cut to a window around the
    /// problem, and control characters are shown as visible symbols.
    public let sourceLine: String
    /// Where the caret goes in `sourceLine`, in `Character`s from its start.
    let caretPosition: Int

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

    /// Printed grammars put a whole rule on one line, which can be very long.
    private static let windowRadius = 60

    /// The error for `message` at scalar `index` of `scalars`.
    init(message: String, at index: Int, in scalars: [Unicode.Scalar]) {
        let index = min(max(index, 0), scalars.count)
        var line = 1
        var lineStart = 0
        var position = 0
        while position < index {
            let scalar = scalars[position]
            if scalar == "\n" || (scalar == "\r" && (position + 1 >= scalars.count || scalars[position + 1] != "\n")) {
                line += 1
                lineStart = position + 1
            }
            position += 1
        }
        var lineEnd = index
        while lineEnd < scalars.count, scalars[lineEnd] != "\n", scalars[lineEnd] != "\r" {
            lineEnd += 1
        }

        var windowStart = lineStart
        var windowEnd = lineEnd
        var prefix = ""
        var suffix = ""
        if index - lineStart > Self.windowRadius {
            windowStart = index - Self.windowRadius
            prefix = "..."
        }
        if lineEnd - index > Self.windowRadius {
            windowEnd = index + Self.windowRadius
            suffix = "..."
        }
        let before = SourceExcerpt.visible(scalars[windowStart..<index])
        let after = SourceExcerpt.visible(scalars[index..<windowEnd])

        self.offset = scalars[..<index].reduce(0) { $0 + UTF8.width($1) }
        self.line = line
        self.column = Self.string(scalars[lineStart..<index]).count + 1
        self.message = message
        self.sourceLine = prefix + before + after + suffix
        self.caretPosition = prefix.count + before.count
    }

    private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }
}
