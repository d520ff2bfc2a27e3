import Testing

@testable import BridleSchema

/// The IRI, IDN, JSON pointer and URI template checks against accept/reject tables.
@Suite("identifier formats")
struct IdentifierFormatTests {
    /// (format, accepted, rejected).
    static let cases: [(StringFormat, [String], [String])] = [
        (.iri, ["http://ƒøø.ßår/?∂éœ=πîx#πîüx", "https://example.com/a"], ["/abc", "http://exa mple.com", "ht\u{E000}tp://x"]),
        (.iriReference, ["//ƒøø.ßår/?∂éœ=πîx#πîüx", "/abc", "#ƒrägmênt"], ["\\\\WINDOWS\\filëßåré", "http://a b"]),
        (.idnEmail, ["실례@실례.테스트", "joe@example.com"], ["2962", "a@", "@b"]),
        (.idnHostname, ["example.com", "xn.a1"], ["ab--c", "Example.com", "실례.테스트", "-a", "a_b"]),
        (.jsonPointer, ["", "/", "/foo/0", "/a~1b/m~0n", "/ é"], ["#", "a/b", "/~2", "/~"]),
        (.relativeJSONPointer, ["0", "1#", "0/foo/bar", "120/a"], ["", "-1", "01", "0##", "/foo", "1a"]),
        (.uriTemplate, ["http://example.com/dictionary/{term:1}/{term}", "{+path}/here", "{?x,y*}", "plain", "/a%20b"],
         ["http://example.com/dictionary/{term:1}/{term", "{}", "{x:0}", "{x:12345}", "a b", "{a..b}", "%zz"]),
    ]

    @Test(arguments: cases)
    func acceptsOnlyWellFormedText(_ format: StringFormat, _ accepted: [String], _ rejected: [String]) {
        for text in accepted { #expect(format.accepts(text), "\(format): \(text)") }
        for text in rejected { #expect(!format.accepts(text), "\(format): \(text)") }
    }
}
