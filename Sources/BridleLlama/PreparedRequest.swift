import BridleBackend
import BridleMask
import CLlama

/// A request ready to start on a ``LlamaContext``: its constraint, sampler chain and prompt
/// tokens, checked against the context before it takes a sequence.
struct PreparedRequest {
    let ticket: SequenceTicket
    let constraint: any TokenConstraint
    let sampler: SamplerChain
    let prompt: [llama_token]
    /// The prompt without the request, and γ, under request emphasis: a second feed.
    let baseline: (prompt: [llama_token], emphasis: RequestEmphasis)?
    let compileSeconds: Double
    let begun: ContinuousClock.Instant

    init(
        _ ticket: SequenceTicket, model: LlamaModel, formatter: ChatFormatter, capabilities: LanguageModelCapabilities,
        contextSize: Int
    ) throws {
        begun = ContinuousClock.now
        self.ticket = ticket
        let request = ticket.request
        try request.options.validate(for: capabilities)
        (constraint, compileSeconds) = try model.constraint(for: request)
        sampler = try SamplerChain(options: request.options)
        let thinksFirst = request.options.reasoningBudget > 0
        let messages = thinksFirst ? Self.askingToThinkFirst(request.messages) : request.messages
        prompt = try model.tokenize(formatter.prompt(for: messages))
        guard !prompt.isEmpty else { throw ResponseError.emptyPrompt }
        guard prompt.count < contextSize else {
            throw ResponseError.exceededContextWindowSize(promptTokens: prompt.count, contextSize: contextSize)
        }
        // Options are valid here: an emphasis the context can't run (one sequence) is automatic.
        if let emphasis = request.options.requestEmphasis, emphasis.isActive, capabilities.contains(.requestEmphasis),
            let without = request.messagesWithoutRequest
        {
            baseline = (try model.tokenize(formatter.prompt(for: thinksFirst ? Self.askingToThinkFirst(without) : without)), emphasis)
        } else {
            baseline = nil
        }
    }

    /// `messages` with ``ThinkFirst/instruction`` closing the first system message (a new one
    /// when there is none): the model has no reasoning block of its own to think in.
    static func askingToThinkFirst(_ messages: [ChatMessage]) -> [ChatMessage] {
        guard let first = messages.first, first.role == .system else { return [.system(ThinkFirst.instruction)] + messages }
        var asked = messages
        asked[0].content = first.content.isEmpty ? ThinkFirst.instruction : first.content + "\n\n" + ThinkFirst.instruction
        return asked
    }

    /// The prompts of its feeds, its own first.
    var prompts: [[llama_token]] { [prompt] + (baseline.map { [$0.prompt] } ?? []) }
}
