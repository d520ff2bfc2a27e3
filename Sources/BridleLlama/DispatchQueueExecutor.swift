import Dispatch

/// Runs an actor's jobs on its own serial dispatch queue instead of Swift's cooperative pool.
///
/// `llama_decode` blocks its thread for milliseconds per token. On the cooperative pool, which
/// has one thread per core, two busy contexts on a 2-core machine would starve every other task
/// in the process, the stream's consumer included. A serial dispatch queue gets a thread of its
/// own when it needs one.
final class DispatchQueueExecutor: SerialExecutor {
    private let queue: DispatchQueue

    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }
}
