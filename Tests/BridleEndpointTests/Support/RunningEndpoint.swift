import AsyncHTTPClient
import BridleEndpoint
import BridleSchema
import Foundation
import NIOCore
import NIOHTTP1
import Testing

/// An ``OpenAIEndpoint`` serving on a free loopback port for one test, and requests to it over
/// real HTTP.
final class RunningEndpoint: Sendable {
    let endpoint: OpenAIEndpoint
    let port: Int
    private let task: Task<Void, any Error>

    init(_ endpoint: OpenAIEndpoint) async throws {
        self.endpoint = endpoint
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        task = Task { try await endpoint.run(host: "127.0.0.1", port: 0) { continuation.yield($0) } }
        var iterator = ports.makeAsyncIterator()
        port = try #require(await iterator.next(), "the endpoint did not start")
    }

    deinit { task.cancel() }

    var baseURL: String { "http://127.0.0.1:\(port)" }

    struct Reply {
        let status: Int
        let headers: HTTPHeaders
        let text: String
        var json: GeneratedContent? { try? GeneratedContent(json: text) }
    }

    func send(_ method: HTTPMethod = .POST, _ path: String, body: String? = nil, key: String? = nil) async throws -> Reply {
        var request = HTTPClientRequest(url: baseURL + path)
        request.method = method
        if let body { request.body = .bytes(ByteBuffer(string: body)) }
        request.headers.add(name: "Content-Type", value: "application/json")
        if let key { request.headers.add(name: "Authorization", value: "Bearer \(key)") }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(300))
        let buffer = try await response.body.collect(upTo: 64 << 20)
        return Reply(status: Int(response.status.code), headers: response.headers, text: String(buffer: buffer))
    }

    /// The data of each server-sent event of a streamed response, in order.
    func events(_ body: String, path: String = "/v1/chat/completions") async throws -> [String] {
        let reply = try await send(.POST, path, body: body)
        #expect(reply.status == 200, "\(reply.text)")
        #expect(reply.headers.first(name: "Content-Type") == "text/event-stream")
        return reply.text.components(separatedBy: "\n\n").compactMap { event in
            event.hasPrefix("data: ") ? String(event.dropFirst("data: ".count)) : nil
        }
    }
}
