import ArgumentParser
import Bridle
import BridleEndpoint
import BridleLlama
import Foundation

/// `bridle serve`: a GGUF model behind an OpenAI-compatible endpoint, every answer decoded under
/// Bridle's constraint.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a GGUF model behind an OpenAI-compatible HTTP endpoint, answers under Bridle's constraint.",
        discussion: """
            Routes: POST /v1/chat/completions (response_format json_schema and json_object, tools \
            with tool_choice, stream, n, seed, temperature, top_p, max_tokens or \
            max_completion_tokens, reasoning_effort; Bridle's extensions under "bridle": grammar, \
            top_k, request_emphasis), POST /v1/completions (a prompt read as it is), \
            GET /v1/models, GET /health, GET /metrics (Prometheus). \
            Requests may name any model. The API key, when one is set, is read from --api-key or \
            BRIDLE_API_KEY. Prints "listening on http://HOST:PORT" on standard output once the \
            socket listens.
            """
    )

    @Option(help: "A GGUF model file.")
    var model: String

    @Option(help: "The address to bind (default loopback: whoever reaches the port runs the model).")
    var host = "127.0.0.1"

    @Option(help: "The port; 0 takes a free one, printed once listening.")
    var port = 8080

    @Option(name: .customLong("api-key"), help: "A bearer key every request must carry (default: BRIDLE_API_KEY, or none).")
    var apiKey: String?

    @Option(name: .customLong("model-id"), help: "The model's name in /v1/models (default: the file's name without .gguf).")
    var modelID: String?

    @Option(help: "Sequences decoded together (continuous batching); each answer takes one, two under request emphasis.")
    var sequences = 16

    @Option(name: .customLong("context"), help: "Tokens one answer's sequence may hold (default: the model's, at most 4096).")
    var contextSize: Int?

    @Option(help: "Prompt template: auto (the model's own; plain text when it has none), none, or a llama.cpp template name.")
    var template = "auto"

    @Option(name: .customLong("max-in-flight"), help: "Answers decoding or waiting, past which requests get 429 with Retry-After.")
    var maximumInFlight = 64

    @Option(help: "Request emphasis γ for every request that sends no bridle.request_emphasis (default: 1.5 where the model can; 1 is off).")
    var emphasis: Double?

    func validate() throws {
        guard (1...65535).contains(port) || port == 0 else { throw ValidationError("--port must be 0 to 65535.") }
        guard sequences >= 1 else { throw ValidationError("--sequences must be 1 or more.") }
        guard maximumInFlight >= 1 else { throw ValidationError("--max-in-flight must be 1 or more.") }
        if let emphasis, emphasis != 1, sequences < 2 {
            throw ValidationError("--emphasis \(emphasis) decodes each answer beside the conversation without its request: give --sequences 2 or more, or --emphasis 1.")
        }
    }

    func run() async throws {
        let loaded = try ModelLoading.load(model, contextSize: contextSize, template: template, sequences: sequences)
        var defaults = GenerationOptions()
        if let emphasis { defaults.requestEmphasis = emphasis == 1 ? nil : RequestEmphasis(weight: emphasis) }
        let id = modelID ?? URL(fileURLWithPath: model).deletingPathExtension().lastPathComponent
        let key = apiKey ?? ProcessInfo.processInfo.environment["BRIDLE_API_KEY"].flatMap { $0.isEmpty ? nil : $0 }
        let endpoint = OpenAIEndpoint(
            model: loaded, configuration: EndpointConfiguration(modelID: id, apiKey: key, maximumAnswersInFlight: maximumInFlight, defaults: defaults))
        let host = host
        do {
            try await endpoint.run(host: host, port: port) { port in
                // Unbuffered, so a script waiting for the line sees it at once.
                FileHandle.standardOutput.write(Data("listening on http://\(host):\(port) (\(id), \(loaded.promptTemplateDescription))\n".utf8))
            }
        } catch {
            Diagnostics.error("could not serve on \(host):\(port): \(error)")
            throw ExitCode(1)
        }
    }
}
