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
        let reasoning = request.options.reasoningBudget > 0 && request.promptText == nil ? formatter.reasoningFormat : nil
        (constraint, compileSeconds) = try model.constraint(for: request, reasoningBlock: reasoning)
        sampler = try SamplerChain(options: request.options)
        let (instruction, opening) = Self.framing(of: request, reasoning: reasoning)
        prompt = try Self.prompt(for: request, model: model, formatter: formatter)
        guard !prompt.isEmpty else { throw ResponseError.emptyPrompt }
        guard prompt.count < contextSize else {
            throw ResponseError.exceededContextWindowSize(promptTokens: prompt.count, contextSize: contextSize)
        }
        // Options are valid here: an emphasis the context can't run (one sequence) is automatic.
        if let emphasis = request.options.requestEmphasis, emphasis.isActive, capabilities.contains(.requestEmphasis),
            let without = request.messagesWithoutRequest
        {
            baseline = (try model.tokenize(formatter.prompt(for: Self.adding(instruction, to: without), tools: request.tools) + opening), emphasis)
        } else {
            baseline = nil
        }
    }

    /// The tokens of `request`'s own prompt.
    static func prompt(for request: GenerationRequest, model: LlamaModel, formatter: ChatFormatter) throws -> [llama_token] {
        if let promptText = request.promptText { return try model.tokenize(promptText) }
        let reasoning = request.options.reasoningBudget > 0 ? formatter.reasoningFormat : nil
        let (instruction, opening) = framing(of: request, reasoning: reasoning)
        return try model.tokenize(formatter.prompt(for: adding(instruction, to: request.messages), tools: request.tools) + opening)
    }

    /// What reasoning adds around the conversation: it asks for it in the system message (the
    /// same in the baseline conversation), unless the model has a reasoning block of its own,
    /// which the prompt then opens for it.
    private static func framing(of request: GenerationRequest, reasoning: ReasoningFormat?) -> (instruction: String?, opening: String) {
        let instruction = request.options.reasoningBudget > 0 && reasoning == nil ? request.options.reasoningStyle.instruction : nil
        return (instruction, reasoning.flatMap { $0.startsInPrompt ? nil : $0.start } ?? "")
    }

    /// `messages` with `instruction` (``ReasoningStyle/instruction``) closing the first system
    /// message (a new one when there is none); unchanged without one.
    static func adding(_ instruction: String?, to messages: [ChatMessage]) -> [ChatMessage] {
        guard let instruction else { return messages }
        guard let first = messages.first, first.role == .system else { return [.system(instruction)] + messages }
        var asked = messages
        asked[0].content = first.content.isEmpty ? instruction : first.content + "\n\n" + instruction
        return asked
    }

    /// The prompts of its feeds, its own first.
    var prompts: [[llama_token]] { [prompt] + (baseline.map { [$0.prompt] } ?? []) }
}
