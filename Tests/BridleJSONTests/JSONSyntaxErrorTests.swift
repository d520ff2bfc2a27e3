import Testing
@testable import BridleJSON

@Suite("JSONSyntaxError")
struct JSONSyntaxErrorTests {
    private func error(_ json: String) -> JSONSyntaxError? {
        do {
            _ = try GeneratedContent(json: json)
            return nil
        } catch {
            return error
        }
    }

    @Test("renders the line with a caret under the problem")
    func caret() {
        #expect(error(#"{"a": 1 "b": 2}"#)?.description == """
            error: expected ',' or '}' after object member
             --> 1:9
            1 | {"a": 1 "b": 2}
              |         ^
            """)
    }

    @Test("the gutter widens with the line number")
    func wideGutter() {
        let json = "[\n" + String(repeating: "1,\n", count: 10) + "1 2]"
        #expect(error(json)?.description == """
            error: expected ',' or ']' after array element
              --> 12:3
            12 | 1 2]
               |   ^
            """)
    }

    @Test("tabs in the line are copied into the caret's indentation")
    func tabs() {
        #expect(error("{\n\t\"a\" 1}")?.description == """
            error: expected ':' after object key
             --> 2:6
            2 | \t"a" 1}
              | \t    ^
            """)
    }

    @Test("columns count characters, not bytes")
    func nonASCIIColumns() {
        let failure = error(#"{"日本🎉": x}"#)
        #expect(failure?.column == 9)
        #expect(failure?.offset == 15)
        #expect(failure?.description.hasSuffix("1 | {\"日本🎉\": x}\n  |         ^") == true)
    }

    @Test("an error at the end of input points just past the text")
    func endOfInput() {
        #expect(error("[1,")?.description == """
            error: unexpected end of input; expected a JSON value
             --> 1:4
            1 | [1,
              |    ^
            """)
    }

    @Test("CRLF line breaks are not shown as part of the line")
    func crlf() {
        let failure = error("[1,\r\n2 3]")
        #expect(failure?.line == 2)
        #expect(failure?.column == 3)
        #expect(failure?.sourceLine == "2 3]")
    }

    @Test("control characters are shown as visible symbols")
    func controlCharacters() {
        let failure = error("\"a\u{1}b\"")
        #expect(failure?.column == 3)
        #expect(failure?.sourceLine == "\"a\u{2401}b\"")
    }

    @Test("long lines are cut to a window around the problem")
    func longLines() throws {
        let elements = (0..<2000).map(String.init)
        let json = "[" + elements[..<1000].joined(separator: ",") + " x," + elements[1000...].joined(separator: ",") + "]"
        let failure = try #require(error(json))
        #expect(failure.line == 1)
        #expect(failure.sourceLine.count < 140)
        #expect(failure.sourceLine.hasPrefix("..."))
        #expect(failure.sourceLine.hasSuffix("..."))
        // The caret still sits under the offending character.
        let lines = failure.description.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let source = Array(lines[2].dropFirst("1 | ".count))
        let caret = try #require(lines[3].dropFirst("  | ".count).firstIndex(of: "^"))
        let caretColumn = lines[3].dropFirst("  | ".count).distance(from: lines[3].dropFirst("  | ".count).startIndex, to: caret)
        #expect(source[caretColumn] == "x")
        #expect(failure.column == json.distance(from: json.startIndex, to: try #require(json.firstIndex(of: "x"))) + 1)
    }

    @Test("a window never starts inside a multi-byte character")
    func windowOnCharacterBoundary() throws {
        let json = "[\"" + String(repeating: "é", count: 100) + "\" x]"
        let failure = try #require(error(json))
        #expect(!failure.sourceLine.contains("\u{FFFD}"))
        #expect(failure.column == 105)
    }

    @Test("offset is the byte offset")
    func offset() {
        #expect(error("[\"é\" 1]")?.offset == 6)
    }
}
