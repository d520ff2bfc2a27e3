import BridleGeneration
import BridleSchema
import Foundation

/// Runs one completion, chat or text: every choice decoded at once (the backend batches them),
/// each checked as ``LanguageModel/checkedAnswer(to:constraint:options:progress:)`` checks a
/// `respond` answer.
///
/// A streamed answer goes out as it is decoded, so it is checked once: an answer its schema
/// refuses after the grammar (a rule no grammar can hold, such as `uniqueItems` over objects)
/// ends the stream with an error event instead of being written again. A whole response, and a
/// streamed tool turn (sent only once complete), is regenerated up to
/// ``GenerationOptions/maximumAnswerAttempts`` times, with the reasons fed back. Reasoning
/// (`reasoning_effort`) is streamed in one chunk after the answer: the backend reports the
/// answer's progress only.
struct Completions {
    let model: any LanguageModel
    let request: CompletionRequest
    let turn: ChatTurn
    let body: CompletionBody

    let defaults: GenerationOptions
    /// How often a stream writes a comment line: the longest a hang-up may go unnoticed.
    static let heartbeatInterval = Duration.seconds(2)

    init(model: any LanguageModel, request: CompletionRequest, configuration: EndpointConfiguration) throws(EndpointError) {
        self.model = model
        defaults = configuration.defaults
        self.request = request
        turn = try ChatTurn(request)
        body = CompletionBody(kind: request.kind, model: request.model.isEmpty ? configuration.modelID : request.model)
        do {
            try options(forChoice: 0).validate(for: model.capabilities)
        } catch {
            throw .invalidRequest(error.description, code: "unsupported_option")
        }
    }

    func options(forChoice index: Int) -> GenerationOptions {
        var options = request.sampling.options(forChoice: index, defaults: defaults)
        options.reasoningLevel = request.reasoning
        if request.stream, !turn.readsToolCalls { options.maximumAnswerAttempts = 1 }
        return options
    }

    /// The `n` choices as one ``RequestGroup``: decoded side by side in choice order, so a
    /// request with a `seed` gets the same choices from run to run on an otherwise idle server.
    private var choiceGroup: RequestGroup {
        RequestGroup(places: request.sampling.choices, requestsPerPlace: options(forChoice: 0).bestOf)
    }

    /// The whole response, once every choice is in.
    func response() async throws -> (GeneratedContent, [GenerationStatistics]) {
        let together = choiceGroup
        let choices = try await withThrowingTaskGroup(of: CompletionBody.Choice.self) { group in
            for index in 0..<request.sampling.choices {
                group.addTask { try await together.run(in: index) { try await answer(index) { _ in } } }
            }
            return try await group.reduce(into: []) { $0.append($1) }.sorted { $0.index < $1.index }
        }
        return (body.completion(choices), choices.map(\.statistics))
    }

