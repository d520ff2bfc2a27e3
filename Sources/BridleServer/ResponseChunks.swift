import AsyncHTTPClient
import NIOCore

/// A response body as byte slices, the shape OpenAPIRuntime's event-stream parser reads.
struct ResponseChunks: AsyncSequence, Sendable {
    typealias Element = ArraySlice<UInt8>
    let body: HTTPClientResponse.Body

    struct AsyncIterator: AsyncIteratorProtocol {
        var buffers: HTTPClientResponse.Body.AsyncIterator

        mutating func next() async throws -> ArraySlice<UInt8>? {
            try await buffers.next().map { ArraySlice($0.readableBytesView) }
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(buffers: body.makeAsyncIterator())
    }
}
