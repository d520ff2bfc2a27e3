import BridleSchema

/// Which JSON Schema draft a document is written in, from its root `$schema`; 2020-12 when
/// it doesn't say, as validators do. Keywords changed meaning between drafts (`$ref`
/// beside other keywords, tuple `items`, `dependencies`), and a value must be judged by
/// the rules its schema was written for.
///
/// ```swift
/// JSONSchemaDraft(document: ["$schema": "http://json-schema.org/draft-07/schema#"])   // .draft7
/// ```
enum JSONSchemaDraft: Int, Comparable, Sendable {
    case draft4 = 4, draft6 = 6, draft7 = 7, draft2019 = 2019, draft2020 = 2020

    init(document: GeneratedContent) {
        guard case .string(let uri)? = document[property: "$schema"]?.kind else {
            self = .draft2020
            return
        }
        if uri.contains("draft-04") || uri.contains("draft-03") {
            self = .draft4
        } else if uri.contains("draft-06") {
            self = .draft6
        } else if uri.contains("draft-07") {
            self = .draft7
        } else if uri.contains("2019-09") {
            self = .draft2019
        } else {
            self = .draft2020
        }
    }

    static func < (lhs: JSONSchemaDraft, rhs: JSONSchemaDraft) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Draft 4 names identifiers `id`.
    var idKeyword: String { self == .draft4 ? "id" : "$id" }
    /// Up to draft 7, `$ref` makes its siblings be ignored.
    var refIgnoresSiblings: Bool { self <= .draft7 }
    /// Draft 4 counts `1.0` as a number, not an integer.
    var integersNeedIntegerLiterals: Bool { self == .draft4 }
}
