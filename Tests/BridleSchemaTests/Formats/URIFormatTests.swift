import Testing

@testable import BridleSchema

/// RFC 3986 URI and URI-reference checks against accept/reject tables.
@Suite("uri formats")
struct URIFormatTests {
    static let uris = [
        "http://foo.bar/?baz=qux#quux", "https://example.com", "ftp://ftp.is.co.za/rfc/rfc1808.txt", "mailto:John.Doe@example.com",
        "urn:oasis:names:specification:docbook:dtd:xml:4.1.2", "http://[2001:db8::7]/c=GB?objectClass?one", "tel:+1-816-555-1212",
        "http://user:pass@host:8080/p%20q", "file:///etc/hosts", "a:", "http://[v1.x]/",
    ]
    static let references = ["/abc", "abc/def", "", "?q", "#f", "//example.com/x", "../a/b", "a@b"]
    static let neither = ["http://exa mple.com", "http://example.com/%zz", "\\\\WINDOWS\\fileshare", "http://[::1/", "http://a:b:c/", "1http://x", ":a", "ht^tp://x", "http://example.com/ü"]

    @Test func uris() {
        for text in Self.uris {
            #expect(URIFormat.isValidURI(text), "\(text)")
            #expect(URIFormat.isValidReference(text), "\(text)")
        }
        for text in Self.references {
            #expect(!URIFormat.isValidURI(text), "\(text)")
            #expect(URIFormat.isValidReference(text), "\(text)")
        }
        for text in Self.neither {
            #expect(!URIFormat.isValidURI(text), "\(text)")
            #expect(!URIFormat.isValidReference(text), "\(text)")
        }
    }
}
