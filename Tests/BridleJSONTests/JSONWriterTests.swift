import Testing
@testable import BridleJSON

@Suite("JSONWriter")
struct JSONWriterTests {
    @Test("escapes only what JSON requires", arguments: [
        ("plain", #""plain""#),
        ("a\"b", #""a\"b""#),
        ("back\\slash", #""back\\slash""#),
        ("\u{8}\u{C}\n\r\t", #""\b\f\n\r\t""#),
        ("\u{0}\u{1F}\u{1}\u{1B}", #""\u0000\u001f\u0001\u001b""#),
        ("/", #""/""#),
        ("é😀日本", #""é😀日本""#),
        ("\u{7F}\u{2028}\u{FEFF}", "\"\u{7F}\u{2028}\u{FEFF}\""),
        ("", #""""#),
    ])
    func escaping(string: String, json: String) throws {
        #expect(GeneratedContent(string).jsonString == json)
        #expect(try GeneratedContent(json: json) == GeneratedContent(string))
    }

    @Test("keys are escaped like strings")
    func keys() {
        let content = GeneratedContent(properties: [("a\"\n", 1)])
        #expect(content.jsonString == #"{"a\"\n":1}"#)
        #expect(content.jsonString(prettyPrinted: true) == "{\n  \"a\\\"\\n\": 1\n}")
    }

    @Test("scalars print the same compact and pretty", arguments: [
        GeneratedContent.null, true, false, 0, -12, 1.5, "s", [], [:],
    ])
    func scalars(content: GeneratedContent) {
        #expect(content.jsonString(prettyPrinted: true) == content.jsonString)
    }

    @Test("pretty output nests arrays in objects in arrays")
    func prettyNesting() {
        let content: GeneratedContent = [["a": [1, ["b": nil]]], []]
        #expect(content.jsonString(prettyPrinted: true) == """
            [
              {
                "a": [
                  1,
                  {
                    "b": null
                  }
                ]
              },
              []
            ]
            """)
    }

    @Test("quoted helper matches string output")
    func quoted() {
        #expect(JSONWriter.quoted("x\"y") == #""x\"y""#)
    }
}
