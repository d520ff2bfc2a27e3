import Testing
@testable import BridleGrammar
import BridleTestSupport

@Suite struct IntegerRangeGrammarTests {
    /// Texts no integer range admits: not RFC 8259 integers, or `0` spelled as `-0`.
    static let malformed = ["", "-", "-0", "-00", "00", "01", "-01", "+1", "1.0", "1e2", " 1", "1 ", "0x1"]

    private func language(minimum: Int128?, maximum: Int128?, maximumDigits: Int = 18) throws -> Regex<AnyRegexOutput> {
        let expression = try #require(IntegerRangeGrammar.expression(minimum: minimum, maximum: maximum, maximumDigits: maximumDigits))
        return try RegexSource.regex(for: expression)
    }

    @Test func documentedExample() throws {
        let regex = try language(minimum: 123, maximum: 456)
        for value in 0...999 {
            #expect(regex.admits(String(value)) == (123...456).contains(value), "\(value)")
        }
    }

    /// Every integer text in -1500…1500 against random ranges with bounds in -1200…1200,
    /// some of them open (then limited to a small digit count) and some empty.
    @Test(arguments: 0..<48 as Range<UInt64>)
    func smallRangesAreExact(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        var minimum: Int128? = Int128(Int.random(in: -1200...1200, using: &generator))
        var maximum: Int128? = Int128(Int.random(in: -1200...1200, using: &generator))
        if let low = minimum, let high = maximum, low > high, seed % 8 != 0 {
            (minimum, maximum) = (high, low)
        }
        if seed % 5 == 1 { minimum = nil }
        if seed % 7 == 2 { maximum = nil }
        let digits = Int.random(in: 1...4, using: &generator)
        let expression = IntegerRangeGrammar.expression(minimum: minimum, maximum: maximum, maximumDigits: digits)
        if let low = minimum, let high = maximum, low > high {
            #expect(expression == nil)
            return
        }
        let regex = try RegexSource.regex(for: try #require(expression))
        // A missing bound reaches `digits` digits, or the other bound's digit count if larger.
        let lowest = minimum ?? -Int128(power(10, max(digits, decimalLength(maximum.map { $0 < 0 ? -$0 : 0 } ?? 0))) - 1)
        let highest = maximum ?? Int128(power(10, max(digits, decimalLength(minimum.map { $0 > 0 ? $0 : 0 } ?? 0))) - 1)
        for value in -1500...1500 {
            let expected = (lowest...highest).contains(Int128(value))
            #expect(regex.admits(String(value)) == expected, "seed \(seed): \(value) in \(String(describing: minimum))...\(String(describing: maximum))")
        }
        for text in Self.malformed {
            #expect(!regex.admits(text), "seed \(seed): \(text)")
        }
    }

    @Test(arguments: [
        (Int128(Int64.min), Int128(Int64.max)),
        (0, Int128(UInt64.max)),
        (Int128.min, Int128.max),
        (Int128(Int64.min), -1),
        (-1, Int128(Int64.max)),
        (Int128(Int64.min), Int128(Int64.min)),
        (Int128(Int64.max), Int128(Int64.max)),
        (Int128(UInt64.max), Int128(UInt64.max)),
        (Int128.min, Int128.min),
        (Int128.max, Int128.max),
        (Int128(Int64.max), Int128(UInt64.max)),
        (Int128.min, Int128(Int64.min)),
        (0, 0),
        (-1, -1),
        (-1, 1),
        (1, 1),
        (Int128(Int32.min), Int128(UInt32.max)),
    ] as [(Int128, Int128)])
    func edgeBoundsAreExact(minimum: Int128, maximum: Int128) throws {
        let regex = try language(minimum: minimum, maximum: maximum)
        var probes: [SignedMagnitude] = [
            SignedMagnitude(minimum), SignedMagnitude(maximum),
            SignedMagnitude(minimum).adding(-1), SignedMagnitude(minimum).adding(1),
            SignedMagnitude(maximum).adding(-1), SignedMagnitude(maximum).adding(1),
            SignedMagnitude(0), SignedMagnitude(minimum / 2 + maximum / 2),
        ]
        // Around every power of ten, where digit counts change.
        var power: UInt128 = 1
        for _ in 0...38 {
            for magnitude in [power - 1, power, power + 1] {
                probes.append(SignedMagnitude(isNegative: false, magnitude: magnitude))
                probes.append(SignedMagnitude(isNegative: true, magnitude: magnitude))
            }
            let (next, overflow) = power.multipliedReportingOverflow(by: 10)
            if overflow { break }
            power = next
        }
        for probe in probes {
            let expected = probe.isAtLeast(minimum) && probe.isAtMost(maximum)
            #expect(regex.admits(probe.text) == expected, "\(probe.text) in \(minimum)...\(maximum)")
        }
        for text in Self.malformed {
            #expect(!regex.admits(text), "\(text)")
        }
    }

    @Test func missingBoundsReachTheDigitLimit() throws {
        let three = try language(minimum: nil, maximum: nil, maximumDigits: 3)
        for text in ["0", "7", "999", "-999", "-1", "100", "-100"] {
            #expect(three.admits(text), "\(text)")
        }
        for text in ["1000", "-1000", "-0", "0999"] {
            #expect(!three.admits(text), "\(text)")
        }
        let eighteen = try language(minimum: nil, maximum: nil)
        #expect(eighteen.admits(String(repeating: "9", count: 18)))
        #expect(eighteen.admits("-" + String(repeating: "9", count: 18)))
        #expect(!eighteen.admits("1" + String(repeating: "0", count: 18)))

        let atLeastFive = try language(minimum: 5, maximum: nil, maximumDigits: 2)
        #expect(atLeastFive.admits("5") && atLeastFive.admits("99"))
        #expect(!atLeastFive.admits("4") && !atLeastFive.admits("100") && !atLeastFive.admits("-1"))

        let atMostMinusFive = try language(minimum: nil, maximum: -5, maximumDigits: 2)
        #expect(atMostMinusFive.admits("-5") && atMostMinusFive.admits("-99"))
        #expect(!atMostMinusFive.admits("-4") && !atMostMinusFive.admits("-100") && !atMostMinusFive.admits("0"))
    }

    @Test func missingBoundReachesPastALongerGivenBound() throws {
        let huge = Int128(UInt64.max)
        let above = try language(minimum: huge, maximum: nil, maximumDigits: 3)
        #expect(above.admits(String(huge)))
        #expect(above.admits(String(repeating: "9", count: String(huge).count)))
        #expect(!above.admits(String(huge - 1)))
        #expect(!above.admits("1" + String(repeating: "0", count: String(huge).count)))

        let below = try language(minimum: nil, maximum: -huge, maximumDigits: 3)
        #expect(below.admits(String(-huge)))
        #expect(below.admits("-" + String(repeating: "9", count: String(huge).count)))
        #expect(!below.admits(String(-huge + 1)))
    }

    @Test func emptyRangesHaveNoExpression() {
        #expect(IntegerRangeGrammar.expression(minimum: 5, maximum: 4) == nil)
        #expect(IntegerRangeGrammar.expression(minimum: Int128.max, maximum: Int128.min) == nil)
        #expect(IntegerRangeGrammar.expression(minimum: 0, maximum: -1) == nil)
    }

    @Test func nonPositiveDigitLimitStillAdmitsOneDigit() throws {
        let regex = try language(minimum: nil, maximum: nil, maximumDigits: 0)
        #expect(regex.admits("9") && regex.admits("-9") && regex.admits("0"))
        #expect(!regex.admits("10"))
    }

    @Test func singleValues() throws {
        #expect(IntegerRangeGrammar.expression(minimum: 0, maximum: 0) == .literal("0"))
        #expect(IntegerRangeGrammar.expression(minimum: -1, maximum: -1) == .literal("-1"))
        #expect(IntegerRangeGrammar.expression(minimum: Int128.min, maximum: Int128.min) == .literal(String(Int128.min)))
        #expect(IntegerRangeGrammar.expression(minimum: Int128(UInt64.max), maximum: Int128(UInt64.max)) == .literal(String(UInt64.max)))
    }

    @Test(arguments: [
        (Int128(Int64.min), Int128(Int64.max), 240),
        (0, Int128(UInt64.max), 130),
        (Int128(Int32.min), Int128(Int32.max), 150),
        (Int128.min, Int128.max, 500),
    ] as [(Int128, Int128, Int)])
    func fullWidthRangesStaySmall(minimum: Int128, maximum: Int128, limit: Int) throws {
        let expression = try #require(IntegerRangeGrammar.expression(minimum: minimum, maximum: maximum))
        #expect(expression.nodeCount < limit)
    }

    @Test func unboundedIsTiny() throws {
        let expression = try #require(IntegerRangeGrammar.expression(minimum: nil, maximum: nil))
        #expect(expression.nodeCount <= 12)
    }
}

/// An integer as sign and magnitude, so neighbours of `Int128.min` and `Int128.max` can be
/// written without overflow.
private struct SignedMagnitude {
    var isNegative: Bool
    var magnitude: UInt128

