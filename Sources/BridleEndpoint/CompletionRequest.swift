import BridleGeneration
import BridleSchema

/// A `POST /v1/chat/completions` or `POST /v1/completions` body, read and checked: every field
/// this endpoint acts on, and a 400 naming any other.
///
/// ```json
/// {"model":"gemma","messages":[{"role":"user","content":"Three films from 1985"}],
///  "response_format":{"type":"json_schema","json_schema":{"name":"films","strict":true,"schema":{…}}}}
/// {"model":"gemma","prompt":"The capital of France is","max_tokens":8}
/// ```
///
/// A text completion's `prompt` is read as it is, with no chat template and nothing added; it
/// may still carry `response_format` (as vLLM's does) or `bridle.grammar`.
struct CompletionRequest {
    enum Kind {
        /// `/v1/chat/completions`: a conversation.
        case chat
        /// `/v1/completions`: a written prompt.
        case text
    }

    enum ToolChoice: Equatable {
        case auto, none, required
        case function(String)
    }

    enum ResponseFormat {
        case text
        /// `json_object`: any JSON object.
        case jsonObject
        case jsonSchema(GenerationSchema)
    }

    let kind: Kind
    var model: String
    var messages: [ChatMessage]
    /// A text completion's prompt.
    var promptText: String?
    var tools: [DeclaredTool]
    var toolChoice: ToolChoice
    var responseFormat: ResponseFormat
    /// `bridle.grammar`: a GBNF grammar the answer must match, instead of a schema.
    var grammar: String?
    var stream: Bool
    /// `stream_options.include_usage`: a last chunk with the usage.
    var includeUsage: Bool
    var reasoning: ReasoningLevel?
    var sampling: SamplingFields

    private static let sharedFields: Set<String> = SamplingFields.fields.union([
        "model", "response_format", "stream", "stream_options", "bridle",
    ])
    private static let chatFields: Set<String> = sharedFields.union([
        "messages", "tools", "tool_choice", "parallel_tool_calls", "reasoning_effort",
    ])
    private static let textFields: Set<String> = sharedFields.union(["prompt", "echo", "suffix", "best_of"])

    init(body: RequestField, kind: Kind) throws(EndpointError) {
        self.kind = kind
        try body.refuseUnknownKeys(kind == .chat ? Self.chatFields : Self.textFields)
        model = try body.optional("model")?.string() ?? ""
        switch kind {
        case .chat:
            messages = try ChatTranscript.messages(from: body.required("messages"))
            tools = try body.optional("tools").map { field throws(EndpointError) in try DeclaredTool.declarations(in: field) } ?? []
            toolChoice = try Self.toolChoice(body.optional("tool_choice"), tools: tools)
            // A turn writes at most one call, which parallel calls allowed or not both admit.
            _ = try body.optional("parallel_tool_calls")?.bool()
        case .text:
            messages = []
            promptText = try Self.prompt(body.required("prompt"))
            tools = []
            toolChoice = .none
            if let echo = try body.optional("echo"), try echo.bool() {
                throw echo.problem("echo is not supported: the response holds the completion only; send false or leave it out")
            }
            if let suffix = try body.optional("suffix") {
                throw suffix.problem("suffix is not supported: a completion continues its prompt; leave it out")
            }
            if let bestOf = try body.optional("best_of"), try bestOf.integer() != 1 {
                throw bestOf.problem("best_of is not supported over HTTP: send n for several answers, or leave it out")
            }
        }
        responseFormat = try Self.responseFormat(body.optional("response_format"))
        stream = try body.optional("stream")?.bool() ?? false
        includeUsage = false
        if let options = try body.optional("stream_options") {
            try options.refuseUnknownKeys(["include_usage"])
            includeUsage = try options.optional("include_usage")?.bool() ?? false
        }
        reasoning = try body.optional("reasoning_effort").flatMap { field throws(EndpointError) -> ReasoningLevel? in
            switch try field.choice(["none", "minimal", "low", "medium", "high"]) {
            case "low": .light
            case "medium": .moderate
            case "high": .deep
            default: nil
            }
        }
        let extensions = try body.optional("bridle")
        try extensions?.refuseUnknownKeys(["grammar", "top_k", "request_emphasis"])
        grammar = try extensions?.optional("grammar")?.string()
        sampling = try SamplingFields(reading: body, extensions: extensions)
        if kind == .text, let weight = sampling.emphasisWeight, weight != 1 {
            throw .invalidRequest(
                "request emphasis weighs a conversation's request against the same conversation without it; a written prompt has no request to take out: use /v1/chat/completions, or send 1",
                parameter: "bridle.request_emphasis")
        }
        if grammar != nil {
            if case .text = responseFormat {} else {
                throw .invalidRequest("give response_format or bridle.grammar, not both", parameter: "bridle.grammar")
            }
            if !tools.isEmpty, toolChoice != .none {
                throw .invalidRequest("bridle.grammar can't be combined with tools: the turn's grammar is made from their schemas", parameter: "bridle.grammar")
            }
        }
    }

    /// A text completion's `prompt`: a string, or an array of exactly one.
    private static func prompt(_ field: RequestField) throws(EndpointError) -> String {
        if case .string(let text) = field.value.kind { return text }
        let elements = try field.array()
        guard elements.count == 1 else {
            throw field.problem("give one prompt: a string, or an array of one string (send n for several answers)")
        }
        return try elements[0].string()
    }

    private static func toolChoice(_ field: RequestField?, tools: [DeclaredTool]) throws(EndpointError) -> ToolChoice {
        guard let field else { return tools.isEmpty ? .none : .auto }
        let choice: ToolChoice
        if case .string = field.value.kind {
            switch try field.choice(["auto", "none", "required"]) {
            case "auto": choice = .auto
            case "required": choice = .required
            default: choice = .none
            }
        } else {
            try field.refuseUnknownKeys(["type", "function"])
            _ = try field.required("type").choice(["function"])
            let function = try field.required("function")
            try function.refuseUnknownKeys(["name"])
            let name = try function.required("name").string()
            guard tools.contains(where: { $0.name == name }) else {
                throw function.problem("there is no tool named \"\(name)\" in tools")
            }
            choice = .function(name)
        }
        if tools.isEmpty, choice != .none, choice != .auto {
            throw field.problem("tool_choice asks for a call, but the request has no tools")
        }
        return choice
    }

    private static func responseFormat(_ field: RequestField?) throws(EndpointError) -> ResponseFormat {
        guard let field else { return .text }
        switch try field.required("type").choice(["text", "json_object", "json_schema"]) {
        case "text":
            try field.refuseUnknownKeys(["type"])
            return .text
        case "json_object":
            try field.refuseUnknownKeys(["type"])
            return .jsonObject
        default:
            try field.refuseUnknownKeys(["type", "json_schema"])
            let definition = try field.required("json_schema")
            try definition.refuseUnknownKeys(["name", "description", "schema", "strict"])
            _ = try definition.required("name").string()
            _ = try definition.optional("description")?.string()
            // Bridle always enforces the schema, strict or not.
            _ = try definition.optional("strict")?.bool()
            let schema = try definition.required("schema")
            return .jsonSchema(try JSONSchemaDocument.read(schema.value, at: schema.path))
        }
    }
}
