import Foundation
import Synchronization

/// llama.cpp's OpenMP team, borrowed between decodes for Bridle's own parallel work.
///
/// llama.cpp's CPU backend runs each decode on an OpenMP team of the calling thread. After a
/// decode the team's workers spin for a while before they sleep, on the very cores the token
/// choices want: choices spread over other threads found one core taken and ran at the pace of
/// one. Run on the team itself, they get every core, and the next decode finds its workers
/// awake. libgomp's entry point is found at run time, so a llama.cpp built without OpenMP
/// still links and its choices use Dispatch.
enum OpenMPTeam {
    private typealias Parallel = @convention(c) (
        @convention(c) (UnsafeMutableRawPointer?) -> Void, UnsafeMutableRawPointer?, UInt32, UInt32
    ) -> Void

    /// libgomp's `GOMP_parallel(fn, data, num_threads, flags)`, what `#pragma omp parallel` compiles to.
    private static let parallel: Parallel? = {
        guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "GOMP_parallel") else { return nil }
        return unsafeBitCast(symbol, to: Parallel.self)
    }()

    /// Calls `body` once for each index in `0..<count`, on `threads` threads of the calling
    /// thread's team (or Dispatch's, without libgomp); returns when every call has.
    static func forEach(_ count: Int, threads: Int, _ body: @Sendable (Int) -> Void) {
        guard count > 1, threads > 1, let parallel else {
            DispatchQueue.concurrentPerform(iterations: count, execute: body)
            return
        }
        withoutActuallyEscaping(body) { body in
            let work = Work(count: count, body: body)
            withExtendedLifetime(work) {
                parallel({ context in
                    guard let context else { return }
                    let work = Unmanaged<Work>.fromOpaque(context).takeUnretainedValue()
                    while true {
                        let index = work.next.add(1, ordering: .relaxed).oldValue
                        guard index < work.count else { return }
                        work.body(index)
                    }
                }, Unmanaged.passUnretained(work).toOpaque(), UInt32(clamping: min(threads, count)), 0)
            }
        }
    }

    /// What the team's threads share: the next index to take, and what to do with it.
    private final class Work: @unchecked Sendable {
        // @unchecked: `body` is called from several threads at once; ``forEach`` documents it.
        let count: Int
        let body: @Sendable (Int) -> Void
        let next = Atomic<Int>(0)

        init(count: Int, body: @escaping @Sendable (Int) -> Void) {
            self.count = count
            self.body = body
        }
    }
}
