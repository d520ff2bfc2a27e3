import BridleGrammar
import BridleSchema

/// What a request's final answer must be: free text, or JSON matching a schema.
enum AnswerFormat: Sendable {
    case text
    case schema(GenerationSchema, includeInPrompt: Bool)

    /// The answer's shape inside a tool turn's `{"response": …}`.
    var schema: GenerationSchema {
        switch self {
        case .text: GenerationSchema(root: .string())
        case .schema(let schema, _): schema
        }
    }

    /// The answer as content, checked against the schema (every guide again): the grammar
    /// should have made this impossible to fail, so a failure is reported, never passed on.
    func content(of answer: GeneratedContent, text: String) throws(GenerationError) -> GeneratedContent {
        guard case .schema(let schema, _) = self else { return answer }
        let issues = schema.violations(of: answer)
        guard issues.isEmpty else { throw .schemaViolation(text: text, issues: issues.map(\.description)) }
        return answer
    }

    /// Parses an answer generated without tools.
    func content(ofPlainText text: String) throws(GenerationError) -> GeneratedContent {
        guard case .schema = self else { return GeneratedContent(text) }
        let parsed: GeneratedContent
        do {
            parsed = try GeneratedContent(json: text)
        } catch {
            throw .undecodableResponse(text: text, reason: error.description)
        }
        return try content(of: parsed, text: text)
    }
}
