extension GeneratedContent {
    /// Equality as JSON Schema defines it (for `uniqueItems`, `enum`, `const`): numbers by
    /// value (`1` equals `1.0`), objects by their keys and values whatever the key order,
    /// arrays element by element.
    ///
    /// `==` also compares key order, which matters for printing but not for validation.
    func isJSONEqual(to other: GeneratedContent) -> Bool {
        switch (kind, other.kind) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a.unicodeScalars.elementsEqual(b.unicodeScalars)
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.isJSONEqual(to: $1) }
        case (.structure(let a, _), .structure(let b, _)):
            guard a.count == b.count else { return false }
            for (key, value) in a {
                guard let match = b[key], value.isJSONEqual(to: match) else { return false }
            }
            return true
        default: return false
        }
    }
}
