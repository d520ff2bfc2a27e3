@testable import BridleMask
import Testing

/// The trie of earlier elements answers exactly what comparing against each of them would:
/// random element texts and prefixes over an alphabet of quotes, escapes and plain bytes,
/// checked against ``ValueCursor/differsInString(_:_:)`` one element at a time.
@Suite struct DistinctElementsTests {
    /// A small alphabet, so that random texts share prefixes and escapes often.
    static let alphabet = Array(#""\ab1,"#.utf8)

    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        mutating func text(maximumLength: Int) -> [UInt8] {
            (0..<next(maximumLength + 1)).map { _ in DistinctElementsTests.alphabet[next(DistinctElementsTests.alphabet.count)] }
        }
    }

    /// Up to 11 distinct non-empty texts from `text`, inserted, some of them settled.
    static func elements(_ random: inout Generator, text: (inout Generator) -> [UInt8]) -> (DistinctElements, [[UInt8]]) {
        var elements = DistinctElements()
        var texts: [[UInt8]] = []
        for _ in 0..<random.next(12) {
            let text = text(&random)
            guard !texts.contains(text), !text.isEmpty else { continue }
            let inserted = elements.insert(canonical: String(decoding: text, as: UTF8.self), text: text)
            #expect(inserted)
            texts.append(text)
            if random.next(3) == 0 { elements.settle() }
        }
        return (elements, texts)
    }

    @Test(arguments: 0..<40)
    func allDifferIsEachElementCompared(seed: Int) {
        var random = Generator(state: UInt64(seed) &+ 0x5DEE_CE66)
        let (elements, texts) = Self.elements(&random) { [UInt8(ascii: "\"")] + $0.text(maximumLength: 5) }
        for _ in 0..<200 {
            let prefix = random.next(4) == 0 ? random.text(maximumLength: 6) : [UInt8(ascii: "\"")] + random.text(maximumLength: 6)
            let expected = texts.allSatisfy { ValueCursor.differsInString(prefix, $0) }
            #expect(elements.allDiffer(from: prefix) == expected, "\(String(decoding: prefix, as: UTF8.self)) against \(texts.map { String(decoding: $0, as: UTF8.self) })")
        }
    }

    @Test(arguments: 0..<40)
    func continuationsCoverEveryLongerElement(seed: Int) {
        var random = Generator(state: UInt64(seed) &+ 0xB5)
        let (elements, texts) = Self.elements(&random) { $0.text(maximumLength: 7) }
        let prefix = random.text(maximumLength: 2)
        let length = 1 + random.next(4)
        // A token spells a start of some continuation exactly when it spells a start of a cut.
        func starts(_ ends: [[UInt8]]) -> Set<[UInt8]> {
            Set(ends.flatMap { end in (1...end.count).map { Array(end.prefix($0)) } })
        }
        let expected = texts.filter { $0.count > prefix.count && $0.starts(with: prefix) }.map { Array($0[prefix.count...].prefix(length)) }
        #expect(starts(elements.continuations(of: prefix, upTo: length)) == starts(expected))
    }

    @Test func aRepeatIsRefusedWhetherSettledOrNot() {
        var elements = DistinctElements()
        #expect(elements.isEmpty)
        var outcomes = [elements.insert(canonical: "1", text: Array("1".utf8))]
        outcomes.append(elements.insert(canonical: "1", text: Array("1.0".utf8)))
        outcomes.append(elements.insert(canonical: "2", text: Array("2".utf8)))
        elements.settle()
        outcomes.append(elements.insert(canonical: "1", text: Array("1".utf8)))
        outcomes.append(elements.insert(canonical: "2", text: Array("2".utf8)))
        #expect(outcomes == [true, false, true, false, false])
        #expect(!elements.isEmpty)
    }
}
