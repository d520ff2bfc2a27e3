import BridleBackend

/// The fields of a request that say how tokens are drawn and how many, shared by chat and text
/// completions, read into ``GenerationOptions``.
///
/// OpenAI's defaults hold: `temperature` 1 and `top_p` 1 sample from the model's whole
/// distribution; `temperature` 0 is greedy. Bridle adds `bridle.top_k` (top-k sampling, which
/// OpenAI's API lacks) and `bridle.request_emphasis` (the weight of
/// ``GenerationOptions/requestEmphasis``; 1 is off).
struct SamplingFields {
    /// How many answers (`n`); each samples from its own seed.
    var choices = 1
    var seed: UInt64?
    var temperature: Double?
    var topP: Double?
    var topK: Int?
    var maximumTokens: Int?
    var emphasisWeight: Double?

    static let fields: Set<String> = [
        "n", "seed", "temperature", "top_p", "max_tokens", "max_completion_tokens", "frequency_penalty", "presence_penalty",
        "logprobs", "user",
    ]
    static let largestChoiceCount = 16

    init() {}

    init(reading body: RequestField, extensions: RequestField?) throws(EndpointError) {
        choices = try body.optional("n")?.integer(in: 1...Self.largestChoiceCount) ?? 1
        // OpenAI takes any 64-bit integer; its bits are the seed.
        seed = try body.optional("seed").map { field throws(EndpointError) in UInt64(bitPattern: Int64(try field.integer())) }
        temperature = try body.optional("temperature")?.double(in: 0...2)
        topP = try body.optional("top_p")?.double(in: 0...1)
        if topP == 0 { throw .invalidRequest("top_p must be above 0", parameter: "top_p") }
        let maxTokens = try body.optional("max_tokens")
        let maxCompletionTokens = try body.optional("max_completion_tokens")
        if maxTokens != nil, maxCompletionTokens != nil {
            throw .invalidRequest("give max_tokens or max_completion_tokens, not both", parameter: "max_tokens")
        }
        maximumTokens = try (maxCompletionTokens ?? maxTokens)?.integer(in: 1...Int(Int32.max))
        for penalty in ["frequency_penalty", "presence_penalty"] {
            if let field = try body.optional(penalty), try field.double(in: -2...2) != 0 {
                throw .invalidRequest("\(penalty) is not supported: penalties would change the tokens a grammar allows; send 0 or leave it out", parameter: penalty)
            }
        }
        if let field = try body.optional("logprobs"), try field.bool() {
            throw .invalidRequest("logprobs are not supported by this endpoint; send false or leave it out", parameter: "logprobs")
        }
        // `user` identifies an end user for abuse monitoring; it never changes an answer.
        _ = try body.optional("user")?.string()
        if let extensions {
            topK = try extensions.optional("top_k")?.integer(in: 1...Int(Int32.max))
            emphasisWeight = try extensions.optional("request_emphasis")?.double(in: 1...16)
        }
        if topK != nil, let topP, topP < 1 {
            throw .invalidRequest("give top_p or bridle.top_k, not both: a draw uses one filter", parameter: "bridle.top_k")
        }
    }

    /// The options for answer `index` (0 first), from `defaults`: seeded requests give answer
    /// i the seed + i.
    func options(forChoice index: Int, defaults: GenerationOptions) -> GenerationOptions {
        var options = defaults
        options.maximumResponseTokens = maximumTokens
        let seed = seed.map { $0 &+ UInt64(index) }
        if temperature == 0 {
            options.sampling = .greedy
        } else {
            options.temperature = temperature ?? 1
            if let topK {
                options.sampling = .random(top: topK, seed: seed)
            } else {
                options.sampling = .random(probabilityThreshold: topP ?? 1, seed: seed)
            }
        }
        if let emphasisWeight {
            options.requestEmphasis = emphasisWeight == 1 ? nil : RequestEmphasis(weight: emphasisWeight)
        }
        return options
    }
}
