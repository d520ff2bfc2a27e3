/// The validator of a schema read from a JSON Schema document: every way a value breaks the
/// document itself, each with its JSON pointer.
///
/// The schema model doesn't evaluate JSON Schema keywords; BridleJSONSchema's importer hands
/// each schema it reads one of these, over its evaluator, so
/// ``GenerationSchema/violations(of:)`` judges imported schemas by their own document and
/// Generable schemas by their IR.
package struct DocumentValidator: Sendable {
    /// The JSON Schema document the schema was read from.
    package let document: GeneratedContent
    package let violations: @Sendable (GeneratedContent) -> [Violation]

    package init(document: GeneratedContent, violations: @escaping @Sendable (GeneratedContent) -> [Violation]) {
        self.document = document
        self.violations = violations
    }
}
