import BridleMask

/// A synthetic byte-level vocabulary: the 256 single bytes (so every text tokenizes), then
/// words of JSON-ish text, then an end-of-generation token.
public struct ScaleVocabulary: Sendable {
    /// 4,096 words, for every dimension but the vocabulary's own: built once per process.
    public static let standard = ScaleVocabulary(words: words(4_096))

    public let tokens: TokenVocabulary
    private let ids: [[UInt8]: Int32]
    private let longest: Int

    public init(words: [[UInt8]]) {
        let all = (0...255).map { [UInt8($0)] } + words
        tokens = TokenVocabulary(tokens: all + [[]], kinds: Array(repeating: .text, count: all.count) + [.endOfGeneration])
        var ids: [[UInt8]: Int32] = [:]
        for (index, bytes) in all.enumerated() where ids[bytes] == nil { ids[bytes] = Int32(index) }
        self.ids = ids
        longest = all.map(\.count).max() ?? 1
    }

    /// `count` distinct words of 2 to 8 bytes from JSON's punctuation, digits and letters,
    /// the same on every run.
    public static func words(_ count: Int) -> [[UInt8]] {
        let alphabet = Array("\"{}[]:, 0123456789abcdefghijklmnopqrstuvwxyz-_=".utf8)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var seen: Set<[UInt8]> = []
        var words: [[UInt8]] = []
        while words.count < count {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = 2 + Int((state >> 33) % 7)
            var word: [UInt8] = []
            var bits = state
            for _ in 0..<length {
                bits = bits &* 2_862_933_555_777_941_757 &+ 3_037_000_493
                word.append(alphabet[Int((bits >> 40) % UInt64(alphabet.count))])
            }
            if seen.insert(word).inserted { words.append(word) }
        }
        return words
    }

    /// The longest tokens first, left to right, then the end-of-generation token.
    public func tokenize(_ text: String) -> [Int32] {
        let bytes = Array(text.utf8)
        var result: [Int32] = []
        var position = 0
        while position < bytes.count {
            for length in stride(from: min(longest, bytes.count - position), through: 1, by: -1) {
                if let id = ids[Array(bytes[position..<position + length])] {
                    result.append(id)
                    position += length
                    break
                }
            }
        }
        return result + [Int32(tokens.count - 1)]
    }
}
