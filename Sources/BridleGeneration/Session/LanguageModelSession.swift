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
/// ``GenerationError/concurrentRequests(_:)``.
///
/// A request that fails (an error, a tool that throws, cancellation) leaves ``transcript``'s
/// entries as they were before it, so the session answers the next prompt as if the failed
/// one had not been asked. What did happen is kept in ``Transcript/audit``: every call that
/// was checked, approved, denied or run, so a tool's side effects are never lost from view.
public final class LanguageModelSession: Sendable {
    public let model: any LanguageModel
    public let tools: [any Tool]
    /// Where more tools come from, asked at the start of every request (an MCP server's).
    public let toolProviders: [any ToolProvider]
    public let policy: ToolPolicy
    private let state: Mutex<State>

    private struct State {
        var transcript: Transcript
        var isResponding = false
        var usage = Usage.zero
    }

    /// - Parameters:
    ///   - model: Any backend; by default ``SystemLanguageModel/default``, the model the app
    ///     configured at start-up.
    ///   - instructions: What the model should do, ahead of every prompt (a system message).
    ///   - policy: Limits, the approver, the clock for argument rules.
    ///   - toolProviders: Sources of tools that can change between requests (MCP servers):
    ///     asked for their tools at the start of every request, offered beside `tools`.
    public convenience init(
        model: any LanguageModel = SystemLanguageModel.default, tools: [any Tool] = [], toolProviders: [any ToolProvider] = [],
        instructions: String? = nil, policy: ToolPolicy = ToolPolicy()
    ) {
        self.init(
            model: model, tools: tools, toolProviders: toolProviders, instructions: instructions.map { Instructions($0) }, policy: policy)
    }

    public convenience init(
        model: any LanguageModel = SystemLanguageModel.default, tools: [any Tool] = [], toolProviders: [any ToolProvider] = [],
        instructions: Instructions?, policy: ToolPolicy = ToolPolicy()
    ) {
        let definitions = tools.map { Transcript.ToolDefinition(name: $0.name, description: $0.description, parameters: $0.parameters) }
        let entries: [Transcript.Entry] = instructions == nil && tools.isEmpty
            ? [] : [.instructions(Transcript.Instructions(text: instructions?.text ?? "", toolDefinitions: definitions))]
        self.init(model: model, tools: tools, toolProviders: toolProviders, transcript: Transcript(entries: entries), policy: policy)
    }

    /// ```swift
    /// let session = LanguageModelSession(tools: [FindFilms()]) {
    ///     "You recommend films."
    ///     if brief { "Answer in one sentence." }
    /// }
    /// ```
    public convenience init(
        model: any LanguageModel = SystemLanguageModel.default, tools: [any Tool] = [], toolProviders: [any ToolProvider] = [],
        policy: ToolPolicy = ToolPolicy(), @InstructionsBuilder instructions: () throws -> Instructions
    ) rethrows {
        self.init(model: model, tools: tools, toolProviders: toolProviders, instructions: try instructions(), policy: policy)
    }

    /// Continues a saved conversation: the model sees `transcript`'s entries before the next prompt.
    public init(
        model: any LanguageModel = SystemLanguageModel.default, tools: [any Tool] = [], toolProviders: [any ToolProvider] = [],
        transcript: Transcript, policy: ToolPolicy = ToolPolicy()
    ) {
        self.model = model
        self.tools = tools
        self.toolProviders = toolProviders
        self.policy = policy
        self.state = Mutex(State(transcript: transcript))
    }

    /// FoundationModels' names for the response types.
    public typealias Response<Content> = BridleGeneration.Response<Content>
    public typealias ResponseStream<Content: Sendable> = BridleGeneration.ResponseStream<Content>

    public var transcript: Transcript { state.withLock { $0.transcript } }

    /// Whether a request is running.
    public var isResponding: Bool { state.withLock { $0.isResponding } }

    /// The tokens every successful request of this session used, summed (FoundationModels 27).
    public var usage: Usage { state.withLock { $0.usage } }

    /// The instructions the session was made with.
    var instructions: String? {
        for case .instructions(let instructions) in transcript.entries where !instructions.text.isEmpty {
            return instructions.text
        }
        return nil
    }

    // MARK: Responding

    /// Answers with text, calling the request's tools as the model chooses.
    @discardableResult
    public func respond(
        to prompt: some PromptRepresentable, tools selection: ToolSelection = .all, options: GenerationOptions = GenerationOptions()
    ) async throws -> Response<String> {
        try await run(prompt.promptRepresentation, answer: .text, selection: selection, options: options, onPartial: nil, making: Self.textResponse)
    }

