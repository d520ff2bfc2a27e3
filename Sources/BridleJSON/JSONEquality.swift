/// Equality as JSON Schema defines it for `enum`, `const` and `uniqueItems`: numbers by
/// value (`1 == 1.0`), objects by their members whatever the key order, arrays item by item,
/// and `true` never equal to `1`.
///
/// (``GeneratedContent``'s own `==` also compares key order, because key order is part of
/// what a model wrote.)
package enum JSONEquality {
    package static func equal(_ lhs: GeneratedContent, _ rhs: GeneratedContent) -> Bool {
        switch (lhs.kind, rhs.kind) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b || NumberOrder.compare(a, b) == .orderedSame
        case (.string(let a), .string(let b)): return a.unicodeScalars.elementsEqual(b.unicodeScalars)
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { equal($0, $1) }
        case (.structure(let a, _), .structure(let b, _)):
            guard a.count == b.count else { return false }
            return a.allSatisfy { key, value in b[key].map { equal(value, $0) } ?? false }
        default:
            return false
        }
    }

    /// Whether two items of `items` are equal, in O(n log n)-ish work through a canonical
    /// text (sorted keys, normalized numbers) rather than comparing every pair.
    package static func hasDuplicates(_ items: [GeneratedContent]) -> Bool {
        // Bytes, not `String`: Swift compares strings by canonical equivalence ("é" is
        // "e" + U+0301), JSON Schema by code points.
        var seen: Set<[UInt8]> = []
        for item in items where !seen.insert(Array(canonicalText(item).utf8)).inserted {
            return true
        }
        return false
    }

    package static func canonicalText(_ value: GeneratedContent) -> String {
        switch value.kind {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number):
            if let decimal = number.decimal { return "n\(decimal)" }
            return "n\(Double(number.text) ?? 0)"
        case .string(let text): return GeneratedContent(kind: .string(text)).jsonString
        case .array(let items): return "[" + items.map(canonicalText).joined(separator: ",") + "]"
        case .structure(let properties, _):
            let members = properties.keys.sorted().map { key in
                GeneratedContent(kind: .string(key)).jsonString + ":" + canonicalText(properties[key] ?? .null)
            }
            return "{" + members.joined(separator: ",") + "}"
        }
    }
}
