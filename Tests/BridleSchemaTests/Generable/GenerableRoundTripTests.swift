import Foundation
import Testing

@testable import BridleSchema
import BridleTestSupport

/// values → GeneratedContent → JSON text → GeneratedContent → value, for every built-in
/// type, with random values from fixed seeds. Each value must also conform to its type's
/// schema, and Foundation's JSONDecoder (with the `.rfc3339` strategy) must agree.
@Suite("Built-in Generable round trips")
struct GenerableRoundTripTests {
    static let seeds: [UInt64] = Array(0..<64)

    func roundTrip<T: Generable & Equatable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let content = try value.generatedContent
        let text = content.jsonString
        #expect(T.generationSchema.violations(of: content) == [], "\(text)", sourceLocation: sourceLocation)
        let decoded = try T(GeneratedContent(json: text))
        #expect(decoded == value, "\(text)", sourceLocation: sourceLocation)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .rfc3339
        let viaFoundation = try decoder.decode([T].self, from: Data("[\(text)]".utf8))
        #expect(viaFoundation == [value], "\(text)", sourceLocation: sourceLocation)
    }

    @Test(arguments: seeds)
    func integers(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        func sample<I: FixedWidthInteger>(_: I.Type) -> I {
            // Bounds and their neighbours come up often: that is where widths break.
            switch random.next() % 4 {
            case 0: return I.min
            case 1: return I.max
            case 2: return I(truncatingIfNeeded: random.next() % 3)
            default: return I(truncatingIfNeeded: random.next())
            }
        }
        try roundTrip(sample(Int8.self)); try roundTrip(sample(Int16.self)); try roundTrip(sample(Int32.self))
        try roundTrip(sample(Int64.self)); try roundTrip(sample(Int.self)); try roundTrip(sample(UInt8.self))
        try roundTrip(sample(UInt16.self)); try roundTrip(sample(UInt32.self)); try roundTrip(sample(UInt64.self))
        try roundTrip(sample(UInt.self))
    }

    @Test(arguments: seeds)
    func floatingPointAndDecimal(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let double = Double(bitPattern: random.next())
        if double.isFinite { try roundTrip(double) }
        let float = Float(bitPattern: UInt32(truncatingIfNeeded: random.next()))
        if float.isFinite { try roundTrip(float) }
        try roundTrip(Double(Int64(bitPattern: random.next()) % 1_000_000) / 1000)
        let mantissa = random.next() % 1_000_000_000_000
        let decimal = Decimal(sign: random.next() % 2 == 0 ? .plus : .minus, exponent: -Int(random.next() % 12), significand: Decimal(mantissa))
        try roundTrip(decimal)
    }

    @Test(arguments: seeds)
    func textDatesAndIdentifiers(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let scalars = (0..<(random.next() % 12)).compactMap { _ -> Character? in
            let pool: [UInt32] = [0x22, 0x5C, 0x0A, 0x01, 0x41, 0xE9, 0x1F600, 0x2028, 0x7F]
            return Unicode.Scalar(pool[Int(random.next() % UInt64(pool.count))]).map(Character.init)
        }
        try roundTrip(String(scalars))
        try roundTrip(random.next() % 2 == 0)
        // Whole milliseconds between 0001 and 9999: the precision RFC 3339 text keeps exactly.
        let milliseconds = Int64(random.next() % 315_537_897_600_000) - 62_135_596_800_000
        try roundTrip(Date(timeIntervalSince1970: Double(milliseconds) / 1000))
        try roundTrip(UUID(uuid: withUnsafeBytes(of: (random.next(), random.next())) { bytes in
            (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
             bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15])
        }))
    }

    @Test(arguments: seeds)
    func containers(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let array = (0..<(random.next() % 5)).map { _ in Int32(truncatingIfNeeded: random.next()) }
        try roundTrip(array)
        try roundTrip(random.next() % 2 == 0 ? nil : Int16(truncatingIfNeeded: random.next()))
        try roundTrip([[UInt8(truncatingIfNeeded: random.next())], []])
        var dictionary: [String: Bool] = [:]
        for index in 0..<(random.next() % 4) { dictionary["key\(index)"] = random.next() % 2 == 0 }
        try roundTrip(dictionary)
    }

    @Test func nonFiniteNumbersHaveNoJSONForm() {
        #expect(throws: EncodingError.self) { try Double.nan.generatedContent }
        #expect(throws: EncodingError.self) { try Float.infinity.generatedContent }
    }
}
