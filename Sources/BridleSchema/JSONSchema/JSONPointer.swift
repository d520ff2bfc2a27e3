import Foundation

/// RFC 6901 JSON pointers, used to say where in a JSON Schema a problem is.
///
/// ```swift
/// JSONPointer.escape("a/b~c")   // "a~1b~0c"
/// ```
package enum JSONPointer {
    package static func escape(_ token: String) -> String {
        // Most names need no escape, and Foundation's replacement costs a copy through NSString.
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return token }
        return token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    package static func unescape(_ token: String) -> String {
        guard token.utf8.contains(UInt8(ascii: "~")) else { return token }
        return token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }
}
