import BridleBackend
import BridleGrammar
import BridleJSONSchema
import BridleSchema

/// The JSON body of one streamed request, in each engine's own field names.
///
/// Keys come in a fixed order, so the same request gives byte-identical text.
struct ServerRequestBody {
    let configuration: ServerConfiguration

    func content(for request: GenerationRequest) throws(ServerError) -> GeneratedContent {
        let engine = configuration.engine
        var fields: [(String, GeneratedContent)] = []
        if let model = configuration.model, engine != .llamaServer { fields.append(("model", GeneratedContent(model))) }
        if engine == .openAICompatible {
            if request.promptText != nil { throw .promptTextUnsupported(engine: engine) }
            fields.append(("messages", GeneratedContent(elements: request.messages.map(Self.message))))
        } else {
            fields.append(("prompt", GeneratedContent(request.promptText ?? configuration.promptFormat.text(for: request.messages))))
        }
        if let limit = request.options.maximumResponseTokens {
            fields.append((engine == .llamaServer ? "n_predict" : "max_tokens", GeneratedContent(limit)))
        }
        fields += sampling(request.options)
        fields.append(("stream", true))
        if engine == .llamaServer {
            fields.append(("cache_prompt", true))
        } else {
            fields.append(("stream_options", ["include_usage": true]))
        }
        fields += try constraint(request)
        return GeneratedContent(properties: fields)
    }

    /// The constraint's GBNF (or, for an engine without grammars, its schema) in the engine's
    /// field.
    private func constraint(_ request: GenerationRequest) throws(ServerError) -> [(String, GeneratedContent)] {
        guard let constraint = request.constraint else { return [] }
        let gbnf = GeneratedContent(constraint.gbnf)
        if let trigger = constraint.trigger {
            // llama-server's lazy grammar reads the text from the trigger on, as Bridle's does;
            // a trigger that is one token must also be preserved, or the server refuses it.
            guard configuration.engine == .llamaServer else { throw .lazyGrammarUnsupported(trigger: trigger) }
            return [
                ("grammar", gbnf), ("grammar_lazy", true),
                ("grammar_triggers", [["type": 1, "value": GeneratedContent(trigger)]]),
                ("preserved_tokens", [GeneratedContent(trigger)]),
            ]
        }
        switch configuration.engine {
        case .llamaServer: return [("grammar", gbnf)]
        case .vLLM: return [("structured_outputs", ["grammar": gbnf])]
        case .vLLMGuidedGrammar: return [("guided_grammar", gbnf)]
        case .sglang: return [("ebnf", gbnf)]
        case .openAICompatible:
            guard let schema = constraint.schema else { throw .grammarUnsupported(engine: .openAICompatible) }
            return [("response_format", [
                "type": "json_schema",
                "json_schema": ["name": "answer", "strict": true, "schema": schema.jsonSchema],
            ])]
        }
    }

    /// The sampling mode in each engine's terms: every filter the mode doesn't name is turned
    /// off (llama-server's defaults add top-k 40, top-p 0.95 and min-p 0.05), so a server
    /// samples from the same distribution as the in-process backend.
    private func sampling(_ options: GenerationOptions) -> [(String, GeneratedContent)] {
        let engine = configuration.engine
        let noTopK: GeneratedContent = engine == .llamaServer ? 0 : -1
        var fields: [(String, GeneratedContent)] = []
        let temperature = options.temperature ?? 1
        switch options.sampling?.strategy {
        case .greedy:
            fields.append(("temperature", 0))
            if engine != .openAICompatible { fields.append(("top_k", 1)) }
        case .topK(let k):
            fields.append(("temperature", Self.number(temperature)))
            if engine != .openAICompatible { fields.append(("top_k", GeneratedContent(k))) }
            fields.append(("top_p", 1))
        case .nucleus(let threshold):
            fields.append(("temperature", Self.number(temperature)))
            if engine != .openAICompatible { fields.append(("top_k", noTopK)) }
            fields.append(("top_p", Self.number(threshold)))
        case nil:
            fields.append(("temperature", Self.number(temperature)))
            if engine != .openAICompatible { fields.append(("top_k", noTopK)) }
            fields.append(("top_p", 1))
        }
        if engine == .llamaServer { fields.append(("min_p", 0)) }
        if !configuration.excludedTokens.isEmpty { fields.append(("logit_bias", excludedTokens)) }
        if let seed = options.sampling?.seed { fields.append(("seed", GeneratedContent(Self.serverSeed(seed)))) }
        return fields
    }

    /// llama-server takes `[[id, false]]` ("never"); the OpenAI-style endpoints take
    /// `{"id": -100}`, their strongest bias.
    private var excludedTokens: GeneratedContent {
        if configuration.engine == .llamaServer {
            return GeneratedContent(elements: configuration.excludedTokens.map { GeneratedContent(elements: [GeneratedContent($0), false]) })
        }
        return GeneratedContent(properties: configuration.excludedTokens.map { (String($0), GeneratedContent(-100)) })
    }

    /// Servers take 32-bit seeds (llama-server reads 0xFFFFFFFF as "draw one"), so the seed is
    /// folded into 31 bits: the same seed always sends the same number.
    static func serverSeed(_ seed: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: seed ^ (seed >> 32)) & 0x7FFF_FFFF
    }

    private static func number(_ value: Double) -> GeneratedContent {
        JSONNumber(value).map(GeneratedContent.init) ?? .null
    }

    private static func message(_ message: ChatMessage) -> GeneratedContent {
        // OpenAI's tool role needs a call id Bridle's transcript keeps in the text instead.
        let role = message.role == .tool ? ChatMessage.Role.user : message.role
        return ["role": GeneratedContent(role.rawValue), "content": GeneratedContent(message.content)]
    }
}
