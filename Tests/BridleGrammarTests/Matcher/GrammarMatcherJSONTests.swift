import Testing
@testable import BridleGrammar

private typealias F = MatchFixtures

@Suite("GrammarMatcher: JSON")
struct GrammarMatcherJSONTests {
    @Test("accepts JSON documents", arguments: [
        "0", "-0", "12", "-3.25", "1e10", "1E+2", "2.5e-3", "true", "false", "null",
        #""""#, #""abc""#, #""\"\\\/\b\f\n\r\t""#, #""\u00e9\uD83D\uDE00""#, #""日本 😀 \u2028""#,
        "[]", "[ ]", "[1,2,3]", " [ 1 , [ 2 , [ ] ] ] ", "{}", "{ }", #"{"a":1}"#,
        #"{"a": {"b": [true, false, null]}, "c": "d"}"#,
        "\n\t{\r\n  \"key\" : [ -1.5e+10 , \"x\" ]\n}\n",
    ])
    func accepts(json: String) throws {
        #expect(try MatchOutcome(F.json, json) == .sentence)
    }

    @Test("rejects invalid JSON at the first impossible byte", arguments: [
        (#"{"a": 1,}"#, 8),
        ("01", 1),
        ("-a", 1),
        ("1.e5", 2),
        ("+1", 0),
        (".5", 0),
        (#""a\qb""#, 3),
        (#""\u12G4""#, 5),
        ("\"a\u{1}\"", 2),
        ("\"a\nb\"", 2),
        ("trux", 3),
        ("True", 0),
        (#"{"a" 1}"#, 5),
        (#"{a: 1}"#, 1),
        ("[1 2]", 3),
        ("[]]", 2),
        ("[1,]", 3),
        ("{\"a\":1}}", 7),
        ("nul1", 3),
        ("[1] [2]", 4),
    ] as [(String, Int)])
    func rejects(json: String, offset: Int) throws {
        #expect(try MatchOutcome(F.json, json) == .rejected(at: offset))
    }

    @Test("unfinished documents are prefixes", arguments: [
        "", " ", "[", "[1,", #"{"a""#, #"{"a":"#, #""abc"#, #""\"#, #""\u00"#, "tru", "-", "1.", "1e", "1e+", "[[[[",
    ])
    func prefixes(json: String) throws {
        var matcher = try GrammarMatcher(F.json)
        #expect(MatchOutcome(&matcher, json) == .prefix)
        #expect(matcher.canContinue)
    }

    @Test("numbers can be complete and still continue")
    func numberCompleteAndContinues() throws {
        var matcher = try GrammarMatcher(F.json)
        let rejectedAt = matcher.accept(bytes: "12".utf8)
        #expect(rejectedAt == nil)
        #expect(matcher.isComplete)
        #expect(matcher.canContinue)
        #expect(matcher.allows(UInt8(ascii: "3")))
        #expect(matcher.allows(UInt8(ascii: ".")))
        #expect(matcher.allows(UInt8(ascii: " ")))
        #expect(!matcher.allows(UInt8(ascii: ",")))
    }

    @Test("a long, deeply nested document")
    func longDocument() throws {
        var text = "["
        for index in 0..<300 {
            if index > 0 { text += "," }
            text += #"{"id": \#(index), "tags": ["a", "b\n\u00e9"], "deep": [[[{"x": [\#(index).5e-1]}]]], "ok": true}"#
        }
        text += "]"
        text = String(repeating: "[", count: 200) + text + String(repeating: "]", count: 200)
        #expect(try MatchOutcome(F.json, text) == .sentence)
    }

    @Test("memory follows nesting, not length")
    func memoryIsBounded() throws {
        var matcher = try GrammarMatcher(F.json)
        #expect(MatchOutcome(&matcher, "[") == .prefix)
        for _ in 0..<2_000 {
            #expect(MatchOutcome(&matcher, #"{"k": "some text", "n": [1, 2.5]}, "#) == .prefix)
        }
        #expect(matcher.retainedSetCount < 20)

        var nested = try GrammarMatcher(F.json)
        #expect(MatchOutcome(&nested, String(repeating: "[", count: 100)) == .prefix)
        #expect(nested.retainedSetCount >= 100)
        #expect(MatchOutcome(&nested, String(repeating: "]", count: 100)) == .sentence)
        #expect(nested.retainedSetCount < 10)
    }
}
