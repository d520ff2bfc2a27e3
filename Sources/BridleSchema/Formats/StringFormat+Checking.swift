extension StringFormat {
    /// Whether `text` is well-formed in this format: the one check the grammar, the IR's
    /// conformance check and the JSON Schema evaluator all share.
    ///
    /// ```swift
    /// StringFormat.date.accepts("2026-02-29")   // false: 2026 is not a leap year
    /// ```
    public func accepts(_ text: String) -> Bool {
        switch self {
        case .date: return RFC3339.parseFullDate(text) != nil
        case .dateTime: return RFC3339.parseDateTime(text) != nil
        case .time: return RFC3339.isValidFullTime(text)
        case .uuid: return RFC3339.isValidUUID(text)
        case .duration: return DurationFormat.isValid(text)
        case .email: return NetworkFormat.isValidEmail(text)
        case .hostname: return NetworkFormat.isValidHostname(text)
        case .ipv4: return NetworkFormat.isValidIPv4(text)
        case .ipv6: return NetworkFormat.isValidIPv6(text)
        case .uri: return URIFormat.isValidURI(text)
        case .uriReference: return URIFormat.isValidReference(text)
        case .regex: return PatternCheck.isValid(text)
        case .iri: return URIFormat.isValidURI(IdentifierFormat.asciiStandIn(text))
        case .iriReference: return URIFormat.isValidReference(IdentifierFormat.asciiStandIn(text))
        case .idnEmail: return NetworkFormat.isValidEmail(IdentifierFormat.asciiStandIn(text, with: "a"))
        case .idnHostname: return IdentifierFormat.isValidASCIIHostname(text)
        case .jsonPointer: return IdentifierFormat.isValidJSONPointer(text)
        case .relativeJSONPointer: return IdentifierFormat.isValidRelativeJSONPointer(text)
        case .uriTemplate: return IdentifierFormat.isValidURITemplate(text)
        }
    }
}
