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
        let issues = violations(of: answer)
        guard issues.isEmpty else { throw .schemaViolation(text: text, issues: issues) }
        return answer
    }

    /// Why `answer` breaks the schema, in the words the model is shown; empty when it doesn't.
    /// Some checks no grammar can make (overlapping `oneOf` branches, `uniqueItems`), so a
    /// constrained answer can still be refused here.
    func violations(of answer: GeneratedContent) -> [String] {
        guard case .schema(let schema, _) = self else { return [] }
        return schema.violations(of: answer).map(\.description)
    }

    /// Parses an answer generated without tools; does not check it against the schema.
    func parsed(_ text: String) throws(GenerationError) -> GeneratedContent {
        guard case .schema = self else { return GeneratedContent(text) }
        do {
            return try GeneratedContent(json: text)
        } catch {
            throw .undecodableResponse(text: text, reason: error.description)
        }
    }

    /// Parses and checks an answer generated without tools.
    func content(ofPlainText text: String) throws(GenerationError) -> GeneratedContent {
        try content(of: try parsed(text), text: text)
    }
}
