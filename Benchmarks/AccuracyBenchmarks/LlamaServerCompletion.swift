import BridleSchema
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

#if canImport(Glibc)
import Glibc
#endif

/// A llama-server process on a loopback port, asked for completions with llama.cpp's own
/// JSON-Schema grammar (its `json_schema` field), the peer the benchmark compares against, or
/// with Bridle's GBNF (its `grammar` field): the two grammars on one engine and sampler.
final class LlamaServerCompletion {
    private let process = Process()
    private let url: String

    init(binary: String, model: String, port: Int, threads: Int) async throws {
        url = "http://127.0.0.1:\(port)"
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = [
            "--model", model, "--host", "127.0.0.1", "--port", String(port), "--parallel", "1", "--ctx-size", "4096",
            "--threads", String(threads), "--threads-batch", String(threads), "--no-webui",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        for _ in 0..<600 {
            if let (_, response) = try? await URLSession.shared.data(from: URL(string: "\(url)/health")!),
                (response as? HTTPURLResponse)?.statusCode == 200 {
                return
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        stop()
        throw BenchmarkFailure("llama-server did not become ready at \(url)")
    }

    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// What the server constrains a completion by.
    enum Constraint {
        /// llama.cpp converts the schema itself.
        case jsonSchema(GeneratedContent)
        /// Bridle's GBNF for the schema.
        case grammar(String)
    }

    /// The completion of `prompt` (already in the model's template) under `constraint`: greedy
    /// when `temperature` is nil, else sampled from the whole distribution with `seed`.
    func complete(prompt: String, constraint: Constraint, temperature: Double?, seed: UInt64, maximumTokens: Int) async throws -> String {
        var fields: [(String, GeneratedContent)] = [
            ("prompt", GeneratedContent(prompt)), ("n_predict", GeneratedContent(maximumTokens)), ("cache_prompt", GeneratedContent(true)),
        ]
        switch constraint {
        case .jsonSchema(let schema): fields.append(("json_schema", schema))
        case .grammar(let gbnf): fields.append(("grammar", GeneratedContent(gbnf)))
        }
        if let temperature {
            fields += [
                ("temperature", GeneratedContent(JSONNumber(Decimal(temperature)) ?? JSONNumber(1))), ("top_k", GeneratedContent(0)),
                ("top_p", GeneratedContent(1)), ("min_p", GeneratedContent(0)), ("seed", GeneratedContent(seed)),
            ]
        } else {
            fields += [("temperature", GeneratedContent(0)), ("top_k", GeneratedContent(1))]
        }
        guard let endpoint = URL(string: "\(url)/completion") else { throw BenchmarkFailure("no URL for \(url)") }
        var request = URLRequest(url: endpoint, timeoutInterval: 600)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(GeneratedContent(properties: fields).jsonString.utf8)
        let (body, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 200, let answer = try? GeneratedContent(jsonData: body), case .string(let content)? = answer[property: "content"]?.kind else {
            throw BenchmarkFailure("llama-server answered \(status): \(String(decoding: body.prefix(300), as: UTF8.self))")
        }
        return content
    }
}

struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
