import Foundation
import BridleGrammar
import BridleSchema

extension LanguageModel {
    /// Generates free text.
    public func respond(
        to prompt: String,
        instructions: String? = nil,
        options: GenerationOptions = GenerationOptions()
    ) async throws -> Response<String> {
        let request = GenerationRequest(messages: Self.messages(prompt: prompt, instructions: instructions), options: options)
        let (text, statistics) = try await complete(request)
        return Response(content: text, rawContent: GeneratedContent(text), text: text, statistics: statistics)
    }

    /// Generates JSON that matches `schema`, under the grammar compiled from it, checked and
    /// regenerated under the one policy of ``checkedAnswer(to:constraint:options:progress:)``.
    ///
    /// - Parameter includeSchemaInPrompt: Also show the model the JSON Schema, so it knows what
    ///   the fields mean; the grammar enforces the shape either way.
    public func respond(
        to prompt: String,
        schema: GenerationSchema,
        includeSchemaInPrompt: Bool = true,
        instructions: String? = nil,
        options: GenerationOptions = GenerationOptions()
    ) async throws -> Response<GeneratedContent> {
        let answer = AnswerFormat.schema(schema, includeInPrompt: includeSchemaInPrompt)
        let constraint = try OutputConstraint(schema: schema, options: options.grammar, now: options.referenceDate ?? Date())
        let system = SessionPrompt.systemText(instructions: instructions, tools: nil, answer: answer)
        let checked = try await checkedAnswer(
            to: Self.messages(prompt: prompt, instructions: system), constraint: constraint, options: options)
        return Response(content: checked.content, rawContent: checked.content, text: checked.text, statistics: checked.statistics)
    }

    /// Generates a value of `type`: the output is constrained by the type's grammar, checked
    /// against its schema, and decoded with its `Decodable` conformance.
    public func respond<Content: Generable>(
        to prompt: String,
        generating type: Content.Type = Content.self,
        includeSchemaInPrompt: Bool = true,
        instructions: String? = nil,
        options: GenerationOptions = GenerationOptions()
    ) async throws -> Response<Content> {
        try await respond(
            to: prompt, schema: Content.generationSchema, includeSchemaInPrompt: includeSchemaInPrompt,
            instructions: instructions, options: options
        ).decoded(as: Content.self)
    }

    /// Runs `request` to the end and returns its text: the whole response or an error, never a
    /// part passed off as the whole.
    ///
    /// - Parameter progress: Called after each token (or piece of text) with the response so far.
    public func complete(
        _ request: GenerationRequest, progress: (ResponseText) -> Void = { _ in }
    ) async throws -> (text: String, statistics: GenerationStatistics) {
        var response = ResponseText()
        for try await event in generate(request) {
            switch event {
            case let .token(_, bytes):
                response.append(bytes)
                progress(response)
            case let .text(piece):
                response.append(Array(piece.utf8))
                progress(response)
            case let .finished(statistics):
                guard let text = response.text else { throw ResponseError.invalidUTF8(bytes: response.bytes) }
                return (text, statistics)
            }
        }
        // A stream that ends without `finished` was stopped from outside.
        throw CancellationError()
    }

    static func messages(prompt: String, instructions: String?) -> [ChatMessage] {
        (instructions.map { [ChatMessage.system($0)] } ?? []) + [.user(prompt)]
    }
}
