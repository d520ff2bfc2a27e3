import BridleGrammar
import BridleTestSupport

/// Random grammars for property tests, built to poke at the printer's and parser's corners:
/// quotes, backslashes, line breaks, control and format characters, combining marks,
/// non-ASCII and emoji in literals; `]`, `-`, `^`, `\` and values past U+10FFFF in classes;
/// one-item and nested sequences and alternatives, `""`, `()`; and repetitions with bounds
/// well past llama.cpp's 2000.
///
/// Every reference names a rule of the grammar, so the printed text also passes llama.cpp's
/// "undefined rule" check.
///
/// ```swift
/// let grammar = RandomGrammar.make(seed: 7)
/// grammar.rules[0].name   // "root"
/// ```
struct RandomGrammar {
    static func make(seed: UInt64) -> Grammar {
        var maker = RandomGrammar(generator: SplitMix64(seed: seed))
        return maker.grammar()
    }

    private var generator: SplitMix64
    private var names: [String] = []

    private init(generator: SplitMix64) {
        self.generator = generator
    }

    private mutating func int(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &generator)
    }

    private mutating func chance(_ percent: Int) -> Bool {
        int(1...100) <= percent
    }

    private mutating func pick<T>(_ options: [T]) -> T {
        options[int(0...(options.count - 1))]
    }

    private mutating func grammar() -> Grammar {
        let nameScalars = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-")
        names = ["root"]
        let count = int(1...6)
        while names.count < count {
            var name = ""
            for _ in 0..<int(1...8) { name.append(pick(nameScalars)) }
            if !names.contains(name) { names.append(name) }
        }
        var rules: [Rule] = []
        for name in names {
            rules.append(Rule(name: name, body: expression(depth: int(0...4))))
        }
        return Grammar(rules: rules)
    }

    private mutating func expression(depth: Int) -> GrammarExpression {
        if depth == 0 || chance(25) { return leaf() }
        switch int(0...2) {
        case 0:
            var items: [GrammarExpression] = []
            for _ in 0..<int(0...4) { items.append(expression(depth: depth - 1)) }
            return .sequence(items)
        case 1:
            var items: [GrammarExpression] = []
            for _ in 0..<int(1...4) { items.append(expression(depth: depth - 1)) }
            return .alternatives(items)
        default:
            let (minimum, maximum) = bounds()
            return .repetition(expression(depth: depth - 1), minimum: minimum, maximum: maximum)
        }
    }

    private mutating func bounds() -> (Int, Int?) {
        switch int(0...9) {
        case 0: return (0, nil)
        case 1: return (1, nil)
        case 2: return (0, 1)
        case 3:
            let count = int(0...5)
            return (count, count)
        case 4: return (int(0...5), nil)
        case 5:
            let minimum = int(0...5)
            return (minimum, minimum + int(0...5))
        case 6: return pick([(0, 5000), (3, 4500), (1999, 2001), (2500, 2500), (0, 2000), (2001, nil), (4100, nil)])
        case 7: return (int(0...3000), nil)
        case 8:
            let minimum = int(0...3000)
            return (minimum, minimum + int(0...3000))
        default: return (int(0...20), int(20...40))
        }
    }

    private mutating func leaf() -> GrammarExpression {
        switch int(0...9) {
        case 0, 1, 2: return .literal(literalText())
        case 3, 4: return .characterClass(characterClass())
        case 5: return .anyCharacter
        case 6: return chance(50) ? .literal("") : .sequence([])
        default: return .reference(pick(names))
        }
    }

    /// Scalars that are hard to write in GBNF or easy to get wrong.
    private static let awkward: [String] = [
        "\"", "\\", "\n", "\r", "\r\n", "\t", "\0", "\u{1}", "\u{1F}", "\u{7F}", "#", "|", "(", ")",
        "[", "]", "{", "}", "-", "^", " ", ".", "*", "::=", "é", "e\u{301}", "\u{301}", "\u{200B}",
        "\u{A0}", "\u{85}", "\u{2028}", "日本", "😀", "👩‍👩‍👧", "❤\u{FE0F}", "\u{FEFF}", "\u{E000}",
        "\u{10FFFF}", "\u{FFFD}", "\u{FFFE}", "\u{D7FF}", "x", "ab", "root",
    ]

    private mutating func literalText() -> String {
        var text = ""
        for _ in 0..<int(1...4) { text += pick(Self.awkward) }
        return text
    }

    private mutating func characterClass() -> CharacterClass {
        var ranges: [ClosedRange<UInt32>] = []
        for _ in 0..<int(1...4) {
            let lower = classValue()
            let upper = chance(50) ? lower : lower + min(UInt32(int(0...300)), UInt32.max - lower)
            ranges.append(lower...upper)
        }
        return CharacterClass(ranges: ranges, isNegated: chance(30))
    }

    private mutating func classValue() -> UInt32 {
        switch int(0...5) {
        case 0: return pick([0x5D, 0x2D, 0x5E, 0x5C, 0x5B, 0x22, 0x0A, 0x00, 0x7F])
        case 1: return UInt32(int(0x20...0x7E))
        case 2: return UInt32(int(0x80...0xFFFF))
        case 3: return UInt32(int(0x10000...0x10FFFF))
        case 4: return pick([0xD800, 0xDFFF, 0x110000, 0xFFFF_FFF0])
        default: return UInt32(int(0...0x1F))
        }
    }
}
