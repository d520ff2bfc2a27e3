/// Checks the network formats of JSON Schema: `hostname` (RFC 1123), `ipv4`, `ipv6`
/// (RFC 4291 text forms) and `email` (RFC 5321 dot-atom mailbox).
enum NetworkFormat {
    /// Dot-separated labels of ASCII letters, digits and inner hyphens, 1 to 63 characters
    /// each, at most 253 characters in all. No trailing dot.
    static func isValidHostname(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= 253 else { return false }
        let labels = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        for label in labels {
            guard (1...63).contains(label.count), label.first != UInt8(ascii: "-"), label.last != UInt8(ascii: "-") else {
                return false
            }
            for byte in label where !(isAlphanumeric(byte) || byte == UInt8(ascii: "-")) { return false }
        }
        return true
    }

    /// Four decimal octets 0…255, without leading zeros (`01` could be read as octal).
    static func isValidIPv4(_ text: String) -> Bool {
        let parts = Array(text.utf8).split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 4 else { return false }
        for part in parts {
            guard (1...3).contains(part.count), part.allSatisfy(isDigit) else { return false }
            if part.count > 1 && part.first == UInt8(ascii: "0") { return false }
            let value = part.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
            if value > 255 { return false }
        }
        return true
    }

    /// Eight groups of 1 to 4 hexadecimal digits, or fewer with one `::`; the last two groups
    /// may be written as an IPv4 address. No zone identifier.
    static func isValidIPv6(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 2 else { return false }
        var halves: [ArraySlice<UInt8>] = []
        // Split at the one `::`, if any.
        var index = 0
        var compressed = false
        var start = 0
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: ":") && bytes[index + 1] == UInt8(ascii: ":") {
                if compressed { return false }
                compressed = true
                halves.append(bytes[start..<index])
                start = index + 2
                index += 2
                continue
            }
            index += 1
        }
        halves.append(bytes[start...])
        var groups = 0
        for (position, half) in halves.enumerated() where !half.isEmpty {
            let pieces = half.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
            for (offset, piece) in pieces.enumerated() {
                let isLast = position == halves.count - 1 && offset == pieces.count - 1
                if isLast && piece.contains(UInt8(ascii: ".")) {
                    guard isValidIPv4(String(decoding: piece, as: UTF8.self)) else { return false }
                    groups += 2
                } else {
                    guard (1...4).contains(piece.count), piece.allSatisfy(isHexDigit) else { return false }
                    groups += 1
                }
            }
        }
        return compressed ? groups <= 7 : groups == 8
    }

    /// `local@domain`: the local part a dot-atom (RFC 5321 `atext` runs joined by single
    /// dots), the domain a hostname or a bracketed IPv4 or `IPv6:` address.
    static func isValidEmail(_ text: String) -> Bool {
        guard let at = text.utf8.lastIndex(of: UInt8(ascii: "@")) else { return false }
        let local = Array(text.utf8[..<at])
        let domain = String(text[text.utf8.index(after: at)...])
        guard !local.isEmpty, local.count <= 64 else { return false }
        let atoms = local.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        for atom in atoms {
            guard !atom.isEmpty, atom.allSatisfy(isAtomText) else { return false }
        }
        if domain.hasPrefix("[") && domain.hasSuffix("]") && domain.count > 2 {
            let inner = String(domain.dropFirst().dropLast())
            if inner.hasPrefix("IPv6:") { return isValidIPv6(String(inner.dropFirst(5))) }
            return isValidIPv4(inner)
        }
        return isValidHostname(domain)
    }

    // MARK: Characters

    static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isDigit(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }

    /// RFC 5322 `atext`: letters, digits and ``!#$%&'*+-/=?^_`{|}~``.
    static func isAtomText(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || Array("!#$%&'*+-/=?^_`{|}~".utf8).contains(byte)
    }
}
