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
        let responder = CallbackResponder { [self] (request: Request, context: ConnectionContext) in
            try await self.respond(to: request, context: context)
        }
        var logger = Logger(label: "bridle-serve")
        logger.logLevel = .critical
        let application = Application(
            responder: responder,
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "bridle"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) },
            logger: logger)
        try await application.runService(gracefulShutdownSignals: [])
    }

    private func respond(to request: Request, context: ConnectionContext) async throws -> Response {
        let body: String
        do {
            var buffer = try await request.body.collect(upTo: configuration.maximumBodyBytes)
            body = buffer.readString(length: buffer.readableBytes) ?? ""
        } catch {
            return Self.response(EndpointResponse(error: EndpointError(
                status: 413, type: "invalid_request_error",
                message: "the body is larger than the \(configuration.maximumBodyBytes) bytes this server reads", code: "body_too_large")))
        }
        let endpointRequest = EndpointRequest(
            method: request.method.rawValue, path: request.uri.path, authorization: request.headers[.authorization], body: body)
        // A client that hangs up cancels its answers: the sequences go to the requests that wait.
        let work = Task { await self.respond(to: endpointRequest) }
        context.channel.closeFuture.whenComplete { _ in work.cancel() }
        let response = await withTaskCancellationHandler { await work.value } onCancel: { work.cancel() }
        if case .events(_, let cancel) = response.body {
            context.channel.closeFuture.whenComplete { _ in cancel() }
        }
        return Self.response(response)
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
                    try await writer.write(ByteBuffer(string: "data: \(event)\n\n"))
                }
                try await writer.finish(nil)
            })
        }
    }
}

/// What a request's handler knows of its connection: the channel, whose closing cancels it.
struct ConnectionContext: InitializableFromSource {
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        channel = source.channel
    }
}