    /// Answers with JSON that matches `schema`.
    ///
    /// - Parameter includeSchemaInPrompt: Also show the model the JSON Schema, so it knows what
    ///   the fields mean; the grammar enforces the shape either way.
    @discardableResult
    public func respond(
        to prompt: some PromptRepresentable, schema: GenerationSchema, includeSchemaInPrompt: Bool = true,
        tools selection: ToolSelection = .all, options: GenerationOptions = GenerationOptions()
    ) async throws -> Response<GeneratedContent> {
        try await run(
            prompt.promptRepresentation, answer: .schema(schema, includeInPrompt: includeSchemaInPrompt), selection: selection,
            options: options, onPartial: nil, making: Self.contentResponse)
    }

    /// Answers with a value of `type`, decoded with its own `Decodable` conformance.
    @discardableResult
    public func respond<Content: Generable>(
        to prompt: some PromptRepresentable, generating type: Content.Type = Content.self, includeSchemaInPrompt: Bool = true,
        tools selection: ToolSelection = .all, options: GenerationOptions = GenerationOptions()
    ) async throws -> Response<Content> {
        try await run(
            prompt.promptRepresentation, answer: .schema(Content.generationSchema, includeInPrompt: includeSchemaInPrompt),
            selection: selection, options: options, onPartial: nil, making: Self.typedResponse)
    }

    /// ``respond(to:tools:options:)`` with the prompt written by a ``PromptBuilder``.
    @discardableResult
    public func respond(
        tools selection: ToolSelection = .all, options: GenerationOptions = GenerationOptions(),
        @PromptBuilder prompt: () throws -> Prompt
    ) async throws -> Response<String> {
        try await respond(to: try prompt(), tools: selection, options: options)
    }

    /// ``respond(to:schema:includeSchemaInPrompt:tools:options:)`` with the prompt written by a
    /// ``PromptBuilder``.
    @discardableResult
    public func respond(
        schema: GenerationSchema, includeSchemaInPrompt: Bool = true, tools selection: ToolSelection = .all,
        options: GenerationOptions = GenerationOptions(), @PromptBuilder prompt: () throws -> Prompt
    ) async throws -> Response<GeneratedContent> {
        try await respond(to: try prompt(), schema: schema, includeSchemaInPrompt: includeSchemaInPrompt, tools: selection, options: options)
    }

    /// ``respond(to:generating:includeSchemaInPrompt:tools:options:)`` with the prompt written
    /// by a ``PromptBuilder``.
    @discardableResult
    public func respond<Content: Generable>(
        generating type: Content.Type = Content.self, includeSchemaInPrompt: Bool = true, tools selection: ToolSelection = .all,
        options: GenerationOptions = GenerationOptions(), @PromptBuilder prompt: () throws -> Prompt
    ) async throws -> Response<Content> {
        try await respond(to: try prompt(), generating: type, includeSchemaInPrompt: includeSchemaInPrompt, tools: selection, options: options)
    }

    // MARK: Streaming

    /// Like ``respond(to:tools:options:)``, yielding the text as it grows.
    public func streamResponse(
        to prompt: some PromptRepresentable, tools selection: ToolSelection = .all, options: GenerationOptions = GenerationOptions()
    ) -> ResponseStream<String> {
        let prompt = prompt.promptRepresentation
        return ResponseStream { onPartial in
            try await self.run(prompt, answer: .text, selection: selection, options: options, onPartial: onPartial, making: Self.textResponse)
        }
    }

    /// Like ``respond(to:schema:includeSchemaInPrompt:tools:options:)``, yielding the value
    /// as far as it has been written.
    public func streamResponse(
        to prompt: some PromptRepresentable, schema: GenerationSchema, includeSchemaInPrompt: Bool = true,
        tools selection: ToolSelection = .all, options: GenerationOptions = GenerationOptions()
    ) -> ResponseStream<GeneratedContent> {
        let prompt = prompt.promptRepresentation
        return ResponseStream { onPartial in
            try await self.run(
                prompt, answer: .schema(schema, includeInPrompt: includeSchemaInPrompt), selection: selection,
                options: options, onPartial: onPartial, making: Self.contentResponse)
        }
    }

    /// Like ``respond(to:generating:includeSchemaInPrompt:tools:options:)``, yielding the
    /// value as far as it has been written, as ``GeneratedContent``.
    public func streamResponse<Content: Generable & Sendable>(
        to prompt: some PromptRepresentable, generating type: Content.Type = Content.self, includeSchemaInPrompt: Bool = true,
        tools selection: ToolSelection = .all, options: GenerationOptions = GenerationOptions()
    ) -> ResponseStream<Content> {
        let prompt = prompt.promptRepresentation
        return ResponseStream { onPartial in
            try await self.run(
                prompt, answer: .schema(Content.generationSchema, includeInPrompt: includeSchemaInPrompt),
                selection: selection, options: options, onPartial: onPartial, making: Self.typedResponse)
        }
    }

    /// ``streamResponse(to:tools:options:)`` with the prompt written by a ``PromptBuilder``.
    public func streamResponse(
        tools selection: ToolSelection = .all, options: GenerationOptions = GenerationOptions(),
        @PromptBuilder prompt: () throws -> Prompt
    ) rethrows -> ResponseStream<String> {
        streamResponse(to: try prompt(), tools: selection, options: options)
    }