    /// The response as stream events (each a chunk's JSON, then `[DONE]`), ending with an
    /// error event when a choice fails.
    func events(onEnd: @escaping @Sendable ([GenerationStatistics], EndpointError?) -> Void) -> EndpointResponse.Body {
        let (events, continuation) = AsyncStream<ServerSentEvent>.makeStream()
        let task = Task {
            var statistics: [GenerationStatistics] = []
            do {
                let together = choiceGroup
                statistics = try await withThrowingTaskGroup(of: GenerationStatistics.self) { group in
                    for index in 0..<request.sampling.choices {
                        group.addTask { try await together.run(in: index) { try await streamed(index, into: continuation) } }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                if request.includeUsage { continuation.yield(.data(body.usageChunk(statistics).jsonString)) }
                continuation.yield(.data("[DONE]"))
                onEnd(statistics, nil)
            } catch is CancellationError {
                onEnd(statistics, nil)
            } catch {
                let failure = EndpointError(answerError: error)
                continuation.yield(.data(failure.body.jsonString))
                onEnd(statistics, failure)
            }
            continuation.finish()
        }
        let heartbeat = Task {
            while !Task.isCancelled {
                try await Task.sleep(for: Self.heartbeatInterval)
                continuation.yield(.heartbeat)
            }
        }
        continuation.onTermination = { _ in
            task.cancel()
            heartbeat.cancel()
        }
        return .events(events, cancel: { task.cancel() })
    }

    /// One choice, streamed: its role, its text as it is decoded (a tool turn's call once it
    /// is complete), its finish.
    private func streamed(_ index: Int, into continuation: AsyncStream<ServerSentEvent>.Continuation) async throws -> GenerationStatistics {
        if let role = body.roleChunk(index: index) { continuation.yield(.data(role.jsonString)) }
        var sentBytes = 0
        let choice = try await answer(index) { text in
            guard !turn.readsToolCalls else { return }
            let complete = text.completeText.utf8
            guard complete.count > sentBytes else { return }
            continuation.yield(.data(body.contentChunk(index: index, text: String(decoding: complete.dropFirst(sentBytes), as: UTF8.self)).jsonString))
            sentBytes = complete.count
        }
        if let reasoning = choice.reasoning {
            continuation.yield(.data(body.reasoningChunk(index: index, text: reasoning).jsonString))
        }
        switch choice.reply {
        case .call(let name, let arguments):
            continuation.yield(.data(body.callChunk(index: index, name: name, arguments: arguments).jsonString))
        case .content(let text):
            let rest = text.utf8.dropFirst(sentBytes)
            if !rest.isEmpty { continuation.yield(.data(body.contentChunk(index: index, text: String(decoding: rest, as: UTF8.self)).jsonString)) }
        }
        continuation.yield(.data(body.finishChunk(index: index, reason: choice.finishReason).jsonString))
        return choice.statistics
    }

    /// Choice `index`, checked; `progress` sees its text as it grows.
    private func answer(_ index: Int, progress: (ResponseText) -> Void) async throws -> CompletionBody.Choice {
        do {
            let options = options(forChoice: index)
            let report = { (attempt: Int, text: ResponseText) in
                if attempt == 0 { progress(text) }
            }
            let answer = if let promptText = turn.promptText {
                try await model.checkedAnswer(toPromptText: promptText, constraint: turn.constraint, options: options, progress: report)
            } else {
                try await model.checkedAnswer(to: turn.messages, constraint: turn.constraint, options: options, progress: report)
            }
            let reply = try turn.reply(to: answer.text)
            let finishReason = if case .call = reply { "tool_calls" } else { "stop" }
            return .init(index: index, reply: reply, reasoning: answer.reasoning, finishReason: finishReason, statistics: answer.statistics)
        } catch let ResponseError.exceededMaximumResponseTokens(limit, partialText) {
            // OpenAI's answer to a token limit: the text so far, finish_reason "length".
            var statistics = await cutShort(index)
            statistics.responseTokens = limit
            return .init(index: index, reply: .content(partialText), reasoning: nil, finishReason: "length", statistics: statistics)
        } catch let ResponseError.contextFilledDuringResponse(contextSize, partialText) {
            var statistics = await cutShort(index)
            statistics.responseTokens = max(contextSize - statistics.promptTokens, 0)
            return .init(index: index, reply: .content(partialText), reasoning: nil, finishReason: "length", statistics: statistics)
        }
    }

    /// The usage of choice `index`, cut short: the stream ended in an error, not with its
    /// statistics, so the prompt is counted again (0 where the model cannot count it).
    private func cutShort(_ index: Int) async -> GenerationStatistics {
        let request = GenerationRequest(messages: turn.messages, promptText: turn.promptText, constraint: turn.constraint, options: options(forChoice: index))
        var statistics = GenerationStatistics.zero
        statistics.promptTokens = ((try? await model.promptTokenCount(for: request)) ?? nil) ?? 0
        return statistics
    }
}
