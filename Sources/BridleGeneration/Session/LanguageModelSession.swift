import BridleSchema
import Foundation
import Synchronization

/// A conversation with a model that can call tools, in FoundationModels' shape.
///
/// ```swift
/// let session = LanguageModelSession(model: model, tools: [FindFilms()], instructions: "You recommend films.")
/// let answer = try await session.respond(to: "Dramas from the 1980s?")
/// answer.content              // the model's text answer
/// session.transcript.audit    // every call it proposed, checked, approved and ran
/// ```
///
/// On each turn the model writes one JSON object under one grammar: a call to one of the
/// request's tools with arguments that match the tool's schema, or the answer. Calls are
/// checked again before dispatch (schema, decoding, ``Tool/validate(arguments:in:)``); a
/// refused call goes back to the model with the reasons, up to
/// ``ToolPolicy/maximumArgumentAttempts``. Invalid arguments never reach `call`.
///
/// A session takes one request at a time: a second one while ``isResponding`` throws
/// ``SessionError/concurrentRequests``.
public final class LanguageModelSession: Sendable {
    public let model: any LanguageModel
    public let tools: [any Tool]
    public let policy: ToolPolicy
    private let state: Mutex<State>

    private struct State {
        var transcript: Transcript
        var isResponding = false
    }

    /// - Parameters:
    ///   - instructions: What the model should do, ahead of every prompt (a system message).
    ///   - policy: Limits, the approver, the clock for argument rules.
    public convenience init(
        model: any LanguageModel, tools: [any Tool] = [], instructions: String? = nil, policy: ToolPolicy = ToolPolicy()
    ) {
        let definitions = tools.map { Transcript.ToolDefinition(name: $0.name, description: $0.description, parameters: $0.parameters) }
        let entries: [Transcript.Entry] = instructions == nil && tools.isEmpty
            ? [] : [.instructions(Transcript.Instructions(text: instructions ?? "", toolDefinitions: definitions))]
        self.init(model: model, tools: tools, transcript: Transcript(entries: entries), policy: policy)
    }

    /// Continues a saved conversation: the model sees `transcript`'s entries before the next prompt.
    public init(model: any LanguageModel, tools: [any Tool] = [], transcript: Transcript, policy: ToolPolicy = ToolPolicy()) {
        self.model = model
        self.tools = tools
        self.policy = policy
        self.state = Mutex(State(transcript: transcript))
    }

    public var transcript: Transcript { state.withLock { $0.transcript } }

    /// Whether a request is running.
    public var isResponding: Bool { state.withLock { $0.isResponding } }

    /// The instructions the session was made with.
    var instructions: String? {
        for case .instructions(let instructions) in transcript.entries where !instructions.text.isEmpty {
            return instructions.text
        }
        return nil
    }

    // MARK: Responding

    /// Answers with text, calling the request's tools as the model chooses.
    public func respond(
        to prompt: String, tools selection: ToolSelection = .all, options: GenerationOptions = GenerationOptions()
    ) async throws -> Response<String> {
        let outcome = try await run(prompt, answer: .text, selection: selection, options: options, onPartial: nil)
        return try Self.textResponse(outcome)
    }

    /// Answers with JSON that matches `schema`.
    ///
    /// - Parameter includeSchemaInPrompt: Also show the model the JSON Schema, so it knows what
    ///   the fields mean; the grammar enforces the shape either way.
    public func respond(
        to prompt: String, schema: GenerationSchema, includeSchemaInPrompt: Bool = true,
        tools selection: ToolSelection = .all, options: GenerationOptions = GenerationOptions()
    ) async throws -> Response<GeneratedContent> {
        let outcome = try await run(
            prompt, answer: .schema(schema, includeInPrompt: includeSchemaInPrompt), selection: selection, options: options, onPartial: nil)
        return Self.contentResponse(outcome)
    }

    /// Answers with a value of `type`, decoded with its own `Decodable` conformance.
    public func respond<Content: Generable>(
        to prompt: String, generating type: Content.Type = Content.self, includeSchemaInPrompt: Bool = true,
        tools selection: ToolSelection = .all, options: GenerationOptions = GenerationOptions()
    ) async throws -> Response<Content> {
        let outcome = try await run(
            prompt, answer: .schema(Content.generationSchema, includeInPrompt: includeSchemaInPrompt),
            selection: selection, options: options, onPartial: nil)
        return try Self.typedResponse(outcome)
    }

    // MARK: Streaming

