import BridleGeneration
import BridleSchema

/// A `POST /v1/chat/completions` body, read and checked: every field this endpoint acts on,
/// and a 400 naming any other.
///
/// ```json
/// {"model":"gemma","messages":[{"role":"user","content":"Three films from 1985"}],
///  "response_format":{"type":"json_schema","json_schema":{"name":"films","strict":true,"schema":{…}}}}
/// ```
struct ChatCompletionRequest {
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

    var model: String
    var messages: [ChatMessage]
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

    private static let fields: Set<String> = SamplingFields.fields.union([
        "model", "messages", "tools", "tool_choice", "parallel_tool_calls", "response_format", "stream", "stream_options",
        "reasoning_effort", "bridle",
    ])

    init(body: RequestField) throws(EndpointError) {
        try body.refuseUnknownKeys(Self.fields)
        model = try body.optional("model")?.string() ?? ""
        messages = try ChatTranscript.messages(from: body.required("messages"))
        tools = try body.optional("tools").map { field throws(EndpointError) in try DeclaredTool.declarations(in: field) } ?? []
        toolChoice = try Self.toolChoice(body.optional("tool_choice"), tools: tools)
        // A turn writes at most one call, which parallel calls allowed or not both admit.
        _ = try body.optional("parallel_tool_calls")?.bool()
        responseFormat = try Self.responseFormat(body.optional("response_format"))
        stream = try body.optional("stream")?.bool() ?? false
        includeUsage = false
        if let options = try body.optional("stream_options") {
            try options.refuseUnknownKeys(["include_usage"])
            includeUsage = try options.optional("include_usage")?.bool() ?? false
        }
        reasoning = try body.optional("reasoning_effort").flatMap { field throws(EndpointError) in
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
        if grammar != nil {
            if case .text = responseFormat {} else {
                throw .invalidRequest("give response_format or bridle.grammar, not both", parameter: "bridle.grammar")
            }
            if !tools.isEmpty, toolChoice != .none {
                throw .invalidRequest("bridle.grammar can't be combined with tools: the turn's grammar is made from their schemas", parameter: "bridle.grammar")
            }
        }
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
