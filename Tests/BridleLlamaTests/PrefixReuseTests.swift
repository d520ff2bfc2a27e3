@testable import BridleLlama
import Testing

@Suite struct PrefixReuseTests {
    static func plan(_ prompt: [Int32], _ caches: [[Int32]], free: [Int], window: (Int, Int) -> Bool = { _, _ in true }) -> PrefixReuse? {
        PrefixReuse.plan(prompt: prompt, caches: caches, free: free, isWhole: window)
    }

    @Test func aFreeSequenceKeepsItsOwnPrefix() {
        #expect(Self.plan([1, 2, 3, 4], [[9], [1, 2, 3, 8]], free: [0, 1]) == PrefixReuse(sequence: 1, reused: 3, source: 1))
    }

    @Test func aLongerPrefixElsewhereIsCopied() {
        let plan = Self.plan([1, 2, 3, 4], [[1, 2, 9], [1, 2, 3, 7]], free: [0])
        #expect(plan == PrefixReuse(sequence: 0, reused: 3, source: 1))
        #expect(plan?.isCopy == true)
    }

    @Test func thePromptsLastTokenIsAlwaysDecoded() {
        #expect(Self.plan([1, 2, 3], [[1, 2, 3, 4]], free: [0])?.reused == 2)
    }

    @Test func theLeastRecentlyUsedOfEqualsIsTaken() {
        #expect(Self.plan([5, 6], [[1], [2], [3]], free: [2, 0, 1]) == PrefixReuse(sequence: 2, reused: 0, source: 2))
    }

    @Test func noFreeSequenceNoPlan() {
        #expect(Self.plan([1, 2], [[1, 2]], free: []) == nil)
    }

    @Test func aCacheMissingPartOfTheWindowIsNotReused() {
        // Sequence 1 has dropped old positions of a sliding window: it cannot lend its prefix.
        let plan = Self.plan([1, 2, 3, 4], [[1, 2], [1, 2, 3, 7]], free: [0]) { source, _ in source != 1 }
        #expect(plan == PrefixReuse(sequence: 0, reused: 2, source: 0))
    }
}
