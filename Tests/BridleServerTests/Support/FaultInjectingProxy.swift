import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Synchronization

/// An HTTP server on loopback between a test and a real llama-server: it forwards each request
/// and breaks the answer the way the test asks, one ``Fault`` per request in order (requests
/// past the list are forwarded untouched). A connection serves requests until the client
/// closes it.
final class FaultInjectingProxy: Sendable {
    enum Fault: Sendable, Equatable {
        /// Forward the request and the answer unchanged.
        case none
        /// Answer with this status and a JSON error body, without forwarding.
        case status(Int)
        /// Replace the data of the answer's event at this index (0 is the first) with text
        /// that is not JSON.
        case garbledEvent(Int)
        /// Replace the content of the answer's event at this index with text no JSON grammar
        /// allows.
        case outsideGrammar(Int)
        /// Close the connection after forwarding this many events, mid-answer.
        case closeAfter(Int)
        /// Stop after forwarding this many events until ``release()``, then close the connection
        /// as a dead server's would close: the test kills the server in between
        /// (``waitUntilStalled()``). A tiny model writes its whole answer before a kill could
        /// land, so the proxy decides where the answer breaks.
        case stallAfter(Int)
    }

    /// The text ``Fault/outsideGrammar(_:)`` puts in the event.
    static let foreignText = "\u{1}not JSON"

    var url: URL { server.url }
    private let state: State
    private let server: LoopbackHTTPServer

    init(upstream: URL, faults: [Fault]) async throws {
        let state = State(faults: faults)
        self.state = state
        server = try await LoopbackHTTPServer { head, body, outbound in
            let fault = state.nextFault()
            try await Self.answer(head, body: body, upstream: upstream, fault: fault, state: state, outbound: outbound)
            if case .closeAfter = fault { return false }
            return true
        }
    }

    /// Requests served so far.
    var requestCount: Int { state.served }

    /// Returns once a ``Fault/stallAfter(_:)`` answer has stopped.
    func waitUntilStalled() async {
        for await _ in state.stalls { return }
    }

    /// Lets a stalled answer go on.
    func release() {
        state.releaseContinuation.yield()
    }

    func stop() async {
        await server.stop()
    }

    /// The faults still to inject, and the connections served.
    private final class State: Sendable {
        private let faults: Mutex<[Fault]>
        private let count = Mutex(0)
        let stalls: AsyncStream<Void>
        let stallContinuation: AsyncStream<Void>.Continuation
        let releases: AsyncStream<Void>
        let releaseContinuation: AsyncStream<Void>.Continuation

        init(faults: [Fault]) {
            self.faults = Mutex(faults)
            (stalls, stallContinuation) = AsyncStream.makeStream()
            (releases, releaseContinuation) = AsyncStream.makeStream()
        }

        var served: Int { count.withLock { $0 } }

        /// The fault for the next request, counting it.
        func nextFault() -> Fault {
            count.withLock { $0 += 1 }
            return faults.withLock { $0.isEmpty ? .none : $0.removeFirst() }
        }
    }

    private static func answer(
        _ head: HTTPRequestHead, body: ByteBuffer, upstream: URL, fault: Fault, state: State,
        outbound: LoopbackHTTPServer.Outbound
    ) async throws {
        var headers = HTTPHeaders()
        if case .status(let code) = fault {
            let message = ByteBuffer(string: #"{"error":{"code":\#(code),"message":"injected by the test proxy"}}"#)
            headers.add(name: "Content-Type", value: "application/json")
            headers.add(name: "Content-Length", value: String(message.readableBytes))
            try await outbound.write(.head(HTTPResponseHead(version: .http1_1, status: .init(statusCode: code), headers: headers)))
            try await outbound.write(.body(.byteBuffer(message)))
            try await outbound.write(.end(nil))
            return
        }
        var request = HTTPClientRequest(url: upstream.absoluteString + head.uri)
        request.method = head.method
        let hopByHop: Set<String> = ["host", "connection", "content-length", "transfer-encoding", "keep-alive"]
        for (name, value) in head.headers where !hopByHop.contains(name.lowercased()) { request.headers.add(name: name, value: value) }
        // llama-server closes the connection after a streamed answer whatever it advertises
        // (see `ServerEngine.closesStreamedConnections`), so none is kept for the next request.
        request.headers.add(name: "Connection", value: "close")
        request.body = .bytes(body)
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(300))
        headers.add(name: "Content-Type", value: response.headers.first(name: "Content-Type") ?? "text/event-stream")
        try await outbound.write(.head(HTTPResponseHead(version: .http1_1, status: response.status, headers: headers)))
        var pending = ""
        var index = 0
        for try await bytes in response.body {
            pending += String(buffer: bytes)
            // Server-sent events end with a blank line; forward whole events only.
            while let end = pending.range(of: "\n\n") {
                let event = String(pending[..<end.upperBound])
                pending.removeSubrange(..<end.upperBound)
                if case .closeAfter(let count) = fault, index == count { return }
                if case .stallAfter(let count) = fault, index == count {
                    state.stallContinuation.yield()
                    for await _ in state.releases { break }
                    return
                }
                try await outbound.write(.body(.byteBuffer(ByteBuffer(string: broken(event, index: index, fault: fault)))))
                index += 1
            }
        }
        if !pending.isEmpty { try await outbound.write(.body(.byteBuffer(ByteBuffer(string: pending)))) }
        try await outbound.write(.end(nil))
    }

    private static func broken(_ event: String, index: Int, fault: Fault) -> String {
        switch fault {
        case .garbledEvent(index):
            return "data: {\"content\": this is not JSON\n\n"
        case .outsideGrammar(index):
            let content = (try? JSONEncoder().encode(foreignText)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
            return "data: {\"content\":\(content),\"stop\":false}\n\n"
        default:
            return event
        }
    }
}
