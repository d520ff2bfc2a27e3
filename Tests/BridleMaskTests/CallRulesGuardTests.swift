import BridleGrammar
@testable import BridleMask
import BridleSchema
import BridleJSONSchema
import BridleTestSupport
import Testing

/// The value rules of each tool apply to its arguments inside text made of calls
/// (``ValueRules/calls(_:framing:)``), exactly: checked against every sentence of a small
/// grammar of one or two framed calls, each call judged by its tool's schema.
@Suite struct CallRulesGuardTests {
    static let framing = CallFraming(callStart: Array("<c>".utf8), nameEnd: Array("=".utf8))

    /// Tool `a` relates its properties and excludes one value; `c` wants distinct elements;
    /// `d` is an integer (it ends at the first byte of the call's end) excluding two values;
    /// `b` has no rules.
    static let tools: [String: GenerationSchema] = {
        func schema(_ json: String, excluding: [String] = []) -> GenerationSchema {
            do {
                let schema = try GenerationSchema(jsonSchema: GeneratedContent(json: json))
                return schema.excluding(try excluding.map { try GeneratedContent(json: $0) })
            } catch {
                preconditionFailure("tool schema: \(error)")
            }
        }
        return [
            "a": schema(#"{"type":"object","properties":{"x":{"type":"integer","minimum":0,"maximum":2},"y":{"type":"integer","minimum":0,"maximum":2}},"required":["x","y"],"additionalProperties":false,"x-bridle-relations":[{"property":"y","atLeast":"x"}]}"#, excluding: [#"{"y":2,"x":1}"#]),
            "b": schema(#"{"type":"string","pattern":"^[ab]?$"}"#),
            "c": schema(#"{"type":"array","items":{"enum":["p","q"]},"maxItems":2,"uniqueItems":true}"#),
            "d": schema(#"{"type":"integer","minimum":0,"maximum":12}"#, excluding: ["1", "10"]),
        ]
    }()

    /// The arguments' grammar is written out here (compact JSON), with the tools' names.
    static let gbnf = #"""
        root ::= call call?
        call ::= "<c>" ( "a=" a | "b=" b | "c=" c | "d=" d | "e=" d ) "</c>"
        a ::= "{\"x\":" [0-2] ",\"y\":" [0-2] "}"
        b ::= "\"" [ab]? "\""
        c ::= "[" ( item ( "," item )? )? "]"
        item ::= "\"p\"" | "\"q\""
        d ::= [0-9] | "1" [0-2]
        """#

    static func reference(_ tools: [String: GenerationSchema]) throws -> JudgedSentences {
        let rules = ValueRules.calls(try tools.mapValues { try $0.grammar().valueRules }, framing: framing)
        return try JudgedSentences(grammar: try Grammar(gbnf: gbnf), rules: rules) { sentence in
            // Calls are "<c>NAME=ARGS</c>"; a tool without a schema (`e`) takes any arguments.
            var rest = String(decoding: sentence, as: UTF8.self)[...]
            while !rest.isEmpty {
                guard rest.hasPrefix("<c>"), let equals = rest.firstIndex(of: "="), let end = rest.range(of: "</c>") else { return false }
                let name = String(rest[rest.index(rest.startIndex, offsetBy: 3)..<equals])
                let arguments = String(rest[rest.index(after: equals)..<end.lowerBound])
                if let schema = tools[name] {
                    guard let content = try? GeneratedContent(json: arguments), schema.violations(of: content).isEmpty else { return false }
                }
                rest = rest[end.upperBound...]
            }
            return true
        }
    }

    @Test func theMaskIsExactlyWhatSomeValidCallsAllow() throws {
        let reference = try Self.reference(Self.tools)
        #expect(reference.sentences.count < reference.total)
        #expect(reference.sentences.count > 100)
        let disagreements = try reference.maskDisagreements(vocabulary: MaskFixtures.vocabulary32k, positions: 40, seed: 2028)
        #expect(disagreements.isEmpty, "\(disagreements.prefix(3))")
    }

    /// A tool whose every argument value is excluded can't be called: the guard refuses its
    /// name's end (names owe a search when some tool excludes values at its root).
    @Test func aToolWithNothingLeftToWriteCannotBeCalled() throws {
        var tools = Self.tools
        tools["d"] = tools["d"]?.excluding((0...12).map { GeneratedContent(kind: .number(JSONNumber($0))) })
        let reference = try Self.reference(tools)
        #expect(!reference.sentences.contains { String(decoding: $0, as: UTF8.self).contains("d=") })
        let disagreements = try reference.maskDisagreements(vocabulary: MaskFixtures.vocabulary32k, positions: 30, seed: 2029)
        #expect(disagreements.isEmpty, "\(disagreements.prefix(3))")
    }

    @Test func noToolWithRulesCostsNothing() throws {
        let free = try GenerationSchema(jsonSchema: GeneratedContent(json: #"{"type":"string"}"#))
        let rules = ValueRules.calls(["b": try free.grammar().valueRules], framing: Self.framing)
        #expect(rules.isEmpty)
        #expect(ValueGuard(rules: rules) == nil)
    }

    /// The cursor finds each call's start however the text around it is split, and a start
    /// that begins inside a longer false start (`<<c>`).
    @Test(arguments: [
        ("<c>d=1</c>", false),
        ("x<<c>d=1</c>", false),
        ("<c>d=11</c><c>d=10", true),       // 10 is only excluded once it ends
        ("<c>d=11</c><c>d=10<", false),
        ("<c>e=10</c>", true),              // e has no rules
        (#"<c>a={"x":1,"y":2}"#, false),
        (#"<c>a= {"x" : 1 , "y" : 2 }"#, false),   // JSON layout doesn't hide it
        (#"<c>a={"x":1,"y":1}</c><c>c=["p","p"#, true),
        (#"<c>a={"x":1,"y":1}</c><c>c=["p","p""#, false),
    ])
    func theCursorReadsCallsAcrossTheirFraming(_ text: String, _ holds: Bool) throws {
        let rules = ValueRules.calls(try Self.tools.mapValues { try $0.grammar().valueRules }, framing: Self.framing)
        for split in [1, 2, 5] {
            var cursor = ValueCursor(rules: rules)
            let bytes = Array(text.utf8)
            var result = true
            for start in stride(from: 0, to: bytes.count, by: split) where result {
                result = cursor.read(bytes[start..<min(start + split, bytes.count)])
            }
            #expect(result == holds, "\(text) read \(split) bytes at a time")
        }
    }
}
