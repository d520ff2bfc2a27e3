import BridleSchema
import Foundation

/// RFC 3986 reference resolution (section 5.2), enough for `$id` and `$ref`: schemas name
/// each other with relative references (`item.json`, `#/$defs/a`, `../b#c`) against the
/// base URI in effect where the keyword appears.
///
/// ```swift
/// URIReference.resolve("item.json#/$defs/a", against: "https://example.com/root/schema.json")
/// // "https://example.com/root/item.json#/$defs/a"
/// ```
enum URIReference {
    struct Parts {
        var scheme: String?
        var authority: String?
        var path: String
        var query: String?
        var fragment: String?

        var text: String {
            var result = ""
            if let scheme { result += scheme + ":" }
            if let authority { result += "//" + authority }
            result += path
            if let query { result += "?" + query }
            if let fragment { result += "#" + fragment }
            return result
        }
    }

    static func parse(_ text: String) -> Parts {
        var rest = Substring(text)
        var parts = Parts(path: "")
        if let hash = rest.firstIndex(of: "#") {
            parts.fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") {
            parts.query = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        if let colon = rest.firstIndex(of: ":"), isScheme(rest[..<colon]) {
            parts.scheme = String(rest[..<colon])
            rest = rest[rest.index(after: colon)...]
        }
        if rest.hasPrefix("//") {
            let afterSlashes = rest.dropFirst(2)
            let end = afterSlashes.firstIndex(of: "/") ?? afterSlashes.endIndex
            parts.authority = String(afterSlashes[..<end])
            rest = afterSlashes[end...]
        }
        parts.path = String(rest)
        return parts
    }

    private static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.first, first.isASCII, first.isLetter else { return false }
        return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    /// `reference` resolved against the absolute `base`.
    static func resolve(_ reference: String, against base: String) -> String {
        let ref = parse(reference)
        let baseParts = parse(base)
        var target = Parts(path: "")
        if ref.scheme != nil {
            target = ref
            target.path = removingDotSegments(ref.path)
        } else if ref.authority != nil {
            target = ref
            target.scheme = baseParts.scheme
            target.path = removingDotSegments(ref.path)
        } else if ref.path.isEmpty {
            target = baseParts
            target.query = ref.query ?? baseParts.query
            target.fragment = ref.fragment
        } else {
            target.scheme = baseParts.scheme
            target.authority = baseParts.authority
            target.query = ref.query
            target.fragment = ref.fragment
            if ref.path.hasPrefix("/") {
                target.path = removingDotSegments(ref.path)
            } else {
                target.path = removingDotSegments(merge(base: baseParts, reference: ref.path))
            }
        }
        return target.text
    }

    /// The URI without its fragment: the resource it names.
    static func resource(_ uri: String) -> String {
        guard let hash = uri.firstIndex(of: "#") else { return uri }
        return String(uri[..<hash])
    }

    /// The fragment, percent-decoded, or "" when there is none.
    static func fragment(_ uri: String) -> String {
        guard let hash = uri.firstIndex(of: "#") else { return "" }
        let raw = String(uri[uri.index(after: hash)...])
        return raw.removingPercentEncoding ?? raw
    }

    private static func merge(base: Parts, reference path: String) -> String {
        if base.authority != nil && base.path.isEmpty { return "/" + path }
        guard let slash = base.path.lastIndex(of: "/") else { return path }
        return String(base.path[...slash]) + path
    }

    private static func removingDotSegments(_ path: String) -> String {
        guard path.contains(".") else { return path }
        var output: [Substring] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            switch segment {
            case ".":
                if isLast { output.append("") }
            case "..":
                if output.count > 1 || (output.count == 1 && !output[0].isEmpty) { output.removeLast() }
                if isLast { output.append("") }
            default:
                output.append(segment)
            }
        }
        return output.joined(separator: "/")
    }
}
