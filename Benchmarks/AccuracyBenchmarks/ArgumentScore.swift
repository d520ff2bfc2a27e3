import BridleSchema

/// BFCL's rule for one call: every parameter of the ground truth takes one of its accepted
/// values (or is absent, where `""` is accepted), and no other parameter appears. Strings
/// compare without case, spaces and the punctuation `,./-_*^` (BFCL's normalisation); numbers
/// by value; lists element by element; objects member by member.
enum ArgumentScore {
    static func isCorrect(_ arguments: GeneratedContent, accepted: [String: [GeneratedContent]]) -> Bool {
        guard case .structure(let given, _) = arguments.kind else { return false }
        for name in given.keys where accepted[name] == nil { return false }
        for (name, values) in accepted {
            guard let value = given[name] else {
                if values.contains(GeneratedContent("")) { continue }
                return false
            }
            if !values.contains(where: { matches(value, $0) }) { return false }
        }
        return true
    }

    static func matches(_ value: GeneratedContent, _ expected: GeneratedContent) -> Bool {
        switch (value.kind, expected.kind) {
        case (.string(let a), .string(let b)):
            return normalized(a) == normalized(b)
        case (.number(let a), .number(let b)):
            if let a = a.decimal, let b = b.decimal { return a == b }
            return a.double == b.double
        case (.bool(let a), .bool(let b)):
            return a == b
        case (.null, .null):
            return true
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { matches($0, $1) }
        case (.structure, .structure(let members, _)):
            // A nested object's expected members are lists of accepted values, as at the top.
            let nested = members.mapValues { member -> [GeneratedContent] in
                if case .array(let values) = member.kind { return values }
                return [member]
            }
            return isCorrect(value, accepted: nested)
        default:
            return false
        }
    }

    private static func normalized(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter { !" ,./-_*^".unicodeScalars.contains($0) }.map(Character.init))
            .replacingOccurrences(of: "'", with: "\"")
    }

    /// The first balanced JSON object in `text` (what an unconstrained model's reply is read as).
    static func firstObject(in text: String) -> GeneratedContent? {
        let bytes = Array(text.utf8)
        var start = bytes.firstIndex(of: UInt8(ascii: "{"))
        while let first = start {
            var depth = 0
            var inString = false
            var escaped = false
            for index in first..<bytes.count {
                let byte = bytes[index]
                if inString {
                    if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: "}"):
                    depth -= 1
                    if depth == 0, let object = try? GeneratedContent(jsonData: bytes[first...index]) { return object }
                default: break
                }
                if depth == 0 { break }
            }
            start = bytes[(first + 1)...].firstIndex(of: UInt8(ascii: "{"))
        }
        return nil
    }
}
