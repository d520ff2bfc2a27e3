/// The inference server a ``ServerLanguageModel`` talks to, which decides the endpoint, the
/// field that carries Bridle's grammar and the stream's format.
///
/// | Engine | Endpoint | Grammar field | Prompt |
/// |---|---|---|---|
/// | `llamaServer` | `/completion` | `grammar` (GBNF) | rendered by Bridle |
/// | `vLLM` | `/v1/completions` | `structured_outputs.grammar` (vLLM 0.10.2 and later) | rendered by Bridle |
/// | `vLLMGuidedGrammar` | `/v1/completions` | `guided_grammar` (vLLM before 0.12.0) | rendered by Bridle |
/// | `sglang` | `/v1/completions` | `ebnf` (XGrammar reads GBNF) | rendered by Bridle |
/// | `openAICompatible` | `/v1/chat/completions` | none: `response_format` JSON Schema | the server's chat template |
///
/// Every engine but the last gets the grammar Bridle compiled, so the server's own JSON Schema
/// converter (and its gaps) never decides the output's shape. The completion endpoints take
/// the prompt as text, so no server-side chat template wraps it: llama-server falls back to
/// ChatML for a GGUF without a template, which a base model such as gemma-3-270m would imitate.
public enum ServerEngine: String, Sendable, Hashable, Codable, CaseIterable {
    case llamaServer = "llama-server"
    case vLLM = "vllm"
    case vLLMGuidedGrammar = "vllm-guided-grammar"
    case sglang
    /// Any server with OpenAI's chat completions API and no grammar field. A request with a
    /// schema sends it as `response_format` (`json_schema`, strict); one with only a grammar
    /// (GBNF from a file, a tool turn) is refused with ``ServerError/grammarUnsupported(engine:)``.
    /// Either way Bridle checks the answer against the grammar as it streams.
    case openAICompatible = "openai"

    /// The path requests are posted to, below the endpoint's URL.
    var completionPath: String {
        switch self {
        case .llamaServer: "/completion"
        case .vLLM, .vLLMGuidedGrammar, .sglang: "/v1/completions"
        case .openAICompatible: "/v1/chat/completions"
        }
    }

    /// Whether the server closes the connection after a streamed answer. llama-server (this
    /// version and its cpp-httplib) answers with `Keep-Alive: timeout=5, max=100` but closes the
    /// connection once the stream ends: its stream's last step reports "no more data", which
    /// cpp-httplib takes as a failed write. A client that kept the connection would send its next
    /// request on a closing socket (`I/O on closed channel`, `remoteConnectionClosed`), which
    /// happened to one request in 16 once every slot was busy. So the request says
    /// `Connection: close`, and the connection is never pooled.
    var closesStreamedConnections: Bool { self == .llamaServer }
}
