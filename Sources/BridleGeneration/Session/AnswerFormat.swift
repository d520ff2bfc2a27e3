import BridleGrammar
import BridleSchema

/// What a request's final answer must be: free text, or JSON matching a schema.
package enum AnswerFormat: Sendable {
    case text
    case schema(GenerationSchema, includeInPrompt: Bool)

    /// The answer's shape inside a tool turn's `{"response": …}`.
    var schema: GenerationSchema {
        switch self {
        case .text: GenerationSchema(root: .string())
        case .schema(let schema, _): schema
        }
    }

    /// Why `answer` breaks the schema, in the words the model is shown; empty when it doesn't.
    /// Some checks no grammar can make (overlapping `oneOf` branches, `uniqueItems`), so a
    /// constrained answer can still be refused here.
    func violations(of answer: GeneratedContent) -> [String] {
        guard case .schema(let schema, _) = self else { return [] }
        return schema.violations(of: answer).map(\.description)
    }
}
