import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// An HTTP/1.1 server on a free loopback port for the tests' stand-ins (the fault-injecting
/// proxy, the scripted engines): it hands each whole request to `respond`, in order on each
/// connection, until the client closes the connection or `respond` returns `false`.
final class LoopbackHTTPServer: Sendable {
    typealias Outbound = NIOAsyncChannelOutboundWriter<HTTPServerResponsePart>
    /// Answers one request (its head and whole body); returns whether the connection stays open.
    typealias Respond = @Sendable (HTTPRequestHead, ByteBuffer, Outbound) async throws -> Bool

    let url: URL
    private let channel: NIOAsyncChannel<NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>, Never>
    private let acceptor: Task<Void, Never>

    init(respond: @escaping Respond) async throws {
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
        acceptor = Task {
            try? await channel.executeThenClose { connections in
                try await withThrowingDiscardingTaskGroup { group in
                    for try await connection in connections {
                        group.addTask { try? await Self.serve(connection, respond: respond) }
                    }
                }
            }
        }
    }

    func stop() async {
        acceptor.cancel()
        try? await channel.channel.close()
    }

    private static func serve(
        _ connection: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>, respond: Respond
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
                    guard let head, try await respond(head, body, outbound) else { return }
                }
            }
        }
    }
}
