@testable import BridleSchema
import BridleTestSupport

/// Generates random `GeneratedContent` trees for round-trip properties, biased towards the
/// awkward cases: escapes, control characters, astral-plane text, exact number spellings and
/// deliberately scrambled key orders.
enum RandomContent {
    static func value(depth: Int = 0, maximumDepth: Int = 5, using random: inout SplitMix64) -> GeneratedContent {
        let choice = depth >= maximumDepth ? Int.random(in: 0..<4, using: &random) : Int.random(in: 0..<6, using: &random)
        switch choice {
        case 0:
            return Bool.random(using: &random) ? .null : GeneratedContent(Bool.random(using: &random))
        case 1:
            return GeneratedContent(number(using: &random))
        case 2, 3:
            return GeneratedContent(string(using: &random))
        case 4:
            let count = Int.random(in: 0...5, using: &random)
            return GeneratedContent(elements: (0..<count).map { _ in
                value(depth: depth + 1, maximumDepth: maximumDepth, using: &random)
            })
        default:
            let count = Int.random(in: 0...5, using: &random)
            return GeneratedContent(properties: (0..<count).map { _ in
                (string(using: &random), value(depth: depth + 1, maximumDepth: maximumDepth, using: &random))
            })
        }
    }

    static func number(using random: inout SplitMix64) -> JSONNumber {
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
            return JSONNumber(Int64(bitPattern: random.next()) >> Int.random(in: 0..<64, using: &random))
        case 1:
            // Random bit patterns cover subnormals and extreme exponents; skip non-finite ones.
            let double = Double(bitPattern: random.next())
            return JSONNumber(double) ?? JSONNumber(0)
        case 2:
            return JSONNumber(Double.random(in: -1000...1000, using: &random)) ?? JSONNumber(0)
        default:
            // Hand-assembled text with spellings other writers never produce.
            var text = Bool.random(using: &random) ? "-" : ""
            text += Bool.random(using: &random) ? "0" : String(UInt64.random(in: 1...UInt64.max, using: &random))
            if Bool.random(using: &random) {
                text += "." + String(repeating: "0", count: Int.random(in: 0...3, using: &random))
                    + String(UInt32.random(in: 0...UInt32.max, using: &random))
            }
            if Bool.random(using: &random) {
                text += ["e", "E"].randomElement(using: &random) ?? "e"
                text += ["", "+", "-"].randomElement(using: &random) ?? ""
                text += String(Int.random(in: 0...400, using: &random))
            }
            return JSONNumber(text: text) ?? JSONNumber(0)
        }
    }

    static func string(using random: inout SplitMix64) -> String {
        let pieces: [String] = [
            "a", "key", "Z", " ", "\"", "\\", "/", "\n", "\t", "\r", "\u{8}", "\u{C}", "\u{0}", "\u{1F}", "\u{7F}",
            "é", "e\u{301}", "ß", "日本", "🎉", "👩‍👩‍👧", "\u{10FFFF}", "\u{FEFF}", "\u{2028}", "{", "]", ",", ":",
        ]
        let count = Int.random(in: 0...6, using: &random)
        return (0..<count).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
    }
}
