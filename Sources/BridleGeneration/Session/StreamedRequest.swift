import BridleSchema
import Synchronization

/// The one request behind a ``ResponseStream``: started by its first reader, run once, its
/// snapshots kept so that every reader sees all of them, and its outcome kept for
/// ``ResponseStream/collect()``.
final class StreamedRequest<Content: Sendable>: Sendable {
    private typealias Snapshot = ResponseStream<Content>.Snapshot
    private let produce: @Sendable (@escaping @Sendable (GeneratedContent) -> Void) async throws -> Response<Content>
    private let state = Mutex(State())

    private struct State {
        var task: Task<Void, Never>?
        var snapshots: [ResponseStream<Content>.Snapshot] = []
        var outcome: Result<Response<Content>, any Error>?
        /// Readers waiting for a snapshot or the outcome.
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    init(_ produce: @escaping @Sendable (@escaping @Sendable (GeneratedContent) -> Void) async throws -> Response<Content>) {
        self.produce = produce
    }

    /// The snapshot at `position`, waiting for it; nil once the request ended before it.
    func snapshot(at position: Int) async throws -> ResponseStream<Content>.Snapshot? {
        try await wait { state in
            if position < state.snapshots.count { return .success(state.snapshots[position]) }
            return state.outcome.map { outcome in outcome.map { _ in nil } }
        }
    }

    func response() async throws -> Response<Content> {
        try await wait { $0.outcome }
    }

    /// Starts the request if it has not started, then waits until `ready` has a result.
    private func wait<Value>(until ready: @escaping (State) -> Result<Value, any Error>?) async throws -> Value {
        start()
        while true {
            if let result = state.withLock({ ready($0) }) { return try result.get() }
            await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    let resumeNow = state.withLock { state in
                        if ready(state) != nil { return true }
                        state.waiting.append(continuation)
                        return false
                    }
                    if resumeNow { continuation.resume() }
                }
            } onCancel: {
                cancel()
            }
        }
    }

    private func start() {
        state.withLock { state in
            guard state.task == nil else { return }
            state.task = Task { [produce] in
                let outcome: Result<Response<Content>, any Error>
                do {
                    let response = try await produce { partial in self.append(Snapshot(rawContent: partial, isComplete: false)) }
                    outcome = .success(response)
                } catch {
                    outcome = .failure(error)
                }
                self.finish(outcome)
            }
        }
    }

    private func cancel() {
        state.withLock { $0.task }?.cancel()
    }

    private func append(_ snapshot: Snapshot) {
        resume { $0.snapshots.append(snapshot) }
    }

    private func finish(_ outcome: Result<Response<Content>, any Error>) {
        resume { state in
            if case .success(let response) = outcome {
                state.snapshots.append(Snapshot(rawContent: response.rawContent, isComplete: true))
            }
            state.outcome = outcome
        }
    }

    /// Changes the state and wakes every waiting reader to look again.
    private func resume(after change: (inout State) -> Void) {
        let waiting = state.withLock { state in
            change(&state)
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }
}
