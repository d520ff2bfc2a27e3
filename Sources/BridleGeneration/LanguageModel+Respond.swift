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
        let (text, reasoning, statistics) = try await complete(request)
        return Response(content: text, rawContent: GeneratedContent(text), text: text, statistics: statistics, reasoning: reasoning)
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
        return Response(
            content: checked.content, rawContent: checked.content, text: checked.text, statistics: checked.statistics,
            reasoning: checked.reasoning)
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
    /// part passed off as the whole. Under ``GenerationOptions/reasoningLevel`` the text is the
    /// answer alone, and `reasoning` the free text before it (with the marker that ended it;
    /// bytes that are not UTF-8, such as a character the budget cut in two, read as U+FFFD).
    ///
    /// - Parameter progress: Called after each token (or piece of text) with the answer so far;
    ///   not while the model reasons.
    public func complete(
        _ request: GenerationRequest, progress: (ResponseText) -> Void = { _ in }
    ) async throws -> (text: String, reasoning: String?, statistics: GenerationStatistics) {
        var response = ResponseText()
        var answer = ResponseText()
        // Bytes before the answer: unknown until the backend says, under a reasoning budget.
        var answerStart: Int? = request.options.reasoningBudget > 0 ? nil : 0
        func append(_ bytes: [UInt8]) {
            response.append(bytes)
            guard answerStart != nil else { return }
            answer.append(bytes)
            progress(answer)
        }
        for try await event in generate(request) {
            switch event {
            case let .token(_, bytes):
                append(bytes)
            case let .text(piece):
                append(Array(piece.utf8))
            case let .answerBegins(afterBytes: count):
                answerStart = count
                answer = ResponseText()
                answer.append(Array(response.bytes.dropFirst(count)))
                progress(answer)
            case let .finished(statistics):
                let start = answerStart ?? 0
                guard let text = String(validating: response.bytes.dropFirst(start), as: UTF8.self) else {
                    throw ResponseError.invalidUTF8(bytes: Array(response.bytes.dropFirst(start)))
                }
                // Free text is the model's own: a character its budget cut in two is shown as U+FFFD.
                let reasoning = start > 0 ? String(decoding: response.bytes.prefix(start), as: UTF8.self) : nil
                return (text, reasoning, statistics)
            }
        }
        // A stream that ends without `finished` was stopped from outside.
        throw CancellationError()
    }

    static func messages(prompt: String, instructions: String?) -> [ChatMessage] {
        (instructions.map { [ChatMessage.system($0)] } ?? []) + [.user(prompt)]
    }
}
