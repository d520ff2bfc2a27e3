/// What every error on a schema's way to a grammar shares: an invalid guide
/// (``GenerationSchemaError``), a JSON Schema Bridle can't read or judge (BridleJSONSchema's
/// `JSONSchemaImportError`, `JSONSchemaEvaluationError`), a grammar it can't compile
/// (BridleGrammar's `GrammarCompileError`). Each names where — a JSON pointer, or a property
/// path — and what to do, so one `catch` can report any of them.
///
/// ```swift
/// do { try GenerationSchema(jsonSchema: text).grammar() }
/// catch let error as any SchemaIssuesError {
///     for issue in error.issues { print(issue.path, issue.message) }   // #/properties/a …
/// }
/// ```
public protocol SchemaIssuesError: Error, Sendable, CustomStringConvertible {
    /// Each problem with its JSON pointer (or property path) and message; never empty.
    var issues: [SchemaIssue] { get }
}

extension GenerationSchemaError: SchemaIssuesError {}
