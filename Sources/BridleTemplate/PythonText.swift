/// Python's `str` methods that templates call, over Unicode scalars as Python counts them.
enum PythonText {
    /// `str.isspace()` per character: Unicode's White_Space plus the four ASCII separators
    /// (0x1C–0x1F) Python also counts.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || (0x1C...0x1F).contains(scalar.value)
    }

    static func strip(_ text: String, _ characters: String?, leading: Bool, trailing: Bool) -> String {
        let set = characters.map { Set($0.unicodeScalars) }
        func strips(_ scalar: Unicode.Scalar) -> Bool { set?.contains(scalar) ?? isSpace(scalar) }
        var scalars = Array(text.unicodeScalars)[...]
        if leading { while let first = scalars.first, strips(first) { scalars.removeFirst() } }
        if trailing { while let last = scalars.last, strips(last) { scalars.removeLast() } }
        return String(String.UnicodeScalarView(scalars))
    }

    /// `str.split(sep=None, maxsplit=-1)`: on runs of whitespace without a separator, else on
    /// each occurrence of it.
    static func split(_ text: String, separator: String?, maxSplits: Int, fromEnd: Bool = false) -> [String] {
        let scalars = Array(text.unicodeScalars)
        guard let separator else {
            let order = fromEnd ? Array(scalars.reversed()) : scalars
            var words: [[Unicode.Scalar]] = []
            var index = 0
            while index < order.count {
                while index < order.count, isSpace(order[index]) { index += 1 }
                guard index < order.count else { break }
                if maxSplits >= 0, words.count == maxSplits {
                    words.append(Array(order[index...]))
                    break
                }
                let start = index
                while index < order.count, !isSpace(order[index]) { index += 1 }
                words.append(Array(order[start..<index]))
            }
            let strings = words.map { String(String.UnicodeScalarView(fromEnd ? $0.reversed() : $0)) }
            return fromEnd ? strings.reversed() : strings
        }
        let needle = Array(separator.unicodeScalars)
        var pieces: [[Unicode.Scalar]] = []
        var current: [Unicode.Scalar] = []
        var index = 0
        let order = fromEnd ? Array(scalars.reversed()) : scalars
        let pattern = fromEnd ? Array(needle.reversed()) : needle
        while index < order.count {
            if maxSplits < 0 || pieces.count < maxSplits, index + pattern.count <= order.count, order[index..<index + pattern.count].elementsEqual(pattern) {
                pieces.append(current)
                current = []
                index += pattern.count
            } else {
                current.append(order[index])
                index += 1
            }
        }
        pieces.append(current)
        let words = pieces.map { String(String.UnicodeScalarView(fromEnd ? $0.reversed() : $0)) }
        return fromEnd ? words.reversed() : words
    }

    static func replace(_ text: String, _ old: String, _ new: String, count: Int) -> String {
        guard !old.isEmpty else {
            var result = new
            var replaced = 1
            for scalar in text.unicodeScalars {
                result.unicodeScalars.append(scalar)
                if count < 0 || replaced < count {
                    result += new
                    replaced += 1
                }
            }
            return result
        }
        let pieces = split(text, separator: old, maxSplits: count)
        return pieces.joined(separator: new)
    }

    static func find(_ text: String, _ part: String, last: Bool) -> Int {
        let haystack = Array(text.unicodeScalars)
        let needle = Array(part.unicodeScalars)
        guard needle.count <= haystack.count else { return -1 }
        let starts = Array(0...(haystack.count - needle.count))
        for start in last ? starts.reversed() : starts where haystack[start..<start + needle.count].elementsEqual(needle) {
            return start
        }
        return -1
    }

    /// `str.title()`: a letter after a non-letter is upper case, every other letter lower.
    static func title(_ text: String) -> String {
        var result = ""
        var previousIsCased = false
        for scalar in text.unicodeScalars {
            let isCased = scalar.properties.isCased
            result += previousIsCased ? String(scalar).lowercased() : String(scalar).uppercased()
            previousIsCased = isCased
        }
        return result
    }

    static func capitalize(_ text: String) -> String {
        guard let first = text.unicodeScalars.first else { return text }
        return String(first).uppercased() + String(String.UnicodeScalarView(text.unicodeScalars.dropFirst())).lowercased()
    }

    static func splitLines(_ text: String) -> [String] {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            switch scalar.value {
            case 0x0A, 0x0B, 0x0C, 0x1C, 0x1D, 0x1E, 0x85, 0x2028, 0x2029:
                lines.append(String(current))
                current = String.UnicodeScalarView()
            case 0x0D:
                if scalars.first == "\n" { scalars.removeFirst() }
                lines.append(String(current))
                current = String.UnicodeScalarView()
            default:
                current.append(scalar)
            }
        }
        if !current.isEmpty { lines.append(String(current)) }
        return lines
    }
}
