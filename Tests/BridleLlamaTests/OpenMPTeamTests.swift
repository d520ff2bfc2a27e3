@testable import BridleLlama
import Foundation
import Synchronization
import Testing

/// Bridle's parallel work on llama.cpp's OpenMP team: each index once, on several threads when
/// asked, and done when the call returns.
@Suite struct OpenMPTeamTests {
    final class Calls: Sendable {
        private let counts: Mutex<[Int]>
        let threads = Mutex<Set<UInt>>([])

        init(count: Int) {
            counts = Mutex(Array(repeating: 0, count: count))
        }

        func record(_ index: Int) {
            counts.withLock { $0[index] += 1 }
            threads.withLock { _ = $0.insert(UInt(pthread_self())) }
        }

        var perIndex: [Int] { counts.withLock { $0 } }
    }

    @Test(arguments: [(0, 2), (1, 2), (2, 2), (7, 2), (100, 2), (16, 1), (5, 8)])
    func everyIndexRunsOnceBeforeTheCallReturns(count: Int, threads: Int) {
        let calls = Calls(count: count)
        OpenMPTeam.forEach(count, threads: threads) { index in calls.record(index) }
        #expect(calls.perIndex == Array(repeating: 1, count: count))
    }

    /// With libgomp loaded (llama.cpp's CPU backend links it), the work is shared by the calling
    /// thread's team: a slow first index leaves the rest to the other thread.
    @Test func theTeamSharesTheWork() {
        let calls = Calls(count: 8)
        OpenMPTeam.forEach(8, threads: 2) { index in
            if index == 0 { Thread.sleep(forTimeInterval: 0.05) }
            calls.record(index)
        }
        #expect(calls.perIndex == Array(repeating: 1, count: 8))
        #expect(calls.threads.withLock(\.count) == 2)
    }
}
