import AsyncHTTPClient
import Bridle
import Foundation
import NIOCore

/// Chat completions over HTTP as any OpenAI client sends them: each request a JSON Schema in
/// `response_format`, its own prompt and seed; `sessions` requests in flight at a time. Each
/// answer is checked against the schema by Bridle's validator, whoever wrote it.
struct ChatCompletionLoad {
    let url: String
    let schema: GenerationSchema
    /// Fields the server reads for top-k 40 (llama-server: `top_k`; bridle serve: `bridle.top_k`).
    let topK: (String, GeneratedContent)

    struct Outcome {
        let row: Row
        let valid: Int
    }

    func body(index: Int) -> String {
        GeneratedContent(properties: [
            ("model", "any"),
            ("messages", [["role": "user", "content": GeneratedContent("Request \(index): which of my contacts are millennials?")]]),
            ("response_format", [
                "type": "json_schema", "json_schema": ["name": "arguments", "strict": true, "schema": schema.jsonSchema],
            ]),
            ("seed", GeneratedContent(index)), ("temperature", 1), ("top_p", 1), ("max_tokens", 200), topK,
        ]).jsonString
    }

    func run(_ label: String, sessions: Int) async throws -> Outcome {
        let requests = max(16, sessions)
        let clock = ContinuousClock()
        let start = clock.now
        let results = try await withThrowingTaskGroup(of: (Double, Bool).self) { group in
            var next = 0
            var results: [(Double, Bool)] = []
            func launch() {
                let index = next
                next += 1
                group.addTask {
                    let began = clock.now
                    let valid = try await send(body(index: index))
                    return (seconds(clock.now - began), valid)
                }
            }
            for _ in 0..<min(sessions, requests) { launch() }
            for try await result in group {
                results.append(result)
                if next < requests { launch() }
            }
            return results
        }
        let row = Row(backend: label, sessions: sessions, requests: requests, seconds: seconds(clock.now - start), latencies: results.map(\.0))
        return Outcome(row: row, valid: results.filter(\.1).count)
    }

    /// Whether the answer came back whole and matches the schema.
    func send(_ body: String) async throws -> Bool {
        var request = HTTPClientRequest(url: url + "/v1/chat/completions")
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(string: body))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(600))
        let text = String(buffer: try await response.body.collect(upTo: 16 << 20))
        guard response.status == .ok, let reply = try? GeneratedContent(json: text),
            case .structure(let fields, _) = reply.kind, case .array(let choices)? = fields["choices"]?.kind,
            case .structure(let choice, _)? = choices.first?.kind, case .structure(let message, _)? = choice["message"]?.kind,
            case .string(let content)? = message["content"]?.kind, let answer = try? GeneratedContent(json: content)
        else { return false }
        return schema.violations(of: answer).isEmpty
    }
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
}
