import Testing

@testable import BridleSchema

/// The validator judges `pattern` as the grammar does (ECMA-262 over scalars, an unanchored
/// search), where Swift's `Regex` would take Unicode digits for `\d` and grapheme clusters
/// for `.`.
@Suite("Pattern checks in the validator")
struct PatternCheckTests {
    static func schema(_ pattern: String, choices: [String]? = nil) -> GenerationSchema {
        GenerationSchema(root: .string(StringConstraints(choices: choices, pattern: pattern)))
    }

    @Test func judgesByECMA262() {
        #expect(Self.schema(#"^\d{3}$"#).conforms("123"))
        #expect(!Self.schema(#"^\d{3}$"#).conforms("١٢٣"))  // Arabic-Indic digits aren't \d
        #expect(!Self.schema(#"^\w+$"#).conforms("café"))
        #expect(Self.schema("^.$").conforms("e\u{301}") == false)  // two scalars, one grapheme
        #expect(Self.schema("^..$").conforms("e\u{301}"))
        #expect(!Self.schema("^abc$").conforms("ABC"))
    }

    @Test func searchesUnlessAnchored() {
        #expect(Self.schema("b").conforms("abc"))
        #expect(!Self.schema("^b").conforms("abc"))
    }

    @Test func failuresSayWhy() {
        #expect(Self.schema("^a$").violations(of: "b") == [Violation(path: "#", message: #""b" does not match the pattern ^a$"#)])
        let invalid = Self.schema("(unclosed").violations(of: "x")
        #expect(invalid.count == 1)
        #expect(invalid.first?.message.hasPrefix("the pattern (unclosed is not a valid regular expression: at offset 0, the group opened here is never closed") == true)
        let unsupported = Self.schema(#"(a)\1"#).violations(of: "aa")
        #expect(unsupported.first?.message.contains("can't be checked: at offset 3, backreference \\1 is not supported") == true)
        let huge = Self.schema("(?:a{1000}){1000}").violations(of: "a")
        #expect(huge.first?.message.contains("can't be checked within its work budget") == true)
    }

    @Test func schemaValidationUsesTheSameReading() {
        #expect(throws: GenerationSchemaError.self) { try Self.schema(#"(?<=a)b"#).validate() }
        #expect(throws: GenerationSchemaError.self) { try Self.schema(#"^\d$"#, choices: ["١"]).validate() }
        #expect(throws: Never.self) { try Self.schema(#"^\d$"#, choices: ["1", "2"]).validate() }
    }
}
