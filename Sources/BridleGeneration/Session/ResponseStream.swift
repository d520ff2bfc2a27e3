import BridleSchema

/// A session response as it is written: snapshots of the answer so far, then the whole.
///
/// ```swift
/// let stream = session.streamResponse(to: "Four search terms for sunsets", generating: SearchSuggestions.self)
/// for try await snapshot in stream {
///     print(snapshot.rawContent)                              // {"searchTerms":[{"searchTerm":"Beautiful sun"}]}
///     print(snapshot.content?.searchTerms?.first?.searchTerm)  // Optional("Beautiful sun")
/// }
/// ```
///
/// Each snapshot holds the answer so far as partial ``GeneratedContent`` (strings as far as
/// written, numbers once complete, properties once their value has begun) and, for a
/// ``Generable`` type, as its `PartiallyGenerated` value (``Snapshot/content``). The last
/// snapshot has ``Snapshot/isComplete`` set and is the checked answer. Tool turns yield
/// nothing; only the answer streams. Iterating runs the request; so does ``collect()``, which
/// returns the typed ``Response``.
public struct ResponseStream<Content: Sendable>: AsyncSequence, Sendable {
    public typealias Element = Snapshot

    public struct Snapshot: Sendable, Hashable {
        /// The answer as far as it has been written.
        public let rawContent: GeneratedContent
        /// Whether this is the whole answer, checked against its schema.
        public let isComplete: Bool
    }

    private let produce: @Sendable (@escaping @Sendable (GeneratedContent) -> Void) async throws -> Response<Content>

    init(_ produce: @escaping @Sendable (@escaping @Sendable (GeneratedContent) -> Void) async throws -> Response<Content>) {
        self.produce = produce
    }

    /// Runs the request to the end and returns the response.
    public func collect() async throws -> Response<Content> {
        try await produce { _ in }
    }

    public func makeAsyncIterator() -> AsyncThrowingStream<Snapshot, any Error>.AsyncIterator {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Snapshot.self)
        let produce = produce
        let task = Task {
            do {
                let response = try await produce { partial in
                    continuation.yield(Snapshot(rawContent: partial, isComplete: false))
                }
                continuation.yield(Snapshot(rawContent: response.rawContent, isComplete: true))
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream.makeAsyncIterator()
    }
}

extension ResponseStream.Snapshot where Content: Generable {
    /// The answer so far as the type's partial form: every property optional, present once
    /// the model has begun it.
    public var content: Content.PartiallyGenerated? {
        try? Content.PartiallyGenerated(rawContent)
    }
}
