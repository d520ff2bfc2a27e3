@testable import BridleLlama
import Foundation
import Testing

/// The executor that keeps a llama.cpp context's work on one thread: llama.cpp's OpenMP team
/// belongs to the thread that calls it, so every decode must come from the same one.
@Suite struct DedicatedThreadExecutorTests {
    /// An actor on the executor that records the thread each call ran on.
    actor Recorder {
        private nonisolated let executor: DedicatedThreadExecutor
        nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
        private(set) var calls: [(order: Int, thread: pthread_t)] = []

        init(executor: DedicatedThreadExecutor) {
            self.executor = executor
        }

        func record(_ order: Int) {
            calls.append((order, pthread_self()))
        }
    }

    @Test func jobsFromManyTasksRunInOrderOfArrivalOnOneThread() async {
        let recorder = Recorder(executor: DedicatedThreadExecutor(name: "test"))
        for round in 0..<20 {
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<8 { group.addTask { await recorder.record(round * 8 + index) } }
            }
            await Task.yield()
        }
        let calls = await recorder.calls
        #expect(calls.count == 160)
        #expect(Set(calls.map { UInt($0.thread) }).count == 1)
        #expect(calls.first.map { pthread_equal($0.thread, pthread_self()) == 0 } == true)
    }

    @Test func aSequentialCallerSeesItsCallsInOrder() async {
        let recorder = Recorder(executor: DedicatedThreadExecutor(name: "test"))
        for index in 0..<100 { await recorder.record(index) }
        #expect(await recorder.calls.map(\.order) == Array(0..<100))
    }

    /// The thread holds only the queue: once the executor's owner is gone, the thread ends.
    @Test func theThreadEndsWithTheExecutor() async throws {
        let name = "ended-\(UInt16.random(in: 0...UInt16.max))"
        weak var released: DedicatedThreadExecutor?
        do {
            let executor = DedicatedThreadExecutor(name: name)
            released = executor
            await Recorder(executor: executor).record(0)
            #expect(Self.threadNames().contains(name))
        }
        #expect(released == nil)
        for _ in 0..<200 where Self.threadNames().contains(name) {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(!Self.threadNames().contains(name))
    }

    /// The names of this process's threads, as the kernel knows them.
    static func threadNames() -> Set<String> {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return Set(tasks.compactMap { task in
            (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        })
    }
}
