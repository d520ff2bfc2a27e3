/// How Bridle's parse errors (JSON, GBNF) show where they failed: the line, and a caret
/// under the column.
///
/// ```swift
/// SourceExcerpt.render(message: "expected ':'", line: 1, column: 5, sourceLine: #"{"a" 1}"#, caretPosition: 4)
/// // error: expected ':'
/// //  --> 1:5
/// // 1 | {"a" 1}
/// //   |     ^
/// ```
package enum SourceExcerpt {
    package static func render(message: String, line: Int, column: Int, sourceLine: String, caretPosition: Int) -> String {
        let number = String(line)
        let gutter = String(repeating: " ", count: number.count)
        // Copy tabs into the caret's indentation so it lines up however wide they render.
        let indentation = String(sourceLine.prefix(caretPosition).map { $0 == "\t" ? "\t" : " " })
        return """
            error: \(message)
            \(gutter)--> \(line):\(column)
            \(number) | \(sourceLine)
            \(gutter) | \(indentation)^
            """
    }

    /// Raw control characters would corrupt a terminal (and are often the very error being
    /// reported), so they show as Unicode control pictures: U+0001 becomes "␁".
    package static func visible(_ scalars: some Sequence<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        for scalar in scalars {
            if scalar.value < 0x20, scalar != "\t", let picture = Unicode.Scalar(0x2400 + scalar.value) {
                view.append(picture)
            } else if scalar.value == 0x7F {
                view.append("\u{2421}")
            } else {
                view.append(scalar)
            }
        }
        return String(view)
    }
}
