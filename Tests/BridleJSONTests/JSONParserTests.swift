import Testing
@testable import BridleJSON

@Suite("JSONParser")
struct JSONParserTests {
    private func parse(_ json: String) throws(JSONSyntaxError) -> GeneratedContent {
        try GeneratedContent(json: json)
    }

    @Test("accepts valid documents", arguments: [
        (#"{"b":1,"a":2}"#, #"{"b":1,"a":2}"#),
        (" \t\n\r[ 1 , 2 ]\n ", "[1,2]"),
        (#""\u00e9\ud83d\ude00""#, #""é😀""#),
        (#""\/""#, #""/""#),
        ("-0", "-0"),
        ("1.50E+02", "1.50E+02"),
        ("1e999999", "1e999999"),
        ("[]", "[]"),
        ("{}", "{}"),
        ("[[],{}]", "[[],{}]"),
        (#"{"a":{"b":{}}}"#, #"{"a":{"b":{}}}"#),
        ("true", "true"),
        ("false", "false"),
        ("null", "null"),
        (#""\u0000""#, #""\u0000""#),
        ("\u{FEFF}[1]", "[1]"),
        (#"{"":""}"#, #"{"":""}"#),
        (#"[0,-1,0.5,1e-7,10E+2]"#, #"[0,-1,0.5,1e-7,10E+2]"#),
    ])
    func accepts(json: String, compact: String) throws {
        #expect(try parse(json).jsonString == compact)
    }

    struct Rejection: CustomTestStringConvertible, Sendable {
        var json: String
        var line: Int
        var column: Int
        var message: String
        var testDescription: String { json.debugDescription }
    }

    @Test("rejects invalid documents at the right place", arguments: [
        Rejection(json: #"{"a": 1 "b": 2}"#, line: 1, column: 9, message: "expected ',' or '}' after object member"),
        Rejection(json: "[1, 2,]", line: 1, column: 6, message: "trailing comma before ']'"),
        Rejection(json: #"{"a": 1,}"#, line: 1, column: 8, message: "trailing comma before '}'"),
        Rejection(json: "// c\n1", line: 1, column: 1, message: "comments are not allowed"),
        Rejection(json: "[1, /* c */ 2]", line: 1, column: 5, message: "comments are not allowed"),
        Rejection(json: "01", line: 1, column: 1, message: "leading zeros"),
        Rejection(json: "[-01]", line: 1, column: 3, message: "leading zeros"),
        Rejection(json: "+1", line: 1, column: 1, message: "may not start with '+'"),
        Rejection(json: ".5", line: 1, column: 1, message: "write 0.5"),
        Rejection(json: "1.", line: 1, column: 3, message: "expected a digit after the decimal point"),
        Rejection(json: "1.e5", line: 1, column: 3, message: "expected a digit after the decimal point"),
        Rejection(json: "1e", line: 1, column: 3, message: "expected a digit in the exponent"),
        Rejection(json: "[1e+]", line: 1, column: 5, message: "expected a digit in the exponent"),
        Rejection(json: "-", line: 1, column: 2, message: "expected a digit after '-'"),
        Rejection(json: "-x", line: 1, column: 2, message: "expected a digit after '-'"),
        Rejection(json: "NaN", line: 1, column: 1, message: "NaN is not valid JSON"),
        Rejection(json: "[Infinity]", line: 1, column: 2, message: "Infinity is not valid JSON"),
        Rejection(json: "-Infinity", line: 1, column: 1, message: "-Infinity is not valid JSON"),
        Rejection(json: #""\x""#, line: 1, column: 2, message: "invalid escape sequence"),
        Rejection(json: #""\'""#, line: 1, column: 2, message: "invalid escape sequence"),
        Rejection(json: #""\u12""#, line: 1, column: 2, message: "four hexadecimal digits"),
        Rejection(json: #""\u00e9\uZZZZ""#, line: 1, column: 8, message: "four hexadecimal digits"),
        Rejection(json: #""\uD800""#, line: 1, column: 2, message: "lone high surrogate \\uD800"),
        Rejection(json: #""\uD800\u0041""#, line: 1, column: 2, message: "lone high surrogate"),
        Rejection(json: #""\uD800\uD800""#, line: 1, column: 2, message: "lone high surrogate"),
        Rejection(json: #""\uDC00""#, line: 1, column: 2, message: "lone low surrogate \\uDC00"),
        Rejection(json: "\"a\nb\"", line: 1, column: 3, message: "unescaped control character U+000A in string; write it as \\n"),
        Rejection(json: "\"tab\there\"", line: 1, column: 5, message: "write it as \\t"),
        Rejection(json: "\"\u{1}\"", line: 1, column: 2, message: "write it as \\u0001"),
        Rejection(json: #"{"a": 1, "a": 2}"#, line: 1, column: 10, message: #"duplicate key "a""#),
        Rejection(json: "", line: 1, column: 1, message: "unexpected end of input; expected a JSON value"),
        Rejection(json: "   ", line: 1, column: 4, message: "unexpected end of input"),
        Rejection(json: "[1, 2", line: 1, column: 6, message: "unexpected end of input; expected ',' or ']'"),
        Rejection(json: "[1,", line: 1, column: 4, message: "unexpected end of input; expected a JSON value"),
        Rejection(json: #"{"a""#, line: 1, column: 5, message: "unexpected end of input; expected ':'"),
        Rejection(json: #"{"a" 1}"#, line: 1, column: 6, message: "expected ':' after object key"),
        Rejection(json: #"{"a":1"#, line: 1, column: 7, message: "unexpected end of input; expected ',' or '}'"),
        Rejection(json: "{a: 1}", line: 1, column: 2, message: "expected a double-quoted object key"),
        Rejection(json: "{'a': 1}", line: 1, column: 2, message: "JSON strings use double quotes"),
        Rejection(json: "'a'", line: 1, column: 1, message: "double quotes, not single quotes"),
        Rejection(json: "tru", line: 1, column: 1, message: "invalid literal; expected 'true'"),
        Rejection(json: "nul", line: 1, column: 1, message: "expected 'null'"),
        Rejection(json: "True", line: 1, column: 1, message: "JSON literals are lowercase"),
        Rejection(json: "1 2", line: 1, column: 3, message: "after the JSON value"),
        Rejection(json: "[1]]", line: 1, column: 4, message: "unexpected ']' after the JSON value"),
        Rejection(json: "0x10", line: 1, column: 2, message: "unexpected 'x' after the JSON value"),
        Rejection(json: #""abc"#, line: 1, column: 1, message: "unterminated string"),
        Rejection(json: "[1,\n 2,\n ]", line: 2, column: 3, message: "trailing comma"),
        Rejection(json: "{\n  \"a\": 1\n  \"b\": 2\n}", line: 3, column: 3, message: "expected ',' or '}'"),
        Rejection(json: "[1 2]", line: 1, column: 4, message: "expected ',' or ']' after array element"),
        Rejection(json: #"{"a":}"#, line: 1, column: 6, message: "unexpected '}'; expected a JSON value"),
        Rejection(json: "[,1]", line: 1, column: 2, message: "unexpected ','; expected a JSON value"),
        Rejection(json: #"{"é": x}"#, line: 1, column: 7, message: "unexpected 'x'"),
        Rejection(json: "[\u{7}]", line: 1, column: 2, message: "character U+0007"),
        Rejection(json: "[é]", line: 1, column: 2, message: "character 'é' (U+00E9)"),
    ])
    func rejects(rejection: Rejection) {
        do {
            let content = try parse(rejection.json)
            Issue.record("parsed as \(content.jsonString)")
        } catch {
            #expect(error.line == rejection.line)
            #expect(error.column == rejection.column)
            #expect(error.message.contains(rejection.message), "\(error.message)")
        }
    }

    @Test("string escapes decode to the right text", arguments: [
        (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{C}\n\r\t"),
        (#""\u0041""#, "A"),
        (#""\u00E9""#, "é"),
        (#""\uD83D\uDE00""#, "😀"),
        (#""\ud83d\ude00""#, "😀"),
        (#""\uDBFF\uDFFF""#, "\u{10FFFF}"),
        (#""\uD800\uDC00""#, "\u{10000}"),
        (#""a\u0000b""#, "a\u{0}b"),
        (#""日本 🎉""#, "日本 🎉"),
        (#""e\u0301""#, "e\u{301}"),
        (#""mixed \"run\" 😀 \u2028 end""#, "mixed \"run\" 😀 \u{2028} end"),
    ])
    func stringEscapes(json: String, expected: String) throws {
        #expect(try parse(json) == GeneratedContent(expected))
    }

    @Test("duplicate keys are rejected in nested objects, naming the key")
    func duplicateKeys() {
        let error = #expect(throws: JSONSyntaxError.self) {
            try parse("{\"outer\": {\"k\\u00e9y\": 1, \"kéy\": 2}}")
        }
        #expect(error?.message == #"duplicate key "kéy" in object; each key may appear only once"#)
        // The same key in sibling objects is fine.
        #expect((try? parse(#"[{"a":1},{"a":2}]"#)) != nil)
    }

    @Test("nesting up to the depth limit parses", arguments: ["[", "{\"k\":"])
    func depthLimitAllowed(opener: String) throws {
        let closer = opener == "[" ? "]" : "}"
        let depth = JSONParser.maximumDepth
        let json = String(repeating: opener, count: depth) + "0" + String(repeating: closer, count: depth)
        #expect(try parse(json).jsonString == json)
    }

    @Test("nesting beyond the depth limit is an error, not a crash", arguments: [513, 100_000])
    func depthLimitExceeded(depth: Int) {
        let json = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let error = #expect(throws: JSONSyntaxError.self) { try parse(json) }
        #expect(error?.offset == JSONParser.maximumDepth)
        #expect(error?.message.contains("limit of 512") == true)
    }

    @Test("empty containers count towards the depth limit")
    func depthLimitEmptyContainer() {
        let json = String(repeating: "[", count: 512) + "{}" + String(repeating: "]", count: 512)
        #expect(throws: JSONSyntaxError.self) { try parse(json) }
    }

    @Test("number text is kept exactly")
    func numberText() throws {
        let content = try parse("[1.50, 1E+2, -0.0, 123456789012345678901234567890]")
        let texts = try content.elements().compactMap { element -> String? in
            if case .number(let number) = element.kind { return number.text }
            return nil
        }
        #expect(texts == ["1.50", "1E+2", "-0.0", "123456789012345678901234567890"])
    }
}
