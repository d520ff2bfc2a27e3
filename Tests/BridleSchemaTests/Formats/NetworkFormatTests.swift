import Testing

@testable import BridleSchema

/// hostname, ipv4, ipv6 and email checks against hand-made accept/reject tables.
@Suite("network formats")
struct NetworkFormatTests {
    @Test func hostnames() {
        for text in ["example.com", "a", "www.example-site.org", "xn--nw2a.com", "1host.net", String(repeating: "a", count: 63) + ".com"] {
            #expect(NetworkFormat.isValidHostname(text), "\(text)")
        }
        let long = Array(repeating: String(repeating: "a", count: 63), count: 4).joined(separator: ".")
        for text in ["", "-a.com", "a-.com", "a..com", ".com", "example.com.", "ex_ample.com", "é.com", String(repeating: "a", count: 64) + ".com", long] {
            #expect(!NetworkFormat.isValidHostname(text), "\(text)")
        }
    }

    @Test func ipv4Addresses() {
        for text in ["0.0.0.0", "192.168.0.1", "255.255.255.255", "10.0.0.99"] {
            #expect(NetworkFormat.isValidIPv4(text), "\(text)")
        }
        for text in ["256.0.0.1", "1.2.3", "1.2.3.4.5", "01.2.3.4", "1.2.3.", "a.b.c.d", "1.2.3.4 ", "١.2.3.4"] {
            #expect(!NetworkFormat.isValidIPv4(text), "\(text)")
        }
    }

    @Test func ipv6Addresses() {
        for text in ["::", "::1", "1::", "1:2:3:4:5:6:7:8", "fe80::1", "::ffff:192.168.0.1", "1:2:3:4:5:6:1.2.3.4", "1:2:3:4:5:6:7::", "ABCD::ef01", "1::8"] {
            #expect(NetworkFormat.isValidIPv6(text), "\(text)")
        }
        for text in ["", ":", "1:2:3:4:5:6:7:8:9", "1::2::3", "12345::", "g::1", "1:2:3:4:5:6:7", "::1.2.3", "fe80::1%eth0", ":1:2:3:4:5:6:7", "1:2:3:4:5:6:7:8::"] {
            #expect(!NetworkFormat.isValidIPv6(text), "\(text)")
        }
    }

    @Test func emails() {
        for text in ["joe.bloggs@example.com", "a@b", "te~st+x@example.co", "x@[192.168.0.1]", "x@[IPv6:::1]"] {
            #expect(NetworkFormat.isValidEmail(text), "\(text)")
        }
        for text in ["", "@example.com", "joe@", ".joe@example.com", "jo..e@example.com", "joe.@example.com", "joe@-example.com", "jo e@example.com", "joe"] {
            #expect(!NetworkFormat.isValidEmail(text), "\(text)")
        }
    }
}
