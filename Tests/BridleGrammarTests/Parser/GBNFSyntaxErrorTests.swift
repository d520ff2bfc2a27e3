import Testing
import BridleGrammar

@Suite("GBNFSyntaxError")
struct GBNFSyntaxErrorTests {
    private func error(_ gbnf: String) -> GBNFSyntaxError? {
        do {
            _ = try Grammar(gbnf: gbnf)
            return nil
        } catch {
            return error
        }
    }

    @Test("renders the line with a caret under the problem")
    func caret() {
        #expect(error("root ::= value\n\nvalue = \"x\"\n")?.description == """
            error: expected '::=' after the rule name
             --> 3:7
            3 | value = "x"
              |       ^
            """)
    }

    @Test("the gutter widens with the line number")
    func wideGutter() {
        let gbnf = (0..<11).map { "r\($0) ::= \"a\"\n" }.joined() + "b ::= \"b\" )"
        #expect(error(gbnf)?.description == """
            error: unexpected ')': there is no '(' for it to close
              --> 12:11
            12 | b ::= "b" )
               |           ^
            """)
    }

    @Test("tabs in the line are copied into the caret's indentation")
    func tabs() {
        #expect(error("root ::=\t\"a\"\t@")?.description == "error: unexpected '@' in the rule body\n --> 1:14\n1 | root ::=\t\"a\"\t@\n  |         \t   \t^")
    }

    @Test("columns count characters, so the caret lines up after non-ASCII text")
    func nonASCII() {
        let found = error("root ::= \"日本😀\" )")
        #expect(found?.column == 16)
        #expect(found?.offset == "root ::= \"日本😀\" ".utf8.count)
        #expect(found?.description == """
            error: unexpected ')': there is no '(' for it to close
             --> 1:16
            1 | root ::= "日本😀" )
              |                ^
            """)
    }

    @Test("control characters in the line are shown as symbols")
    func controls() {
        let found = error("root ::= \"a\u{1}\" \u{7F}")
        #expect(found?.sourceLine == "root ::= \"a\u{2401}\" \u{2421}")
        #expect(found?.message == "unexpected '\\x7F' in the rule body")
    }

    @Test("a CRLF line ending is not part of the line; a lone CR ends a line too")
    func lineEndings() {
        let crlf = error("root ::= \"a\"\r\nb = \"c\"\r\n")
        #expect(crlf?.line == 2)
        #expect(crlf?.column == 3)
        #expect(crlf?.sourceLine == "b = \"c\"")
        let cr = error("root ::= \"a\"\rb = \"c\"\r")
        #expect(cr?.line == 2)
        #expect(cr?.sourceLine == "b = \"c\"")
    }

    @Test("long lines are cut to a window around the problem")
    func window() {
        let long = "root ::= " + String(repeating: "\"a\" ", count: 40) + ")" + String(repeating: " \"b\"", count: 40)
        let found = error(long)
        #expect(found?.column == 170)
        #expect(found?.sourceLine.hasPrefix("...") == true)
        #expect(found?.sourceLine.hasSuffix("...") == true)
        #expect(found?.description.hasSuffix(String(repeating: " ", count: 63) + "^") == true)
    }

    @Test("an error at the end of the text points just past the last character")
    func atEnd() {
        let found = error("root ::= (\"a\"")
        #expect(found?.line == 1)
        #expect(found?.column == 14)
        #expect(found?.sourceLine == "root ::= (\"a\"")
    }

    @Test("errors are values: equal when everything matches")
    func equality() {
        #expect(error("root = 1") == error("root = 1"))
        #expect(error("root = 1") != error("root = 2 "))
        let made = GBNFSyntaxError(offset: 5, line: 1, column: 6, message: "m", sourceLine: "root = 1")
        #expect(made.description == "error: m\n --> 1:6\n1 | root = 1\n  |      ^")
    }
}