    /// Like ``respond(to:tools:options:)``, yielding the text as it grows.
    public func streamResponse(
        to prompt: String, tools selection: ToolSelection = .all, options: GenerationOptions = GenerationOptions()
    ) -> ResponseStream<String> {
        ResponseStream { onPartial in
            try Self.textResponse(try await self.run(prompt, answer: .text, selection: selection, options: options, onPartial: onPartial))
        }
    }

    /// Like ``respond(to:schema:includeSchemaInPrompt:tools:options:)``, yielding the value
    /// as far as it has been written.
    public func streamResponse(
        to prompt: String, schema: GenerationSchema, includeSchemaInPrompt: Bool = true,
        tools selection: ToolSelection = .all, options: GenerationOptions = GenerationOptions()
    ) -> ResponseStream<GeneratedContent> {
        ResponseStream { onPartial in
            Self.contentResponse(try await self.run(
                prompt, answer: .schema(schema, includeInPrompt: includeSchemaInPrompt), selection: selection,
                options: options, onPartial: onPartial))
        }
    }

    /// Like ``respond(to:generating:includeSchemaInPrompt:tools:options:)``, yielding the
    /// value as far as it has been written, as ``GeneratedContent``.
    public func streamResponse<Content: Generable & Sendable>(
        to prompt: String, generating type: Content.Type = Content.self, includeSchemaInPrompt: Bool = true,
        tools selection: ToolSelection = .all, options: GenerationOptions = GenerationOptions()
    ) -> ResponseStream<Content> {
        ResponseStream { onPartial in
            try Self.typedResponse(try await self.run(
                prompt, answer: .schema(Content.generationSchema, includeInPrompt: includeSchemaInPrompt),
                selection: selection, options: options, onPartial: onPartial))
        }
    }

    // MARK: Internals

    private func run(
        _ prompt: String, answer: AnswerFormat, selection: ToolSelection, options: GenerationOptions,
        onPartial: (@Sendable (GeneratedContent) -> Void)?
    ) async throws -> SessionRequest.Outcome {
        let offered = try offeredTools(selection)
        try state.withLock { (state: inout State) throws(SessionError) in
            guard !state.isResponding else { throw .concurrentRequests }
            state.isResponding = true
        }
        defer { state.withLock { $0.isResponding = false } }
        let request = SessionRequest(
            session: self, answer: answer, tools: offered, now: policy.clock(), options: options, onPartial: onPartial)
        return try await request.run(prompt: prompt)
    }

    /// The tools a request offers, or nil for none.
    private func offeredTools(_ selection: ToolSelection) throws(SessionError) -> [any Tool]? {
        var seen: Set<String> = []
        for tool in tools where !seen.insert(tool.name).inserted {
            throw .duplicateToolName(tool.name)
        }
        switch selection {
        case .all:
            return tools.isEmpty ? nil : tools
        case .none:
            return nil
        case .only(let names):
            let unknown = names.subtracting(seen)
            guard unknown.isEmpty else { throw .unknownTools(unknown.sorted(), available: tools.map(\.name)) }
            let chosen = tools.filter { names.contains($0.name) }
            return chosen.isEmpty ? nil : chosen
        }
    }

    /// Appends an entry and returns its index.
    @discardableResult
    func record(_ entry: Transcript.Entry) -> Int {
        state.withLock { state in
            state.transcript.entries.append(entry)
            return state.transcript.entries.count - 1
        }
    }

    func audit(_ record: DispatchRecord) {
        state.withLock { $0.transcript.audit.append(record) }
    }

    func entries(from index: Int) -> ArraySlice<Transcript.Entry> {
        state.withLock { $0.transcript.entries[index...] }
    }

    private static func textResponse(_ outcome: SessionRequest.Outcome) throws -> Response<String> {
        guard case .string(let text) = outcome.content.kind else {
            throw GenerationError.undecodableResponse(text: outcome.text, reason: "the answer is not a string")
        }
        return Response(content: text, rawContent: outcome.content, text: outcome.text, statistics: outcome.statistics,
            transcriptEntries: outcome.entries)
    }

    private static func contentResponse(_ outcome: SessionRequest.Outcome) -> Response<GeneratedContent> {
        Response(content: outcome.content, rawContent: outcome.content, text: outcome.text, statistics: outcome.statistics,
            transcriptEntries: outcome.entries)
    }

    private static func typedResponse<Content: Generable>(_ outcome: SessionRequest.Outcome) throws -> Response<Content> {
        try contentResponse(outcome).decoded(as: Content.self)
    }
}
