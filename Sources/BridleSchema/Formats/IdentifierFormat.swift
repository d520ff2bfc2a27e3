/// Checks for the formats that extend another one (`iri`, `idn-email`, `idn-hostname`) and
/// for JSON pointers and URI templates, following their RFCs' grammars.
enum IdentifierFormat {
    /// `text` with every RFC 3987 `ucschar` replaced by an ASCII stand-in that is allowed
    /// exactly where `ucschar` is (a percent escape, or a letter for `idn-email`), so the
    /// ASCII checker of the base format decides. Private-use and other non-ASCII
    /// characters are kept, so the base checker rejects them.
    static func asciiStandIn(_ text: String, with standIn: String = "%C2") -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            result += isUCSChar(scalar.value) ? standIn : String(scalar)
        }
        return result
    }

    /// RFC 3987's `ucschar`.
    private static func isUCSChar(_ value: UInt32) -> Bool {
        if (0xA0...0xD7FF).contains(value) || (0xF900...0xFDCF).contains(value) || (0xFDF0...0xFFEF).contains(value) { return true }
        // %x10000-1FFFD / … / %xE1000-EFFFD: every plane but its last two code points.
        return (0x10000...0xEFFFD).contains(value) && value & 0xFFFF <= 0xFFFD && !(0xE0000...0xE0FFF).contains(value)
    }

    /// An internationalized host name in ASCII form: an RFC 1123 host name of lowercase
    /// letters, digits and hyphens, no label with `--` as its third and fourth characters
    /// (RFC 5891 4.2.3.1, which also covers ill-formed `xn--` labels).
    static func isValidASCIIHostname(_ text: String) -> Bool {
        guard NetworkFormat.isValidHostname(text) else { return false }
        for label in text.split(separator: ".", omittingEmptySubsequences: false) {
            guard label.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || NetworkFormat.isDigit($0) || $0 == 0x2D }) else { return false }
            let bytes = Array(label.utf8)
            if bytes.count >= 4 && bytes[2] == 0x2D && bytes[3] == 0x2D { return false }
        }
        return true
    }

    /// RFC 6901: empty, or tokens each after a `/`, where `~` is only in `~0` and `~1`.
    static func isValidJSONPointer(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        if bytes.isEmpty { return true }
        guard bytes[0] == 0x2F else { return false }
        for (index, byte) in bytes.enumerated() where byte == 0x7E {
            guard index + 1 < bytes.count, bytes[index + 1] == 0x30 || bytes[index + 1] == 0x31 else { return false }
        }
        return true
    }

    /// `non-negative-integer ( "#" / json-pointer )`, the integer without leading zeros.
    static func isValidRelativeJSONPointer(_ text: String) -> Bool {
        let digits = text.utf8.prefix { NetworkFormat.isDigit($0) }
        guard !digits.isEmpty, digits.count == 1 || digits.first != 0x30 else { return false }
        let rest = String(decoding: text.utf8.dropFirst(digits.count), as: UTF8.self)
        return rest == "#" || isValidJSONPointer(rest)
    }

    /// RFC 6570 level 4: literals, and expressions `{` [operator] varspec *("," varspec) `}`.
    static func isValidURITemplate(_ text: String) -> Bool {
        var scalars = Array(text.unicodeScalars)[...]
        while let first = scalars.first {
            if first == "{" {
                guard let close = scalars.firstIndex(of: "}"), isValidExpression(scalars[(scalars.startIndex + 1)..<close]) else { return false }
                scalars = scalars[(close + 1)...]
            } else if first == "%" {
                guard scalars.count >= 3, isHex(scalars.dropFirst().first), isHex(scalars.dropFirst(2).first) else { return false }
                scalars = scalars.dropFirst(3)
            } else {
                guard isLiteral(first) else { return false }
                scalars = scalars.dropFirst()
            }
        }
        return true
    }

    private static func isLiteral(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value >= 0x80 { return isUCSChar(value) || (0xE000...0xF8FF).contains(value) || (0xF0000...0x10FFFD).contains(value) && value & 0xFFFF <= 0xFFFD }
        // %x21 / %x23-24 / %x26 / %x28-3B / %x3D / %x3F-5B / %x5D / %x5F / %x61-7A / %x7E
        return value == 0x21 || (0x23...0x24).contains(value) || value == 0x26 || (0x28...0x3B).contains(value) || value == 0x3D
            || (0x3F...0x5B).contains(value) || value == 0x5D || value == 0x5F || (0x61...0x7A).contains(value) || value == 0x7E
    }

    private static func isValidExpression(_ body: ArraySlice<Unicode.Scalar>) -> Bool {
        var rest = body
        if let first = rest.first, "+#./;?&=,!@|".unicodeScalars.contains(first) { rest = rest.dropFirst() }
        guard !rest.isEmpty else { return false }
        return rest.split(separator: ",", omittingEmptySubsequences: false).allSatisfy(isValidVarspec)
    }

    /// `varname [ ":" max-length / "*" ]`, `varname = varchar *( ["."] varchar )`.
    private static func isValidVarspec(_ spec: ArraySlice<Unicode.Scalar>) -> Bool {
        var name = spec
        if name.last == "*" {
            name = name.dropLast()
        } else if let colon = name.firstIndex(of: ":") {
            let length = name[(colon + 1)...]
            guard (1...4).contains(length.count), let first = length.first, first != "0",
                length.allSatisfy({ ("0"..."9").contains($0) })
            else { return false }
            name = name[..<colon]
        }
        guard let first = name.first, first != ".", name.last != "." else { return false }
        var index = name.startIndex
        var previousDot = false
        while index < name.endIndex {
            let scalar = name[index]
            if scalar == "." {
                if previousDot { return false }
                previousDot = true
                index += 1
                continue
            }
            previousDot = false
            if scalar == "%" {
                guard index + 2 < name.endIndex, isHex(name[index + 1]), isHex(name[index + 2]) else { return false }
                index += 3
                continue
            }
            guard scalar.isASCII, ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_" else {
                return false
            }
            index += 1
        }
        return true
    }

    private static func isHex(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar, scalar.isASCII else { return false }
        return ("0"..."9").contains(scalar) || ("a"..."f").contains(scalar) || ("A"..."F").contains(scalar)
    }
}
