/// A textual format Bridle knows how to constrain and check.
///
/// Each format's grammar (in BridleGrammar) writes a subset of what its checker
/// (``GenerationSchema/violations(of:)``) accepts, and the checker follows the format's RFC,
/// so every written value is valid and values from elsewhere are judged by the standard.
public enum StringFormat: String, Sendable, Hashable, CaseIterable {
    /// RFC 3339 `full-date`: `2026-11-22`.
    case date
    /// RFC 3339 `date-time`: `2026-11-22T04:38:23Z`. What `Date` properties use.
    case dateTime = "date-time"
    /// RFC 3339 `full-time`: `04:38:23Z`.
    case time
    /// `8-4-4-4-12` hexadecimal digits: what `UUID` encodes to.
    case uuid
    /// An RFC 3339 appendix A duration, as JSON Schema 2020-12 defines it: `P3DT4H`, `PT0.5S` is not one.
    case duration
    /// An address `local@domain`: a dot-atom local part (RFC 5321) and a hostname domain.
    case email
    /// An RFC 1123 host name: dot-separated labels of letters, digits and inner hyphens,
    /// each at most 63 characters, at most 253 in all.
    case hostname
    /// A dotted-quad IPv4 address without leading zeros: `192.168.0.1`.
    case ipv4
    /// An RFC 4291 IPv6 address, `::` compression and a trailing IPv4 part included.
    case ipv6
    /// An absolute RFC 3986 URI, with a scheme: `https://example.com/a?b#c`.
    case uri
    /// An RFC 3986 URI or relative reference: `../a/b?c`.
    case uriReference = "uri-reference"
    /// A regular expression (ECMA-262 syntax) that compiles.
    case regex
    /// An RFC 3987 IRI: a URI whose text may also hold non-ASCII characters.
    case iri
    /// An RFC 3987 IRI or relative reference.
    case iriReference = "iri-reference"
    /// An RFC 6531 address: `email` with non-ASCII characters allowed.
    case idnEmail = "idn-email"
    /// An internationalized host name; Bridle accepts its ASCII form only (lowercase
    /// letters, digits and hyphens, never `--` as the third and fourth characters).
    case idnHostname = "idn-hostname"
    /// An RFC 6901 JSON pointer: empty, or `/`-prefixed tokens with `~0` and `~1` escapes.
    case jsonPointer = "json-pointer"
    /// A relative JSON pointer: a non-negative integer, then `#` or a JSON pointer.
    case relativeJSONPointer = "relative-json-pointer"
    /// An RFC 6570 URI template: literals and `{…}` expressions.
    case uriTemplate = "uri-template"
}
