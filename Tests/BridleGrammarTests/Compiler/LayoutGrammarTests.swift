import BridleJSONSchema
import BridleSchema
import Testing

@testable import BridleGrammar

/// Every layout is sound: what the grammar samples parses, conforms, matches, stays within the
/// maximum length and has exactly the whitespace the layout allows; the text Bridle writes for
/// a value in a layout is a sentence of that layout's grammar.
@Suite("JSON layouts")
struct LayoutGrammarTests {
    /// Shapes that reach every place the compiler writes punctuation: objects with required and
    /// optional members, arrays with and without prefix items, dictionaries, values of any shape,
    /// counted objects, nested containers.
    static let schemas: [String] = [
        #"{"type":"object","properties":{"a":{"type":"integer"},"b":{"type":"array","items":{"type":"string","maxLength":3},"maxItems":3},"c":{"type":"boolean"}},"required":["a"]}"#,
        #"{"type":"array","prefixItems":[{"type":"integer"},{"type":"string","maxLength":2}],"items":{"type":"number"},"maxItems":4}"#,
        #"{"type":"object","additionalProperties":{"type":"integer","minimum":0,"maximum":9}}"#,
        #"{"type":"object","properties":{"any":{}},"required":["any"]}"#,
        #"{"type":"object","properties":{"x":{"type":"integer"},"y":{"type":"integer"},"z":{"type":"integer"}},"minProperties":1,"maxProperties":2}"#,
        #"{"type":"object","properties":{"rows":{"type":"array","items":{"type":"object","properties":{"k":{"enum":["p","q"]},"v":{"type":"array","items":{"type":"integer"},"maxItems":2}},"required":["k","v"]},"maxItems":3}},"required":["rows"]}"#,
        #"{"type":"object","patternProperties":{"^[a-z]{2}$":{"type":"boolean"}},"maxProperties":1}"#,
    ]

    static func options(_ layout: JSONLayout) -> GrammarOptions {
        var options = GrammarOptions()
        options.layout = layout
        options.maximumStringLength = 4
        options.maximumArrayCount = 3
        options.maximumDictionaryCount = 3
        options.maximumKeyLength = 3
        return options
    }

    @Test("samples of every layout parse, conform, match and stay within the maximum length", arguments: JSONLayout.allCases)
    func samplesAreSound(layout: JSONLayout) throws {
        for text in Self.schemas {
            let schema = try GenerationSchema(jsonSchema: text)
            let compiled = try schema.grammar(options: Self.options(layout))
            let generator = try SentenceGenerator(compiled.grammar)
            for seed in 0..<60 {
                let sample = generator.sample(seed: UInt64(seed))
                let content = try GeneratedContent(json: sample)
                #expect(schema.conforms(content), "\(layout) sample \(sample) of \(text)")
                #expect(sample.unicodeScalars.count <= compiled.maximumLength)
                #expect(try GrammarMatcher.matches(compiled.grammar, sample))
                switch layout {
                case .compact, .spaced:
                    // Strings may be escaped differently; what lies between them must be alike.
                    let written = schema.canonicalText(of: content, layout: layout)
                    #expect(Self.skeleton(sample) == Self.skeleton(written), "\(layout) sample \(sample) is not laid out as Bridle writes it: \(written)")
                case .flexible:
                    for run in Self.whitespaceOutsideStrings(sample) {
                        #expect(run == " " || (run.first == "\n" && run.dropFirst().allSatisfy { $0 == " " } && run.count <= 1 + JSONLayout.flexibleIndentLimit), "whitespace \(run.debugDescription) in \(sample)")
                    }
                }
            }
        }
    }

    @Test("the text Bridle writes in a layout is a sentence of that layout's grammar", arguments: JSONLayout.allCases)
    func writtenTextMatches(layout: JSONLayout) throws {
        for text in Self.schemas {
            let schema = try GenerationSchema(jsonSchema: text)
            // Values from the compact grammar, written again in `layout`.
            let compact = try SentenceGenerator(try schema.grammar(options: Self.options(.compact)).grammar)
            let grammar = try schema.grammar(options: Self.options(layout)).grammar
            for seed in 0..<30 {
                let content = try GeneratedContent(json: compact.sample(seed: UInt64(seed)))
                let written = schema.canonicalText(of: content, layout: layout)
                #expect(try GrammarMatcher.matches(grammar, written), "\(layout) grammar refuses \(written)")
            }
        }
    }

