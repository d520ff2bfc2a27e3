/// Checks RFC 3986 `URI` (absolute, with a scheme) and `URI-reference` text, following the
/// RFC's collected ABNF (appendix A) character by character.
enum URIFormat {
    /// `scheme ":" hier-part ["?" query] ["#" fragment]`.
    static func isValidURI(_ text: String) -> Bool {
        isValid(Array(text.utf8), requiringScheme: true)
    }

    /// A URI, or a relative reference (`//host/path`, `/path`, `path`, `?query`, `#fragment`, empty).
    static func isValidReference(_ text: String) -> Bool {
        isValid(Array(text.utf8), requiringScheme: false)
    }

    private static func isValid(_ bytes: [UInt8], requiringScheme: Bool) -> Bool {
        var rest = bytes[...]
        if let hash = rest.firstIndex(of: UInt8(ascii: "#")) {
            guard isValidText(rest[(hash + 1)...], extra: "/?") else { return false }
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: UInt8(ascii: "?")) {
            guard isValidText(rest[(question + 1)...], extra: "/?") else { return false }
            rest = rest[..<question]
        }
        let colon = rest.firstIndex(of: UInt8(ascii: ":"))
        let slash = rest.firstIndex(of: UInt8(ascii: "/"))
        if let colon, slash.map({ colon < $0 }) ?? true {
            // A colon in the first segment: only a scheme may put it there
            // (a relative path's first segment is `segment-nz-nc`).
            guard isScheme(rest[..<colon]) else { return false }
            rest = rest[(colon + 1)...]
        } else if requiringScheme {
            return false
        }
        if rest.starts(with: Array("//".utf8)) {
            let afterSlashes = rest.dropFirst(2)
            let end = afterSlashes.firstIndex(of: UInt8(ascii: "/")) ?? afterSlashes.endIndex
            guard isValidAuthority(afterSlashes[..<end]) else { return false }
            rest = afterSlashes[end...]
        }
        return isValidText(rest, extra: "/")
    }

    /// `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
    private static func isScheme(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first, NetworkFormat.isAlphanumeric(first), !NetworkFormat.isDigit(first) else { return false }
        return bytes.allSatisfy { NetworkFormat.isAlphanumeric($0) || Array("+-.".utf8).contains($0) }
    }

    /// `[userinfo "@"] host [":" port]`.
    private static func isValidAuthority(_ bytes: ArraySlice<UInt8>) -> Bool {
        var rest = bytes
        if let at = rest.firstIndex(of: UInt8(ascii: "@")) {
            guard isValidText(rest[..<at], extra: ":", pathCharacters: false) else { return false }
            rest = rest[(at + 1)...]
        }
        if rest.first == UInt8(ascii: "[") {
            guard let close = rest.firstIndex(of: UInt8(ascii: "]")) else { return false }
            let literal = rest[(rest.startIndex + 1)..<close]
            guard isValidIPLiteral(literal) else { return false }
            rest = rest[(close + 1)...]
            if rest.isEmpty { return true }
            guard rest.first == UInt8(ascii: ":") else { return false }
            return rest.dropFirst().allSatisfy(NetworkFormat.isDigit)
        }
        if let colon = rest.firstIndex(of: UInt8(ascii: ":")) {
            guard rest[(colon + 1)...].allSatisfy(NetworkFormat.isDigit) else { return false }
            rest = rest[..<colon]
        }
        return isValidText(rest, extra: "", pathCharacters: false)
    }

    /// `IPv6address / IPvFuture` between the brackets.
    private static func isValidIPLiteral(_ bytes: ArraySlice<UInt8>) -> Bool {
        if let first = bytes.first, first == UInt8(ascii: "v") || first == UInt8(ascii: "V") {
            guard let dot = bytes.firstIndex(of: UInt8(ascii: ".")) else { return false }
            let version = bytes[(bytes.startIndex + 1)..<dot]
            let tail = bytes[(dot + 1)...]
            return !version.isEmpty && version.allSatisfy(NetworkFormat.isHexDigit) && !tail.isEmpty
                && tail.allSatisfy { isUnreserved($0) || isSubDelimiter($0) || $0 == UInt8(ascii: ":") }
        }
        return NetworkFormat.isValidIPv6(String(decoding: bytes, as: UTF8.self))
    }

    /// Unreserved characters, percent escapes and sub-delimiters, plus `:` and `@` when
    /// `pathCharacters` (`pchar`), plus the `extra` characters.
    private static func isValidText(_ bytes: ArraySlice<UInt8>, extra: String, pathCharacters: Bool = true) -> Bool {
        let extraBytes = Array(extra.utf8)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.endIndex,
                    NetworkFormat.isHexDigit(bytes[index + 1]), NetworkFormat.isHexDigit(bytes[index + 2])
                else { return false }
                index += 3
                continue
            }
            let allowed = isUnreserved(byte) || isSubDelimiter(byte) || extraBytes.contains(byte)
                || (pathCharacters && (byte == UInt8(ascii: ":") || byte == UInt8(ascii: "@")))
            guard allowed else { return false }
            index += 1
        }
        return true
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        NetworkFormat.isAlphanumeric(byte) || Array("-._~".utf8).contains(byte)
    }

    private static func isSubDelimiter(_ byte: UInt8) -> Bool {
        Array("!$&'()*+,;=".utf8).contains(byte)
    }
}
