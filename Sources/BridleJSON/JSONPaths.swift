import Foundation

/// Which value of a JSON text each byte belongs to, as a JSON pointer (`#`, `#/title`,
/// `#/keywords/2`): a scalar's bytes are its own; a property's name, its colon and the space
/// around it are the property's; brackets, commas and the space between elements are the
/// container's. A text cut short (a failed answer) is located as far as it goes; what follows
/// a syntax error belongs to the last value located.
///
/// ```swift
/// let paths = JSONPaths(Array(#"{"title": "Up", "tags": ["a"]}"#.utf8))
/// paths.path(atByte: 11)   // "#/title"
/// paths.path(atByte: 25)   // "#/tags/0"
/// paths.path(atByte: 28)   // "#/tags" (its closing bracket)
/// ```
public struct JSONPaths: Sendable {
    /// Every pointer located, in order of first appearance.
    public private(set) var paths: [String] = []
    private var labels: [Int32]
    private let bytes: [UInt8]
    private var position = 0

    /// Nesting below this is not followed: its bytes belong to the value at the limit.
    public static let depthLimit = 512

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        labels = [Int32](repeating: -1, count: bytes.count)
        let root = intern("#")
        _ = value(root, depth: 0)
        var last = root
        for index in labels.indices {
            if labels[index] < 0 { labels[index] = last } else { last = labels[index] }
        }
    }

    /// The pointer of the value byte `offset` belongs to; `#` outside the text.
    public func path(atByte offset: Int) -> String {
        labels.indices.contains(offset) ? paths[Int(labels[offset])] : "#"
    }

    private mutating func intern(_ path: String) -> Int32 {
        paths.append(path)
        return Int32(paths.count - 1)
    }

    private mutating func take(_ label: Int32) {
        labels[position] = label
        position += 1
    }

    private mutating func skipSpace(_ label: Int32) {
        while position < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[position]) { take(label) }
    }

    /// Locates one value at `position` (after any space) as `label`; `false` when the text
    /// ends or breaks off inside it.
    private mutating func value(_ label: Int32, depth: Int) -> Bool {
        skipSpace(label)
        guard position < bytes.count else { return false }
        guard depth < Self.depthLimit else {
            while position < bytes.count { take(label) }
            return false
        }
        switch bytes[position] {
        case UInt8(ascii: "{"): return object(label, depth: depth)
        case UInt8(ascii: "["): return array(label, depth: depth)
        case UInt8(ascii: "\""): return string(label) != nil
        default:
            let start = position
            while position < bytes.count, Self.isScalarByte(bytes[position]) { take(label) }
            return position > start
        }
    }

    private mutating func object(_ label: Int32, depth: Int) -> Bool {
        take(label)
        skipSpace(label)
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            take(label)
            return true
        }
        let parent = paths[Int(label)]
        while position < bytes.count, bytes[position] == UInt8(ascii: "\"") {
            let keyStart = position
            guard let key = string(label) else { return false }
            let child = intern(parent + "/" + Self.escape(key))
            for index in keyStart..<position { labels[index] = child }
            skipSpace(child)
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { return false }
            take(child)
            guard value(child, depth: depth + 1) else { return false }
            skipSpace(label)
            guard position < bytes.count else { return false }
            if bytes[position] == UInt8(ascii: "}") {
                take(label)
                return true
            }
            guard bytes[position] == UInt8(ascii: ",") else { return false }
            take(label)
            skipSpace(label)
        }
        return false
    }

    private mutating func array(_ label: Int32, depth: Int) -> Bool {
        take(label)
        skipSpace(label)
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            take(label)
            return true
        }
        let parent = paths[Int(label)]
        var index = 0
        while true {
            guard value(intern("\(parent)/\(index)"), depth: depth + 1) else { return false }
            index += 1
            skipSpace(label)
            guard position < bytes.count else { return false }
            if bytes[position] == UInt8(ascii: "]") {
                take(label)
                return true
            }
            guard bytes[position] == UInt8(ascii: ",") else { return false }
            take(label)
            skipSpace(label)
        }
    }

    /// A string literal's bytes as `label`, and its text; `nil` when the text ends inside it.
    private mutating func string(_ label: Int32) -> String? {
        let start = position
        take(label)
        while position < bytes.count {
            let byte = bytes[position]
            take(label)
            if byte == UInt8(ascii: "\\") {
                if position < bytes.count { take(label) }
            } else if byte == UInt8(ascii: "\"") {
                let literal = bytes[start..<position]
                if case .string(let text)? = (try? GeneratedContent(jsonData: literal))?.kind { return text }
                return String(decoding: literal.dropFirst().dropLast(), as: UTF8.self)
            }
        }
        return nil
    }

    private static func isScalarByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
            true
        default: false
        }
    }

    /// A property name as a pointer's reference token (RFC 6901: `~` as `~0`, `/` as `~1`).
    public static func escape(_ key: String) -> String {
        key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
}
