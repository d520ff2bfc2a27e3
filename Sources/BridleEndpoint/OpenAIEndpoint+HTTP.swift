import BridleSchema
import Hummingbird
import Logging
import NIOCore

extension OpenAIEndpoint {
    /// Serves the endpoint over HTTP/1.1 until the task is cancelled.
    ///
    /// - Parameters:
    ///   - host: the address to bind: loopback unless told otherwise, since the endpoint runs a
    ///     model for whoever reaches it.
    ///   - port: 0 takes a free port, which `onRunning` is told.
    ///   - onRunning: called once the socket listens, with its port.
    public func run(host: String = "127.0.0.1", port: Int = 8080, onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let responder = CallbackResponder { [self] (request: Request, _: RequestSource) in
            try await self.respond(to: request)
        }
        // The library never writes to standard error: errors go to clients, counts to /metrics.
        let logger = Logger(label: "bridle-serve") { _ in SwiftLogNoOpLogHandler() }
        let application = Application(
            responder: responder,
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "bridle"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) },
            logger: logger)
        try await application.runService(gracefulShutdownSignals: [])
    }

    private func respond(to request: Request) async throws -> Response {
        guard request.method == .post else {
            return Self.response(await respond(to: request, body: request.body))
        }
        // A client that hangs up cancels its answers, so their sequences go to the requests that
        // wait: while the answer is made, by the closing of the request's side of the
        // connection; while a stream is written, by the first write that fails. Watching the
        // connection ends it after the response, which says so (`Connection: close`), so that no
        // client sends its next request on it.
        let (hangUps, hungUp) = AsyncStream<Void>.makeStream()
        var response = try await request.body.consumeWithInboundCloseHandler { body in
            let work = Task { await self.respond(to: request, body: body) }
            let watcher = Task {
                for await _ in hangUps { work.cancel() }
            }
            defer { watcher.cancel() }
            return Self.response(await work.value)
        } onInboundClosed: {
            hungUp.yield()
        }
        response.headers[.connection] = "close"
        return response
    }

    private func respond(to request: Request, body: RequestBody) async -> EndpointResponse {
        let limit = configuration.maximumBodyBytes
        let text: String
        do {
            var buffer = try await body.collect(upTo: limit)
            text = buffer.readString(length: buffer.readableBytes) ?? ""
        } catch {
            return EndpointResponse(error: EndpointError(
                status: 413, type: "invalid_request_error", message: "the body is larger than the \(limit) bytes this server reads",
                code: "body_too_large"))
        }
        return await respond(to: EndpointRequest(
            method: request.method.rawValue, path: request.uri.path, authorization: request.headers[.authorization], body: text))
    }

    private static func response(_ response: EndpointResponse) -> Response {
        var headers = HTTPFields()
        if let seconds = response.retryAfterSeconds { headers[.retryAfter] = String(seconds) }
        let status = HTTPResponse.Status(code: response.status)
        switch response.body {
        case .json(let content):
            headers[.contentType] = "application/json"
            return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: content.jsonString)))
        case .text(let text, let contentType):
            headers[.contentType] = contentType
            return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
        case .events(let events, _):
            headers[.contentType] = "text/event-stream"
            headers[.cacheControl] = "no-cache"
            return Response(status: status, headers: headers, body: ResponseBody { writer in
                // A failed write (the client went away) ends the loop, which ends the stream and
                // cancels its answers.
                for await event in events {
                    try await writer.write(ByteBuffer(string: event.text))
                }
                try await writer.finish(nil)
            })
        }
    }
}

/// The per-request context Hummingbird makes: the endpoint needs nothing from it.
struct RequestSource: InitializableFromSource {
    init(source: ApplicationRequestContextSource) {}
}