    init(isNegative: Bool, magnitude: UInt128) {
        self.isNegative = isNegative && magnitude != 0
        self.magnitude = magnitude
    }

    init(_ value: Int128) {
        self.init(isNegative: value < 0, magnitude: value.magnitude)
    }

    func adding(_ delta: Int) -> SignedMagnitude {
        let towardsZero = isNegative == (delta > 0)
        if magnitude == 0 { return SignedMagnitude(isNegative: delta < 0, magnitude: UInt128(delta.magnitude)) }
        return SignedMagnitude(
            isNegative: isNegative,
            magnitude: towardsZero ? magnitude - UInt128(delta.magnitude) : magnitude + UInt128(delta.magnitude)
        )
    }

    var text: String { (isNegative ? "-" : "") + String(magnitude) }

    func isAtLeast(_ bound: Int128) -> Bool {
        let other = SignedMagnitude(bound)
        if isNegative != other.isNegative { return other.isNegative }
        return isNegative ? magnitude <= other.magnitude : magnitude >= other.magnitude
    }

    func isAtMost(_ bound: Int128) -> Bool {
        let other = SignedMagnitude(bound)
        if isNegative != other.isNegative { return isNegative }
        return isNegative ? magnitude >= other.magnitude : magnitude <= other.magnitude
    }
}

private func power(_ base: Int, _ exponent: Int) -> Int {
    (0..<exponent).reduce(1) { result, _ in result * base }
}

private func decimalLength(_ value: Int128) -> Int {
    String(value.magnitude).count
}