    /// ``streamResponse(to:schema:includeSchemaInPrompt:tools:options:)`` with the prompt
    /// written by a ``PromptBuilder``.
    public func streamResponse(
        schema: GenerationSchema, includeSchemaInPrompt: Bool = true, tools selection: ToolSelection = .all,
        options: GenerationOptions = GenerationOptions(), @PromptBuilder prompt: () throws -> Prompt
    ) rethrows -> ResponseStream<GeneratedContent> {
        streamResponse(to: try prompt(), schema: schema, includeSchemaInPrompt: includeSchemaInPrompt, tools: selection, options: options)
    }

    /// ``streamResponse(to:generating:includeSchemaInPrompt:tools:options:)`` with the prompt
    /// written by a ``PromptBuilder``.
    public func streamResponse<Content: Generable & Sendable>(
        generating type: Content.Type = Content.self, includeSchemaInPrompt: Bool = true, tools selection: ToolSelection = .all,
        options: GenerationOptions = GenerationOptions(), @PromptBuilder prompt: () throws -> Prompt
    ) rethrows -> ResponseStream<Content> {
        streamResponse(to: try prompt(), generating: type, includeSchemaInPrompt: includeSchemaInPrompt, tools: selection, options: options)
    }

    /// Lets the model prepare for a request that starts with `promptPrefix` (llama.cpp
    /// decodes the instructions and the prefix into its cache), so the first token comes
    /// sooner. A hint, as in FoundationModels: it returns at once, and a request made before
    /// it finishes simply waits for the model.
    public func prewarm(promptPrefix: Prompt? = nil) {
        Task {
            let request = SessionRequest(
                session: self, answer: .text, tools: try? await offeredTools(.all), now: policy.clock(), options: GenerationOptions(),
                onPartial: nil)
            guard let messages = try? request.messages(prefix: promptPrefix?.text ?? "") else { return }
            await model.prewarm(messages)
        }
    }

    // MARK: Internals

    /// Runs one request. On failure the transcript's entries go back to what they were, and
    /// the error is given FoundationModels' type where it has one.
    private func run<Content>(
        _ prompt: Prompt, answer: AnswerFormat, selection: ToolSelection, options: GenerationOptions,
        onPartial: (@Sendable (GeneratedContent) -> Void)?, making response: (SessionRequest.Outcome) throws -> Response<Content>
    ) async throws -> Response<Content> {
        let entriesBefore: Int
        do {
            entriesBefore = try state.withLock { (state: inout State) throws(GenerationError) in
                guard !state.isResponding else {
                    throw .concurrentRequests(.init(debugDescription: SessionError.concurrentRequests.description))
                }
                state.isResponding = true
                return state.transcript.entries.count
            }
        } catch {
            throw GenerationError.mapping(error, to: policy.errors)
        }
        defer { state.withLock { $0.isResponding = false } }
        do {
            let mode = options.toolCallingMode?.kind ?? .allowed
            let tools = mode == .disallowed ? nil : try await offeredTools(selection)
            if mode == .required, tools == nil {
                throw ResponseError.invalidOptions(
                    "toolCallingMode is .required but the request offers no tools; give the session tools or allow answers")
            }
            let request = SessionRequest(
                session: self, answer: answer, tools: tools, now: options.referenceDate ?? policy.clock(), options: options,
                onPartial: onPartial)
            let outcome = try await request.run(prompt: prompt.text)
            state.withLock { $0.usage = $0.usage + Usage(outcome.statistics) }
            return try response(outcome)
        } catch {
            state.withLock { $0.transcript.entries.removeSubrange(entriesBefore...) }
            throw GenerationError.mapping(error, to: policy.errors)
        }
    }

    /// The tools a request offers, or nil for none: the session's own, then its providers'
    /// current ones.
    private func offeredTools(_ selection: ToolSelection) async throws -> [any Tool]? {
        var tools = self.tools
        for provider in toolProviders {
            tools += try await provider.tools()
        }
        return try Self.select(selection, from: tools)
    }

    private static func select(_ selection: ToolSelection, from tools: [any Tool]) throws(SessionError) -> [any Tool]? {
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
            throw ResponseError.undecodableResponse(text: outcome.text, reason: "the answer is not a string")
        }
        return Response(content: text, rawContent: outcome.content, text: outcome.text, statistics: outcome.statistics,
            transcriptEntries: outcome.entries, reasoning: outcome.reasoning)
    }

    private static func contentResponse(_ outcome: SessionRequest.Outcome) -> Response<GeneratedContent> {
        Response(content: outcome.content, rawContent: outcome.content, text: outcome.text, statistics: outcome.statistics,
            transcriptEntries: outcome.entries, reasoning: outcome.reasoning)
    }

    private static func typedResponse<Content: Generable>(_ outcome: SessionRequest.Outcome) throws -> Response<Content> {
        try contentResponse(outcome).decoded(as: Content.self)
    }
}
