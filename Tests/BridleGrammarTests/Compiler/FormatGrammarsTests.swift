import BridleSchema
import Testing

@testable import BridleGrammar

/// The format grammars (email, hostname, ipv4, ipv6, uri, uri-reference, duration, regex,
/// and the IRI, IDN, JSON pointer and URI template ones): every
/// seeded sample passes the validator's RFC checks, and hand-picked invalid texts are refused.
@Suite("Format grammars")
struct FormatGrammarsTests {
    static let cases: [(StringFormat, [String], [String])] = [
        (.email, ["joe.bloggs@example.com", "a@b"], ["joe", "@x.com", "a..b@x.com", "a@-x.com"]),
        (.hostname, ["example.com", "a-b.c1"], ["-a.com", "a..b", "a_b.com", "a.", String(repeating: "a", count: 64)]),
        (.ipv4, ["0.0.0.0", "192.168.10.255"], ["256.1.1.1", "01.1.1.1", "1.1.1"]),
        (.ipv6, ["::", "::1", "fe80::1:2", "1:2:3:4:5:6:7:8", "::ffff:1.2.3.4"], ["1::2::3", "1:2:3:4:5:6:7:8:9", "12345::"]),
        (.uri, ["https://example.com/a/b?c=d#e", "ftp://1.2.3.4:21/", "http://[::1]/"], ["example.com", "/a", "http://a b/"]),
        (.uriReference, ["/a/b", "a/b?c", "https://x.y/", "/"], ["a b", "http://x/%zz", ":a"]),
        (.duration, ["P1Y2M3DT4H5M6S", "PT5M", "P2W", "P3D"], ["P", "PT", "P1Y2D", "P1W1D", "PT1H2S"]),
        (.regex, [#"^[a-z]+\\d{1,3}$"#, "(?:ab|c)*", "a|b"], ["(", "[z-a]", "a{2,1}", "*a"]),
        (.iri, ["https://example.com/a/b?c=d#e", "http://[::1]/"], ["example.com", "/a", "http://a b/"]),
        (.iriReference, ["/a/b", "a/b?c", "https://x.y/"], ["a b", "http://x/%zz", ":a"]),
        (.idnEmail, ["joe.bloggs@example.com", "a@b"], ["joe", "@x.com", "a..b@x.com"]),
        (.idnHostname, ["example.com", "a-b.c1", "xn"], ["-a.com", "a..b", "ab--c.com", "Example.com", "a_b"]),
        (.jsonPointer, ["", "/a/b~0~1", "/", "//"], ["a", "/a~2", "/~"]),
        (.relativeJSONPointer, ["0", "1#", "12/a/b", "0/"], ["", "01", "-1", "1a", "#"]),
        (.uriTemplate, ["http://x/{id}", "/a{?q,r*}{#frag:3}", "plain"], ["{", "{}", "a}b", "{a b}", "{x:0}", "a b"]),
    ]

    @Test(arguments: cases)
    func grammarWritesOnlyValidValues(_ format: StringFormat, _ valid: [String], _ invalid: [String]) throws {
        let schema = GenerationSchema(root: .string(StringConstraints(format: format)))
        let compiled = try schema.grammar()
        #expect(compiled.postChecks.isEmpty)
        for text in valid {
            #expect(try GrammarMatcher.matches(compiled.grammar, "\"\(text)\""), "\(format): should accept \(text)")
            #expect(schema.conforms(try GeneratedContent(json: "\"\(text)\"")), "\(format): the validator should accept \(text)")
        }
        for text in invalid {
            #expect(try !GrammarMatcher.matches(compiled.grammar, GeneratedContent(text).jsonString), "\(format): should reject \(text)")
            #expect(!schema.conforms(GeneratedContent(text)), "\(format): the validator should reject \(text)")
        }
        let generator = try SentenceGenerator(compiled.grammar)
        for seed in UInt64(0)..<300 {
            let text = generator.sample(seed: seed)
            let content = try GeneratedContent(json: text)
            #expect(schema.conforms(content), "\(format) seed \(seed): \(text)")
        }
    }
}
