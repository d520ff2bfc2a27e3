/// Byte-string search, for texts that are compared and cut by UTF-8 offsets.
enum ByteSearch {
    /// The first index at or after `start` where `needle` occurs in `haystack`.
    static func first(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty else { return start <= haystack.count ? start : nil }
        guard haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        let first = needle[0]
        var index = max(start, 0)
        while index <= haystack.count - needle.count {
            if haystack[index] == first, haystack[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    static func commonPrefixCount(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var count = 0
        while count < a.count, count < b.count, a[count] == b[count] { count += 1 }
        return count
    }

    static func commonSuffixCount(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var count = 0
        while count < a.count, count < b.count, a[a.count - 1 - count] == b[b.count - 1 - count] { count += 1 }
        return count
    }
}
