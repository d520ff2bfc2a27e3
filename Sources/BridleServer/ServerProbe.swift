import AsyncHTTPClient
import BridleSchema
import Foundation
import NIOCore

/// Names the engine behind a URL from what it answers, for a configuration that doesn't say.
///
/// ```swift
/// let engine = try await ServerProbe.engine(at: URL(string: "http://127.0.0.1:8080")!)
/// // .llamaServer
/// ```
///
/// It asks, in order: llama-server's `/props`; vLLM's `/version` (whose number picks
/// ``ServerEngine/vLLM`` or, before 0.10.2, ``ServerEngine/vLLMGuidedGrammar``); SGLang's
/// `/get_server_info`; then the `owned_by` of the first model in `/v1/models` (`llamacpp`,
/// `vllm`, `sglang`, anything else: ``ServerEngine/openAICompatible``).
public enum ServerProbe {
    /// The longest each question may take.
    static let timeout = TimeAmount.seconds(5)

    public static func engine(at url: URL, httpClient: HTTPClient = ServerLanguageModel.defaultHTTPClient) async throws(ServerError) -> ServerEngine {
        let base = url.absoluteString.hasSuffix("/") ? String(url.absoluteString.dropLast()) : url.absoluteString
        func get(_ path: String) async -> GeneratedContent? {
            guard let response = try? await httpClient.execute(HTTPClientRequest(url: base + path), timeout: timeout),
                  response.status == .ok,
                  let body = try? await response.body.collect(upTo: 1 << 20)
            else { return nil }
            return try? GeneratedContent(json: String(buffer: body))
        }
        if let props = await get("/props"), props[property: "default_generation_settings"] != nil {
            return .llamaServer
        }
        if case .string(let version)? = await get("/version")?[property: "version"]?.kind {
            return vLLMEngine(version: version)
        }
        if await get("/get_server_info") != nil {
            return .sglang
        }
        guard let models = await get("/v1/models") else {
            throw .probeFailed(endpoint: base, reason: "it answered none of /props, /version, /get_server_info and /v1/models; is it an inference server? Set ServerConfiguration.engine")
        }
        guard case .array(let list)? = models[property: "data"]?.kind,
              case .string(let owner)? = list.first?[property: "owned_by"]?.kind
        else { return .openAICompatible }
        switch owner.lowercased() {
        case "llamacpp": return .llamaServer
        case "vllm": return .vLLM
        case "sglang": return .sglang
        default: return .openAICompatible
        }
    }

    /// vLLM 0.10.2 added `structured_outputs`; `guided_grammar`, its predecessor, went in 0.12.0.
    static func vLLMEngine(version: String) -> ServerEngine {
        let numbers = version.split(whereSeparator: { !$0.isNumber }).prefix(3).compactMap { Int($0) }
        let padded = numbers + Array(repeating: 0, count: max(0, 3 - numbers.count))
        return padded.lexicographicallyPrecedes([0, 10, 2]) ? .vLLMGuidedGrammar : .vLLM
    }
}
