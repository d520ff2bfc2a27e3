/// Why a ``GenerationSchema`` can't be used, with every problem found at once.
///
/// ```swift
/// try GenerationSchema(type: Int.self, …).validate()
/// // error: the schema has 1 problem:
/// //   Arguments.count: minimum 10 is above maximum 1; no integer satisfies both
/// ```
public struct GenerationSchemaError: Error, Sendable, Hashable, CustomStringConvertible {
    public var issues: [SchemaIssue]

    public init(issues: [SchemaIssue]) {
        self.issues = issues
    }

    public var description: String {
        let noun = issues.count == 1 ? "problem" : "problems"
        return (["the schema has \(issues.count) \(noun):"] + issues.map { "  \($0)" }).joined(separator: "\n")
    }
}
