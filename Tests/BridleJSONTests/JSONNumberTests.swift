import Foundation
import Testing
@testable import BridleJSON
import BridleTestSupport

@Suite("JSONNumber")
struct JSONNumberTests {
    @Test("accepts RFC 8259 number syntax", arguments: [
        "0", "-0", "1", "-1", "123", "1.5", "0.0", "-0.0", "1e5", "1E5", "1e+5", "1e-5", "1.5e-07", "-0.0e-0",
        "18446744073709551615", "3.14159265358979323846", "1e99999999999999999999999", "0.000001",
    ])
    func acceptsValidSyntax(text: String) {
        #expect(JSONNumber(text: text)?.text == text)
    }

    @Test("rejects everything else", arguments: [
        "", " 1", "1 ", "01", "-01", "00", "+1", ".5", "1.", "1.e5", "1e", "1e+", "-", "--1", "NaN", "Infinity",
        "-Infinity", "0x10", "1_000", "١", "1,5", "1.5.3", "e5", "- 1",
    ])
    func rejectsInvalidSyntax(text: String) {
        #expect(JSONNumber(text: text) == nil)
    }

    @Test("numerically equal spellings are equal and hash alike", arguments: [
        ("1", "1.0"), ("1", "1e0"), ("1", "10e-1"), ("100", "1e2"), ("100", "1.00E+2"), ("0", "-0"), ("0", "0e10"),
        ("0", "-0.000e-5"), ("0.1", "1e-1"), ("-1.50", "-15e-1"), ("123.456", "123456e-3"),
        ("1e99999999999999999999", "10e99999999999999999998"),
        ("1e-99999999999999999999", "0.1e-99999999999999999998"),
        ("1e999999999999999999", "10e999999999999999998"),
    ])
    func numericEquality(lhs: String, rhs: String) throws {
        let left = try #require(JSONNumber(text: lhs))
        let right = try #require(JSONNumber(text: rhs))
        #expect(left == right)
        #expect(left.hashValue == right.hashValue)
        #expect(Set([left, right]).count == 1)
    }

    @Test("different values are unequal, including ones Double can't tell apart", arguments: [
        ("1", "2"), ("1", "-1"), ("0.1", "0.10000000000000001"), ("9007199254740993", "9007199254740992"),
        ("1e99999999999999999999", "1e99999999999999999998"), ("1e-5", "1e5"), ("10", "1"),
        ("999999999999999999", "1e18"),
    ])
    func numericInequality(lhs: String, rhs: String) throws {
        let left = try #require(JSONNumber(text: lhs))
        let right = try #require(JSONNumber(text: rhs))
        #expect(left != right)
    }

    @Test("exact integers of every width at their limits")
    func exactIntegerLimits() {
        #expect(JSONNumber(text: "18446744073709551615")?.exactInteger(UInt64.self) == UInt64.max)
        #expect(JSONNumber(text: "18446744073709551616")?.exactInteger(UInt64.self) == nil)
        #expect(JSONNumber(text: "-9223372036854775808")?.exactInteger(Int64.self) == Int64.min)
        #expect(JSONNumber(text: "-9223372036854775809")?.exactInteger(Int64.self) == nil)
        #expect(JSONNumber(text: "9223372036854775807")?.exactInteger(Int64.self) == Int64.max)
        #expect(JSONNumber(text: "9223372036854775808")?.exactInteger(Int64.self) == nil)
        #expect(JSONNumber(text: "-128")?.exactInteger(Int8.self) == Int8.min)
        #expect(JSONNumber(text: "128")?.exactInteger(Int8.self) == nil)
        #expect(JSONNumber(text: "255")?.exactInteger(UInt8.self) == UInt8.max)
        #expect(JSONNumber(text: "256")?.exactInteger(UInt8.self) == nil)
        #expect(JSONNumber(text: "-1")?.exactInteger(UInt8.self) == nil)
        #expect(JSONNumber(text: "-0")?.exactInteger(UInt8.self) == 0)
        #expect(JSONNumber(text: "340282366920938463463374607431768211455")?.exactInteger(UInt128.self) == UInt128.max)
        #expect(JSONNumber(text: "170141183460469231731687303715884105727")?.int128 == Int128.max)
        #expect(JSONNumber(text: "-170141183460469231731687303715884105728")?.int128 == Int128.min)
        #expect(JSONNumber(text: "170141183460469231731687303715884105728")?.int128 == nil)
    }

    @Test("exact integers from other spellings", arguments: [
        ("1.0", 1), ("1e2", 100), ("100e-2", 1), ("1.5e1", 15), ("-2.000", -2), ("0e999999999999999999999", 0),
        ("9007199254740993", 9_007_199_254_740_993), ("12300e-2", 123), ("0.0", 0),
    ] as [(String, Int64)])
    func exactIntegerSpellings(text: String, expected: Int64) throws {
        let number = try #require(JSONNumber(text: text))
        #expect(number.exactInteger(Int64.self) == expected)
    }

