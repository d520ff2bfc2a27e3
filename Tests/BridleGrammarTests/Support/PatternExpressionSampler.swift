import Foundation

@testable import BridleGrammar
import BridleTestSupport

/// Random sentences of a ``GrammarExpression`` without references (what ``PatternGrammar``
/// emits), for property tests: alternatives and counts uniformly, class members biased towards
/// range ends and ASCII so escapes and edges come up often.
///
/// ```swift
/// var random = SplitMix64(seed: 7)
/// try PatternExpressionSampler.sample(.repetition(.literal("ab"), minimum: 1, maximum: 2), using: &random)
/// // "ab" or "abab"
/// ```
enum PatternExpressionSampler {
    struct Unsupported: Error, CustomStringConvertible {
        var description: String
    }

    static func sample(_ expression: GrammarExpression, using random: inout SplitMix64) throws -> String {
        var scalars = String.UnicodeScalarView()
        try append(expression, to: &scalars, using: &random)
        return String(scalars)
    }

    private static func append(_ expression: GrammarExpression, to scalars: inout String.UnicodeScalarView, using random: inout SplitMix64) throws {
        switch expression {
        case .sequence(let parts):
            for part in parts { try append(part, to: &scalars, using: &random) }
        case .alternatives(let parts):
            guard !parts.isEmpty else { throw Unsupported(description: "empty alternatives match nothing") }
            try append(parts[Int.random(in: 0..<parts.count, using: &random)], to: &scalars, using: &random)
        case .literal(let text):
            scalars.append(contentsOf: text.unicodeScalars)
        case .characterClass(let characterClass):
            scalars.append(try member(of: characterClass, using: &random))
        case .anyCharacter:
            scalars.append(try member(of: CharacterClass(ranges: [], isNegated: true), using: &random))
        case .reference(let name):
            throw Unsupported(description: "reference \(name) in a pattern expression")
        case .repetition(let part, let minimum, let maximum):
            let count = Int.random(in: minimum...(maximum ?? minimum + 3), using: &random)
            for _ in 0..<count { try append(part, to: &scalars, using: &random) }
        }
    }

    static func member(of characterClass: CharacterClass, using random: inout SplitMix64) throws -> Unicode.Scalar {
        for _ in 0..<1000 {
            let value: UInt32
            if characterClass.isNegated || characterClass.ranges.isEmpty {
                switch Int.random(in: 0..<4, using: &random) {
                case 0, 1: value = UInt32.random(in: 0...0x7F, using: &random)
                case 2: value = UInt32.random(in: 0x80...0xFFFF, using: &random)
                default: value = UInt32.random(in: 0...0x10FFFF, using: &random)
                }
            } else {
                let range = characterClass.ranges[Int.random(in: 0..<characterClass.ranges.count, using: &random)]
                switch Int.random(in: 0..<5, using: &random) {
                case 0: value = range.lowerBound
                case 1: value = range.upperBound
                default: value = UInt32.random(in: range, using: &random)
                }
            }
            if characterClass.contains(value), let scalar = Unicode.Scalar(value) { return scalar }
        }
        // Rare: a class that admits little; take its first member.
        for value in UInt32(0)...0x10FFFF where characterClass.contains(value) {
            if let scalar = Unicode.Scalar(value) { return scalar }
        }
        throw Unsupported(description: "the class \(characterClass) has no member")
    }
}

/// A ``GrammarExpression`` without references as a Swift `Regex` over the text it spells (here
/// JSON string content), for checking that particular texts are or aren't admitted.
///
/// ```swift
/// try PatternExpressionRegex.admits(.repetition(.characterClass(CharacterClass("a"..."z")), minimum: 1, maximum: 3), "ab")   // true
/// ```
enum PatternExpressionRegex {
    static func source(_ expression: GrammarExpression) -> String {
        func scalar(_ value: UInt32) -> String { "\\u{\(String(value, radix: 16))}" }
        switch expression {
        case .sequence(let parts):
            return "(?:" + parts.map(source).joined() + ")"
        case .alternatives(let parts):
            return parts.isEmpty ? "(?!)" : "(?:" + parts.map(source).joined(separator: "|") + ")"
        case .literal(let text):
            return text.unicodeScalars.map { scalar($0.value) }.joined()
        case .characterClass(let characterClass):
            if characterClass.ranges.isEmpty { return characterClass.isNegated ? "[\\u{0}-\\u{10ffff}]" : "(?!)" }
            let body = characterClass.ranges.map(members).joined()
            return "[" + (characterClass.isNegated ? "^" : "") + body + "]"
        case .anyCharacter:
            return "[\\u{0}-\\u{10ffff}]"
        case .reference(let name):
            return "(?!)" + name
        case .repetition(let part, let minimum, let maximum):
            return "(?:" + source(part) + "){\(minimum),\(maximum.map(String.init) ?? "")}"
        }
    }

    /// A class range in Swift's syntax. Swift refuses a range bound that Unicode normalisation
    /// changes (`[\u{2001}-\u{2005}]`), so such bounds are written out on their own.
    private static func members(_ range: ClosedRange<UInt32>) -> String {
        func scalar(_ value: UInt32) -> String { "\\u{\(String(value, radix: 16))}" }
        func isStable(_ value: UInt32) -> Bool {
            guard let character = Unicode.Scalar(value) else { return true }
            return String(character).precomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual([character])
        }
        var lower = range.lowerBound
        var upper = range.upperBound
        var result = ""
        while lower < upper, !isStable(lower) {
            result += scalar(lower)
            lower += 1
        }
        var tail = ""
        while lower < upper, !isStable(upper) {
            tail = scalar(upper) + tail
            upper -= 1
        }
        result += lower == upper ? scalar(lower) : scalar(lower) + "-" + scalar(upper)
        return result + tail
    }

    /// Whether `text` is a sentence of `expression`, as a whole.
    static func admits(_ expression: GrammarExpression, _ text: String) throws -> Bool {
        let regex = try Regex(source(expression)).matchingSemantics(.unicodeScalar)
        return try regex.wholeMatch(in: text) != nil
    }
}
