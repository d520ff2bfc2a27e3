/// A set of token IDs as a bitset, one bit per token of a vocabulary.
///
/// ```swift
/// var mask = TokenMask(vocabularySize: 100)
/// mask.insert(42)
/// mask.contains(42)   // true
/// mask.count          // 1
/// ```
public struct TokenMask: Sendable, Equatable {
    public private(set) var words: [UInt64]
    public let vocabularySize: Int

    public init(vocabularySize: Int) {
        self.vocabularySize = vocabularySize
        words = [UInt64](repeating: 0, count: (vocabularySize + 63) / 64)
    }

    @inline(__always)
    public func contains(_ token: Int32) -> Bool {
        let index = Int(token)
        guard index >= 0, index < vocabularySize else { return false }
        return words[index >> 6] >> UInt64(index & 63) & 1 != 0
    }

    @inline(__always)
    public mutating func insert(_ token: Int32) {
        words[Int(token) >> 6] |= 1 << UInt64(Int(token) & 63)
    }

    @inline(__always)
    public mutating func remove(_ token: Int32) {
        words[Int(token) >> 6] &= ~(1 << UInt64(Int(token) & 63))
    }

    mutating func formUnion(_ other: TokenMask) {
        for index in words.indices { words[index] |= other.words[index] }
    }

    mutating func removeAll() {
        for index in words.indices { words[index] = 0 }
    }

    /// How many tokens the mask allows.
    public var count: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

    public var isEmpty: Bool { words.allSatisfy { $0 == 0 } }

    /// The allowed tokens, in increasing order.
    public var tokens: [Int32] {
        var result: [Int32] = []
        forEach { result.append($0) }
        return result
    }

    /// Calls `body` with each allowed token, in increasing order, without building an array.
    public func forEach(_ body: (Int32) -> Void) {
        for (wordIndex, word) in words.enumerated() {
            var bits = word
            while bits != 0 {
                body(Int32(wordIndex &* 64 &+ bits.trailingZeroBitCount))
                bits &= bits &- 1
            }
        }
    }
}
