import BridleSchema

/// A session response as it is written: snapshots of the answer so far, then the whole.
///
/// ```swift
/// let stream = session.streamResponse(to: "Four search terms for sunsets", generating: SearchSuggestions.self)
/// for try await snapshot in stream {
///     print(snapshot.rawContent)                              // {"searchTerms":[{"searchTerm":"Beautiful sun"}]}
///     print(snapshot.content?.searchTerms?.first?.searchTerm)  // Optional("Beautiful sun")
/// }
/// let response = try await stream.collect()                   // the same request's response
/// ```
///
/// Each snapshot holds the answer so far as partial ``GeneratedContent`` (strings as far as
/// written, numbers once complete, properties once their value has begun) and, for a
/// ``Generable`` type, as its `PartiallyGenerated` value (``Snapshot/content``). The last
/// snapshot has ``Snapshot/isComplete`` set and is the checked answer. Tool turns yield
/// nothing; only the answer streams.
///
/// One stream is one request, as in FoundationModels: it starts on first use (iterating or
/// ``collect()``) and runs once, however the stream is used. Iterating again, or from another
/// task, replays every snapshot from the first, then ends as the request did; ``collect()``
/// returns the request's response (or throws its error) whether or not the stream was
/// iterated. Cancelling a task that is waiting on the stream cancels the request.
public struct ResponseStream<Content: Sendable>: AsyncSequence, Sendable {
    public typealias Element = Snapshot

    public struct Snapshot: Sendable, Hashable {
        /// The answer as far as it has been written.
        public let rawContent: GeneratedContent
        /// Whether this is the whole answer, checked against its schema.
        public let isComplete: Bool
    }

    private let request: StreamedRequest<Content>

    init(_ produce: @escaping @Sendable (@escaping @Sendable (GeneratedContent) -> Void) async throws -> Response<Content>) {
        request = StreamedRequest(produce)
    }

    /// The request's response: it runs the request if nothing has yet, and waits for it.
    public func collect() async throws -> Response<Content> {
        try await request.response()
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(request: request)
    }

    /// Reads the request's snapshots from the first.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let request: StreamedRequest<Content>
        private var position = 0

        init(request: StreamedRequest<Content>) {
            self.request = request
        }

        public mutating func next() async throws -> Snapshot? {
            let snapshot = try await request.snapshot(at: position)
            if snapshot != nil { position += 1 }
            return snapshot
        }
    }
}

extension ResponseStream.Snapshot where Content: Generable {
    /// The answer so far as the type's partial form: every property optional, present once
    /// the model has begun it.
    public var content: Content.PartiallyGenerated? {
        try? Content.PartiallyGenerated(rawContent)
    }
}