    @Test("non-integral or absurdly large numbers have no exact integer", arguments: [
        "1.5", "0.1", "100e-3", "1e-1", "1e1000000000000", "1e99999999999999999999999", "1e-99999999999999999999999",
        "12345678901234567890123e-3",
    ])
    func noExactInteger(text: String) throws {
        let number = try #require(JSONNumber(text: text))
        #expect(number.exactInteger(Int64.self) == nil)
        #expect(number.int128 == nil)
    }

    @Test("integer initialiser writes the exact value")
    func integerInitialiser() {
        #expect(JSONNumber(Int64.min).text == "-9223372036854775808")
        #expect(JSONNumber(UInt64.max).text == "18446744073709551615")
        #expect(JSONNumber(Int128.min).text == "-170141183460469231731687303715884105728")
        #expect(JSONNumber(UInt8(0)).text == "0")
        // An integer literal picks the exact integer initialiser, not a failable one.
        #expect(JSONNumber(5).text == "5")
        #expect(GeneratedContent(5).jsonString == "5")
    }

    @Test("double initialiser writes the shortest round-tripping text", arguments: [
        (0.1, "0.1"), (100, "100"), (-0.0, "-0"), (1e20, "1e+20"), (1.5e-7, "1.5e-7"), (Double.leastNonzeroMagnitude, "5e-324"),
        (Double.greatestFiniteMagnitude, "1.7976931348623157e+308"), (1.0000000000000002, "1.0000000000000002"),
        (-2.5, "-2.5"), (123456789012345680000.0, "1.2345678901234568e+20"),
    ])
    func doubleInitialiser(value: Double, text: String) {
        #expect(JSONNumber(value)?.text == text)
    }

    @Test("non-finite values have no JSON number", arguments: [Double.nan, .infinity, -.infinity, .signalingNaN])
    func nonFiniteDouble(value: Double) {
        #expect(JSONNumber(value) == nil)
        #expect(JSONNumber(Float(value)) == nil)
    }

    @Test("random doubles round-trip bit for bit", arguments: [UInt64(1), 2, 3, 4])
    func doubleRoundTrip(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        for _ in 0..<500 {
            let value = Double(bitPattern: random.next())
            guard value.isFinite else { continue }
            let number = try #require(JSONNumber(value))
            #expect(JSONNumber(text: number.text) != nil)
            #expect(number.double?.bitPattern == value.bitPattern, "\(number.text)")
        }
    }

    @Test("float initialiser uses Float's own shortest text")
    func floatInitialiser() {
        #expect(JSONNumber(Float(0.1))?.text == "0.1")
        #expect(JSONNumber(Float.greatestFiniteMagnitude)?.text == "3.4028235e+38")
        #expect(JSONNumber(Float(3))?.text == "3")
    }

    @Test("decimal initialiser keeps every digit")
    func decimalInitialiser() throws {
        let pi = try #require(Decimal(string: "3.14159265358979323846"))
        #expect(JSONNumber(pi)?.text == "3.14159265358979323846")
        #expect(JSONNumber(Decimal(-5))?.text == "-5")
        #expect(JSONNumber(Decimal.nan) == nil)
    }

    @Test("double accessor rounds correctly and refuses infinity", arguments: [
        ("0.1", 0.1 as Double?), ("1e400", nil), ("-1e400", nil), ("1e-400", 0), ("9007199254740993", 9_007_199_254_740_992),
        ("1.7976931348623157e308", .greatestFiniteMagnitude), ("-0", -0.0),
    ])
    func doubleAccessor(text: String, expected: Double?) throws {
        #expect(try #require(JSONNumber(text: text)).double == expected)
    }

    @Test("decimal accessor", arguments: [
        ("3.14159265358979323846", "3.14159265358979323846"),
        ("1e130", "1000e127"),
        ("-2.50", "-2.5"),
        ("0", "0"),
        ("1e-200", "0"),
        ("12345678901234567890123456789012345678999", "12345678901234567890123456789012345679e3"),
        ("99999999999999999999999999999999999999999", "1e41"),
        ("5.5e-129", "1e-128"),
        ("1234e-131", "1e-128"),
    ])
    func decimalAccessor(text: String, expected: String) throws {
        let number = try #require(JSONNumber(text: text))
        let expectedDecimal = try #require(Decimal(string: expected))
        #expect(number.decimal == expectedDecimal)
    }

    @Test("decimal accessor is nil beyond Decimal's range", arguments: ["1e200", "-1e200", "1e99999999999999999999"])
    func decimalOverflow(text: String) throws {
        #expect(try #require(JSONNumber(text: text)).decimal == nil)
    }

    @Test("description is the text")
    func descriptionIsText() {
        #expect(JSONNumber(text: "1.50")?.description == "1.50")
    }
}