    @Test("each layout admits its own whitespace and refuses the others'", arguments: [
        (JSONLayout.compact, #"{"a":1,"b":["x","y"]}"#, true),
        (.compact, #"{"a": 1,"b":["x","y"]}"#, false),
        (.compact, #"{"a":1, "b":["x","y"]}"#, false),
        (.spaced, #"{"a": 1, "b": ["x", "y"]}"#, true),
        (.spaced, #"{"a":1, "b": ["x", "y"]}"#, false),
        (.spaced, #"{"a": 1, "b": ["x","y"]}"#, false),
        (.spaced, #"{ "a": 1, "b": ["x", "y"] }"#, false),
        (.flexible, #"{"a":1,"b":["x","y"]}"#, true),
        (.flexible, #"{"a": 1, "b": ["x", "y"]}"#, true),
        (.flexible, "{\n  \"a\": 1,\n  \"b\": [\n    \"x\",\n    \"y\"\n  ]\n}", true),
        (.flexible, #"{"a":  1,"b":["x","y"]}"#, false),
        (.flexible, #"{"a" : 1,"b":["x","y"]}"#, false),
        (.flexible, "{\"a\":\n1,\"b\":[\"x\",\"y\"]}", false),
        (.flexible, "{\n" + String(repeating: " ", count: JSONLayout.flexibleIndentLimit + 1) + #""a":1,"b":["x","y"]}"#, false),
    ])
    func whitespace(layout: JSONLayout, text: String, admitted: Bool) throws {
        let schema = try GenerationSchema(jsonSchema: #"{"type":"object","properties":{"a":{"type":"integer"},"b":{"type":"array","items":{"type":"string"}}},"required":["a","b"]}"#)
        var options = GrammarOptions()
        options.layout = layout
        #expect(try GrammarMatcher.matches(schema.grammar(options: options).grammar, text) == admitted)
    }

    @Test("the compact layout prints the grammar with no whitespace literal; spaced puts the space into the key's literal")
    func printedPunctuation() throws {
        let schema = try GenerationSchema(jsonSchema: #"{"type":"object","properties":{"a":{"type":"integer","minimum":0,"maximum":9},"b":{"type":"boolean"}},"required":["a","b"]}"#)
        var options = GrammarOptions()
        options.layout = .compact
        #expect(try schema.grammar(options: options).gbnf.contains(#""{\"a\":" integer-0-9 ",\"b\":" boolean "}""#))
        options.layout = .spaced
        #expect(try schema.grammar(options: options).gbnf.contains(#""{\"a\": " integer-0-9 ", \"b\": " boolean "}""#))
    }

    @Test("the default layout is spaced, and the text Bridle writes for a grammar follows it")
    func defaultLayout() throws {
        #expect(GrammarOptions().layout == .spaced)
        let schema = try GenerationSchema(jsonSchema: #"{"type":"object","properties":{"a":{"type":"array","items":{"type":"integer"}}}}"#)
        #expect(schema.canonicalText(of: try GeneratedContent(json: #"{"a":[1,2]}"#)) == #"{"a": [1, 2]}"#)
    }

    /// `text` with every string literal emptied: its punctuation, numbers and whitespace.
    static func skeleton(_ text: String) -> String {
        var result = ""
        var inString = false
        var escaped = false
        for character in text {
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" {
                    inString = false
                    result.append(character)
                }
                continue
            }
            result.append(character)
            if character == "\"" { inString = true }
        }
        return result
    }

    /// The runs of whitespace between JSON tokens of `text`.
    static func whitespaceOutsideStrings(_ text: String) -> [String] {
        skeleton(text).split(whereSeparator: { $0 != " " && $0 != "\n" }).map(String.init)
    }
}
