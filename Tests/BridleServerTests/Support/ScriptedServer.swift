import Foundation
import NIOCore
import NIOHTTP1
import Synchronization

/// An HTTP server on loopback that answers from a script: for the engines that can't run on
/// this machine (vLLM, SGLang, OpenAI-style servers), it sends the bodies their documentation
/// shows, so the client's reading of them (usage after `finish_reason`, `[DONE]`, the probe's
/// questions) is tested over real HTTP. Connections are kept alive, as uvicorn keeps them.
final class ScriptedServer: Sendable {
    /// One answer: a status, a content type and the body, written in these pieces.
    struct Reply: Sendable {
        var status: HTTPResponseStatus = .ok
        var contentType = "application/json"
        var pieces: [String]

        static func json(_ text: String) -> Reply { Reply(pieces: [text]) }
        static let notFound = Reply(status: .notFound, pieces: [#"{"detail":"Not Found"}"#])

        /// Server-sent events: each JSON value as one event's data, then `data: [DONE]`.
        static func events(_ data: [String]) -> Reply {
            Reply(contentType: "text/event-stream", pieces: (data + ["[DONE]"]).map { "data: \($0)\n\n" })
        }
    }

    /// A request the server received.
    struct Received: Sendable, Equatable {
        let method: HTTPMethod
        let path: String
        let body: String
    }

    var url: URL { server.url }
    private let log: RequestLog
    private let server: LoopbackHTTPServer

    /// - Parameter script: The reply to each request, by method and path.
    init(script: @escaping @Sendable (HTTPMethod, String) -> Reply) async throws {
        let log = RequestLog()
        self.log = log
        server = try await LoopbackHTTPServer { head, body, outbound in
            log.append(Received(method: head.method, path: head.uri, body: String(buffer: body)))
            let reply = script(head.method, head.uri)
            var headers = HTTPHeaders()
            headers.add(name: "Content-Type", value: reply.contentType)
            headers.add(name: "Transfer-Encoding", value: "chunked")
            try await outbound.write(.head(HTTPResponseHead(version: .http1_1, status: reply.status, headers: headers)))
            for piece in reply.pieces { try await outbound.write(.body(.byteBuffer(ByteBuffer(string: piece)))) }
            try await outbound.write(.end(nil))
            return true
        }
    }

    /// The requests received so far, in order.
    var requests: [Received] { log.requests }

    func stop() async {
        await server.stop()
    }

    /// The requests received, shared with the connections' tasks.
    private final class RequestLog: Sendable {
        private let received = Mutex<[Received]>([])

        var requests: [Received] { received.withLock { $0 } }

        func append(_ request: Received) {
            received.withLock { $0.append(request) }
        }
    }
}
