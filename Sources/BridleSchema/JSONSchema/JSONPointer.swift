import Foundation

/// RFC 6901 JSON pointers, used to say where in a JSON Schema a problem is.
///
/// ```swift
/// JSONPointer.escape("a/b~c")   // "a~1b~0c"
/// ```
enum JSONPointer {
    static func escape(_ token: String) -> String {
        token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    static func unescape(_ token: String) -> String {
        token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }
}
