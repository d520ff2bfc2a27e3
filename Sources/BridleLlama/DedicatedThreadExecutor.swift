import Foundation

/// Runs an actor's jobs, in order, on one thread of its own that ends with the executor.
///
/// `llama_decode` blocks its thread for milliseconds per token, so it must stay off Swift's
/// cooperative pool (one thread per core: two busy contexts on two cores would starve every
/// other task in the process). It must also come from the same thread every time: llama.cpp's
/// CPU backend runs its matrix products on an OpenMP team, and OpenMP keeps one team of workers
/// per calling thread. A dispatch queue hands its jobs to whichever worker thread is free, so
/// each new caller built a team of its own, whose idle workers spun on the cores the next
/// decode and the token choices needed.
final class DedicatedThreadExecutor: SerialExecutor {
    private let queue = JobQueue()

    init(name: String) {
        queue.executor = UnownedSerialExecutor(ordinary: self)
        let thread = Thread { [queue] in
            // Named by the thread itself, in the kernel's own file for it: what `top -H` and
            // `perf` show (the first 15 bytes). Set through Foundation's `Thread.current.name`,
            // the name was once missing after the thread had run a job (a fresh-clone test run,
            // under load).
            try? FileHandle(forWritingAtPath: "/proc/thread-self/comm")?.write(contentsOf: Data(name.utf8.prefix(15)))
            queue.serve()
        }
        thread.start()
    }

    deinit {
        queue.close()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        queue.append(UnownedJob(job))
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// The jobs waiting for the thread. The thread holds the queue, not the executor, so the
    /// executor's owner decides when the thread ends.
    private final class JobQueue: @unchecked Sendable {
        // @unchecked: `jobs` and `isClosed` are touched only under `condition`'s lock, and
        // `executor` is set once, before the thread starts.
        private let condition = NSCondition()
        private var jobs: [UnownedJob] = []
        private var isClosed = false
        var executor: UnownedSerialExecutor?

        func append(_ job: UnownedJob) {
            condition.lock()
            jobs.append(job)
            condition.signal()
            condition.unlock()
        }

        func close() {
            condition.lock()
            isClosed = true
            condition.signal()
            condition.unlock()
        }

        /// Runs jobs until the queue closes. A job runs only while its actor, and so the
        /// executor, is alive.
        func serve() {
            while let batch = next(), let executor {
                for job in batch { job.runSynchronously(on: executor) }
            }
        }

        private func next() -> [UnownedJob]? {
            condition.lock()
            defer { condition.unlock() }
            while jobs.isEmpty, !isClosed { condition.wait() }
            guard !jobs.isEmpty else { return nil }
            defer { jobs = [] }
            return jobs
        }
    }
}
