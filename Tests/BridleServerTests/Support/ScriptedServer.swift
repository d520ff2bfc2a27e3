import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
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

    let url: URL
    private let log = RequestLog()
    private let channel: NIOAsyncChannel<NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>, Never>
    private let acceptor: Task<Void, Never>

    /// - Parameter script: The reply to each request, by method and path.
    init(script: @escaping @Sendable (HTTPMethod, String) -> Reply) async throws {
        channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: "127.0.0.1", port: 0) { child in
                child.eventLoop.makeCompletedFuture {
                    try child.pipeline.syncOperations.configureHTTPServerPipeline()
                    return try NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>(wrappingChannelSynchronously: child)
                }
            }
        url = URL(string: "http://127.0.0.1:\(channel.channel.localAddress?.port ?? 0)")!
        let channel = channel
        let log = log
        acceptor = Task {
            try? await channel.executeThenClose { connections in
                try await withThrowingDiscardingTaskGroup { group in
                    for try await connection in connections {
                        group.addTask { try? await Self.serve(connection, script: script, log: log.append) }
                    }
                }
            }
        }
    }

    /// The requests received so far, in order.
    var requests: [Received] { log.requests }

    func stop() async {
        acceptor.cancel()
        try? await channel.channel.close()
    }

    /// The requests received, shared with the connections' tasks.
    private final class RequestLog: Sendable {
        private let received = Mutex<[Received]>([])

        var requests: [Received] { received.withLock { $0 } }

        func append(_ request: Received) {
            received.withLock { $0.append(request) }
        }
    }

    private static func serve(
        _ connection: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>,
        script: @Sendable (HTTPMethod, String) -> Reply, log: @Sendable (Received) -> Void
    ) async throws {
        try await connection.executeThenClose { inbound, outbound in
            var head: HTTPRequestHead?
            var body = ByteBuffer()
            for try await part in inbound {
                switch part {
                case .head(let requestHead):
                    head = requestHead
                    body.clear()
                case .body(let bytes):
                    body.writeImmutableBuffer(bytes)
                case .end:
                    guard let head else { return }
                    log(Received(method: head.method, path: head.uri, body: String(buffer: body)))
                    let reply = script(head.method, head.uri)
                    var headers = HTTPHeaders()
                    headers.add(name: "Content-Type", value: reply.contentType)
                    headers.add(name: "Transfer-Encoding", value: "chunked")
                    try await outbound.write(.head(HTTPResponseHead(version: .http1_1, status: reply.status, headers: headers)))
                    for piece in reply.pieces { try await outbound.write(.body(.byteBuffer(ByteBuffer(string: piece)))) }
                    try await outbound.write(.end(nil))
                }
            }
        }
    }
}
