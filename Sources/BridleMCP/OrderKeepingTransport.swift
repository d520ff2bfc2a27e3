import BridleSchema
import Foundation
import Logging
import MCP
import Synchronization

/// A transport that passes every message through and keeps, as written, every tool's
/// `inputSchema` from each `tools/list` answer and the `structuredContent` of the calls it is
/// asked to watch. The SDK decodes both into `Value`, whose objects are dictionaries: the
/// server's property order would be lost, and with it the order the grammar asks the model to
/// write the arguments in, and the order the model reads a result in (different on every run).
actor OrderKeepingTransport: Transport {
    private let inner: any Transport
    private var stream: AsyncThrowingStream<Data, any Error>?
    private let schemas = WrittenJSON()
    nonisolated let logger: Logger

    init(_ inner: any Transport) {
        self.inner = inner
        logger = Logger(label: "bridle.mcp.transport", factory: { _ in SwiftLogNoOpLogHandler() })
    }

    /// The `inputSchema` of the tool `name` in the latest `tools/list` answer, in the
    /// server's order.
    nonisolated func inputSchema(of name: String) -> GeneratedContent? {
        schemas.state.withLock { $0.inputSchemas[name] }
    }

    /// Keeps the `structuredContent` of the answer to the request `id`, for ``structuredContent(of:)``.
    nonisolated func watch(_ id: String) {
        schemas.state.withLock { _ = $0.watched.insert(id) }
    }

    /// The `structuredContent` of the answer to the watched request `id`, as written; the
    /// request is no longer watched.
    nonisolated func structuredContent(of id: String) -> GeneratedContent? {
        schemas.state.withLock { state in
            state.watched.remove(id)
            return state.structuredContents.removeValue(forKey: id)
        }
    }

    func connect() async throws {
        try await inner.connect()
        let source = await inner.receive()
        let schemas = schemas
        stream = AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for try await message in source {
                        schemas.record(from: message)
                        continuation.yield(message)
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    func disconnect() async {
        await inner.disconnect()
    }

    func send(_ data: Data) async throws {
        try await inner.send(data)
    }

    func receive() -> AsyncThrowingStream<Data, any Error> {
        stream ?? AsyncThrowingStream { $0.finish() }
    }
}

/// Tool names and their input schemas as the latest `tools/list` answers wrote them, and the
/// structured content of watched calls.
private final class WrittenJSON: Sendable {
    struct State {
        var inputSchemas: [String: GeneratedContent] = [:]
        var watched: Set<String> = []
        var structuredContents: [String: GeneratedContent] = [:]
    }

    let state = Mutex(State())
    private static let inputSchemaKey = Array(#""inputSchema""#.utf8)
    private static let structuredContentKey = Array(#""structuredContent""#.utf8)

    func record(from message: Data) {
        // Most messages are neither; only those that name one of the two keys are parsed.
        let hasSchemas = message.firstRange(of: Self.inputSchemaKey) != nil
        let hasContent = message.firstRange(of: Self.structuredContentKey) != nil
        guard hasSchemas || hasContent, let content = try? GeneratedContent(jsonData: Array(message)),
            case .structure(let response, _) = content.kind, case .structure(let result, _)? = response["result"]?.kind
        else { return }
        state.withLock { state in
            if case .string(let id)? = response["id"]?.kind, state.watched.contains(id), let structured = result["structuredContent"] {
                state.structuredContents[id] = structured
            }
            guard case .array(let tools)? = result["tools"]?.kind else { return }
            for tool in tools {
                guard case .structure(let fields, _) = tool.kind, case .string(let name)? = fields["name"]?.kind,
                    let schema = fields["inputSchema"]
                else { continue }
                state.inputSchemas[name] = schema
            }
        }
    }
}
