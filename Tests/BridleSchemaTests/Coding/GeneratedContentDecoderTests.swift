import Foundation
import Testing
@testable import BridleSchema
import BridleTestSupport

@Suite("GeneratedContentDecoder")
struct GeneratedContentDecoderTests {
    private let decoder = GeneratedContentDecoder()

    /// Encoder → content → compact JSON text → parser → decoder: every layer in one trip.
    private func roundTrip<T: Codable>(_ value: T) throws -> T {
        let text = try GeneratedContentEncoder().encode(value).jsonString
        return try decoder.decode(T.self, from: GeneratedContent(json: text))
    }

    private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try decoder.decode(T.self, from: GeneratedContent(json: json))
    }

    // MARK: Numbers

    enum Width: String, CaseIterable, Sendable {
        case int, int8, int16, int32, int64, int128, uint, uint8, uint16, uint32, uint64, uint128, float, double
    }

    private func checkLimits<I: FixedWidthInteger & Codable>(_ type: I.Type) throws {
        for value in [I.min, I.max, 0] {
            #expect(try roundTrip(value) == value)
            #expect(try roundTrip([value]) == [value])
            #expect(try roundTrip(["k": value]) == ["k": value])
            #expect(try GeneratedContentEncoder().encode(value).jsonString == String(value))
        }
    }

    private func checkLimits<F: BinaryFloatingPoint & Codable>(_ type: F.Type) throws {
        for value in [-F.greatestFiniteMagnitude, F.greatestFiniteMagnitude, F.leastNonzeroMagnitude, 0, -1.5] {
            #expect(try roundTrip(value) == value)
            #expect(try roundTrip(["k": [value]]) == ["k": [value]])
        }
    }

    @Test("every numeric width round-trips at min, max and 0", arguments: Width.allCases)
    func numericLimits(width: Width) throws {
        switch width {
        case .int: try checkLimits(Int.self)
        case .int8: try checkLimits(Int8.self)
        case .int16: try checkLimits(Int16.self)
        case .int32: try checkLimits(Int32.self)
        case .int64: try checkLimits(Int64.self)
        case .int128: try checkLimits(Int128.self)
        case .uint: try checkLimits(UInt.self)
        case .uint8: try checkLimits(UInt8.self)
        case .uint16: try checkLimits(UInt16.self)
        case .uint32: try checkLimits(UInt32.self)
        case .uint64: try checkLimits(UInt64.self)
        case .uint128: try checkLimits(UInt128.self)
        case .float: try checkLimits(Float.self)
        case .double: try checkLimits(Double.self)
        }
    }

    @Test("integral numbers in any spelling decode as integers")
    func integralSpellings() throws {
        #expect(try decode([Int].self, "[1.0, 1e2, 100e-2, -0, 2.50e1]") == [1, 100, 1, 0, 25])
        #expect(try decode(UInt64.self, "1.8446744073709551615e19") == UInt64.max)
    }

    struct IntegerCase: Sendable, CustomTestStringConvertible {
        var json: String
        var decode: @Sendable (GeneratedContent) throws -> Void
        var message: String
        var testDescription: String { json }
    }

    @Test("out-of-range and fractional numbers throw dataCorrupted with the path", arguments: [
        IntegerCase(json: #"{"n": 256}"#, decode: { _ = try GeneratedContentDecoder().decode([String: UInt8].self, from: $0) },
                    message: "The number 256 is outside the range of UInt8 (0...255)."),
        IntegerCase(json: #"{"n": -1}"#, decode: { _ = try GeneratedContentDecoder().decode([String: UInt].self, from: $0) },
                    message: "outside the range of UInt"),
        IntegerCase(json: #"{"n": 9223372036854775808}"#, decode: { _ = try GeneratedContentDecoder().decode([String: Int64].self, from: $0) },
                    message: "outside the range of Int64"),
        IntegerCase(json: #"{"n": 1.5}"#, decode: { _ = try GeneratedContentDecoder().decode([String: Int].self, from: $0) },
                    message: "The number 1.5 is not a whole number, so it can't be decoded as Int."),
        IntegerCase(json: #"{"n": 1e400}"#, decode: { _ = try GeneratedContentDecoder().decode([String: Double].self, from: $0) },
                    message: "outside the finite range of Double"),
        IntegerCase(json: #"{"n": 3.5e38}"#, decode: { _ = try GeneratedContentDecoder().decode([String: Float].self, from: $0) },
                    message: "outside the finite range of Float"),
        IntegerCase(json: #"{"n": -1e39}"#, decode: { _ = try GeneratedContentDecoder().decode([String: Float].self, from: $0) },
                    message: "outside the finite range of Float"),
        IntegerCase(json: #"{"n": 1e200}"#, decode: { _ = try GeneratedContentDecoder().decode([String: Decimal].self, from: $0) },
                    message: "outside the range of Decimal"),
    ])
    func numericFailures(testCase: IntegerCase) throws {
        let content = try GeneratedContent(json: testCase.json)
        let error = #expect(throws: DecodingError.self) { try testCase.decode(content) }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(String(describing: error))")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["n"])
        #expect(context.debugDescription.contains(testCase.message), "\(context.debugDescription)")
    }

    @Test("Float accepts values at the edge of its range")
    func floatEdge() throws {
        #expect(try decode(Float.self, "3.4028235e38") == .greatestFiniteMagnitude)
        #expect(try decode(Float.self, "0.1") == Float(0.1))
    }

    @Test("Decimal round-trips exactly")
    func decimal() throws {
        let value = try #require(Decimal(string: "3.14159265358979323846"))
        #expect(try roundTrip(value) == value)
        #expect(try roundTrip(["pi": value]) == ["pi": value])
        #expect(try GeneratedContentEncoder().encode(roundTrip(value)).jsonString == "3.14159265358979323846")
        #expect(try decode(Decimal.self, "1.10") == Decimal(string: "1.1"))
    }

    // MARK: Special types

    @Test("whole-millisecond dates round-trip", arguments: [UInt64(7), 8, 9])
    func dates(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        for _ in 0..<20 {
            // Anywhere from 1970 to about 2100.
            let milliseconds = Int64.random(in: 0...4_102_444_800_000, using: &random)
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            let decoded = try roundTrip(date)
            #expect(Int64((decoded.timeIntervalSince1970 * 1000).rounded()) == milliseconds)
            let inArray = try roundTrip([date])
            #expect(inArray.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) } == [milliseconds])
        }
    }

    @Test("a full-date decodes as midnight UTC")
    func fullDate() throws {
        #expect(try decode(Date.self, #""2024-05-01""#) == Date(timeIntervalSince1970: 1_714_521_600))
    }

    @Test("an unrecognised date names the expected formats", arguments: [#""yesterday""#, #""2024-13-45""#])
    func badDate(json: String) throws {
        let error = #expect(throws: DecodingError.self) { try decode([Date].self, "[\(json)]") }
        guard case .dataCorrupted(let context) = error else { return }
        #expect(context.codingPath.map(\.stringValue) == ["Index 0"])
        #expect(context.debugDescription.contains("RFC 3339"))
    }

    @Test("a date that isn't a string is a type mismatch")
    func dateTypeMismatch() throws {
        let error = #expect(throws: DecodingError.self) { try decode(Date.self, "12") }
        guard case .typeMismatch(_, let context) = error else { return }
        #expect(context.debugDescription == "Expected a string but found the number 12.")
    }

    @Test("URL and UUID round-trip")
    func urlAndUUID() throws {
        let url = try #require(URL(string: "https://example.com/path?q=1#frag"))
        #expect(try roundTrip(url) == url)
        #expect(try roundTrip(["link": url]) == ["link": url])
        let uuid = UUID()
        #expect(try roundTrip(uuid) == uuid)
    }

    // MARK: Structures

    struct Order: Codable, Equatable {
        var id: Int
        var items: [Item]
        var note: String?
        var matrix: [[Int]]
        var tags: [String]?
        var shape: Shape

        struct Item: Codable, Equatable {
            var name: String
            var quantity: UInt8
            var price: Decimal?
        }
    }

    enum Shape: Codable, Equatable {
        case circle(radius: Double)
        case point
        case labelled(String, size: Int)
        case nested(inner: [Shape])
    }

    @Test("structures with nested arrays, optionals and enums round-trip")
    func structures() throws {
        let order = Order(
            id: 7,
            items: [
                .init(name: "a", quantity: 1, price: Decimal(string: "9.99")),
                .init(name: "b\n\"", quantity: 255, price: nil),
            ],
            note: nil,
            matrix: [[1, 2], [], [3]],
            tags: ["x"],
            shape: .nested(inner: [.circle(radius: 0.5), .point, .labelled("l", size: -3)])
        )
        #expect(try roundTrip(order) == order)
        #expect(try roundTrip([order, order]) == [order, order])
    }

    @Test("enums decode from Swift's synthesized shape", arguments: [
        (#"{"circle":{"radius":2}}"#, Shape.circle(radius: 2)),
        (#"{"point":{}}"#, Shape.point),
        (#"{"labelled":{"_0":"x","size":1}}"#, Shape.labelled("x", size: 1)),
    ])
    func enums(json: String, expected: Shape) throws {
        #expect(try decode(Shape.self, json) == expected)
    }

    @Test("dictionaries round-trip")
    func dictionaries() throws {
        let value = ["one": 1, "two": 2, "three": 3, "": 0]
        #expect(try roundTrip(value) == value)
        #expect(try roundTrip([1: "a", 2: "b"]) == [1: "a", 2: "b"])
        #expect(try roundTrip(["nested": ["x": [1, 2]]]) == ["nested": ["x": [1, 2]]])
    }

    @Test("a missing key and null both decode as nil")
    func optionals() throws {
        struct Holder: Decodable, Equatable { var a: Int?; var b: [String]? }
        #expect(try decode(Holder.self, "{}") == Holder(a: nil, b: nil))
        #expect(try decode(Holder.self, #"{"a": null, "b": null}"#) == Holder(a: nil, b: nil))
        #expect(try decode(Holder.self, #"{"a": 1, "b": ["x"]}"#) == Holder(a: 1, b: ["x"]))
        #expect(try decode([Int?].self, "[1, null]") == [1, nil])
        #expect(try decode(Int?.self, "null") == nil)
    }

    // MARK: Errors

    @Test("a wrong type deep inside reports the full coding path")
    func errorPath() throws {
        let json = #"""
            {"id": 1, "matrix": [], "shape": {"point": {}}, "items": [
                {"name": "a", "quantity": 1},
                {"name": "b", "quantity": 2},
                {"name": 3, "quantity": 3}
            ]}
            """#
        let error = #expect(throws: DecodingError.self) { try decode(Order.self, json) }
        guard case .typeMismatch(let type, let context) = error else {
            Issue.record("expected typeMismatch, got \(String(describing: error))")
            return
        }
        #expect(type is String.Type)
        #expect(context.codingPath.map(\.stringValue) == ["items", "Index 2", "name"])
        #expect(context.codingPath.map(\.intValue) == [nil, 2, nil])
        #expect(context.debugDescription == "Expected a string but found the number 3.")
    }

    @Test("a missing key names the keys that are there")
    func missingKey() {
        struct Needs: Decodable { var wanted: Int }
        let error = #expect(throws: DecodingError.self) { try decode([Needs].self, #"[{"wanted": 1}, {"other": 2}]"#) }
        guard case .keyNotFound(let key, let context) = error else { return }
        #expect(key.stringValue == "wanted")
        #expect(context.codingPath.map(\.stringValue) == ["Index 1"])
        #expect(context.debugDescription == #"No value for key "wanted". The object has "other"."#)
    }

    @Test("null where a value is required is valueNotFound")
    func nullValue() {
        struct Needs: Decodable { var wanted: Int }
        let error = #expect(throws: DecodingError.self) { try decode(Needs.self, #"{"wanted": null}"#) }
        guard case .valueNotFound(_, let context) = error else { return }
        #expect(context.codingPath.map(\.stringValue) == ["wanted"])
        #expect(context.debugDescription == "Expected a number but found null.")
    }

    @Test("type mismatches say what was expected and found", arguments: [
        ("[1]", "Expected an object but found an array of 1 element."),
        (#""text""#, "Expected an object but found the string \"text\"."),
    ])
    func containerMismatch(json: String, message: String) {
        struct Keyed: Decodable { var a: Int }
        let error = #expect(throws: DecodingError.self) { try decode(Keyed.self, json) }
        guard case .typeMismatch(_, let context) = error else { return }
        #expect(context.debugDescription == message)
    }

    @Test("booleans and strings don't coerce")
    func noCoercion() {
        #expect(throws: DecodingError.self) { try decode(Bool.self, "1") }
        #expect(throws: DecodingError.self) { try decode(String.self, "1") }
        #expect(throws: DecodingError.self) { try decode(Int.self, #""1""#) }
        #expect(throws: DecodingError.self) { try decode([Int].self, #"{"0": 1}"#) }
    }

    // MARK: Containers

    struct Pairs: Decodable, Equatable {
        var values: [Int?]
        var nested: [[String]]
        init(from decoder: any Decoder) throws {
            var outer = try decoder.unkeyedContainer()
            #expect(outer.count == 3)
            var values: [Int?] = []
            var inner = try outer.nestedUnkeyedContainer()
            while !inner.isAtEnd {
                if try inner.decodeNil() {
                    values.append(nil)
                } else {
                    values.append(try inner.decode(Int.self))
                }
            }
            self.values = values
            var rows = try outer.nestedUnkeyedContainer()
            var nested: [[String]] = []
            while !rows.isAtEnd { nested.append(try rows.decode([String].self)) }
            self.nested = nested
            let keyed = try outer.nestedContainer(keyedBy: AnyKey.self)
            #expect(keyed.allKeys.map(\.stringValue) == ["z", "a"])
            #expect(outer.isAtEnd)
            #expect(throws: DecodingError.self) { try outer.decode(Int.self) }
        }
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    @Test("nested unkeyed and keyed containers, decodeNil and isAtEnd")
    func containers() throws {
        let value = try decode(Pairs.self, #"[[1, null, 3], [["a"], []], {"z": 1, "a": 2}]"#)
        #expect(value.values == [1, nil, 3])
        #expect(value.nested == [["a"], []])
    }

    @Test("decoding past the end of an array reports the index")
    func pastEnd() {
        struct Triple: Decodable {
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                for _ in 0..<3 { _ = try container.decode(Int.self) }
            }
        }
        let error = #expect(throws: DecodingError.self) { try decode(Triple.self, "[1, 2]") }
        guard case .valueNotFound(_, let context) = error else { return }
        #expect(context.codingPath.map(\.stringValue) == ["Index 2"])
    }

    @Test("a failed element decode doesn't advance the container")
    func retryAfterFailure() throws {
        struct Flexible: Decodable {
            var values: [String] = []
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                while !container.isAtEnd {
                    if let number = try? container.decode(Int.self) {
                        values.append(String(number))
                    } else {
                        values.append(try container.decode(String.self))
                    }
                }
            }
        }
        #expect(try decode(Flexible.self, #"[1, "two", 3]"#).values == ["1", "two", "3"])
    }

    @Test("superDecoder reads the superclass from \"super\"")
    func superDecoder() throws {
        let dog = GeneratedContentEncoderTests.Dog(name: "Rex", breed: "lab")
        let decoded = try roundTrip(dog)
        #expect(decoded.name == "Rex")
        #expect(decoded.breed == "lab")
    }

    @Test("a missing super key decodes as null, so the superclass reports what it needed")
    func missingSuper() throws {
        struct OptionalSuper: Decodable {
            var value: Int?
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: AnyKey.self)
                value = try container.superDecoder().singleValueContainer().decode(Int?.self)
                #expect(try container.superDecoder(forKey: AnyKey(stringValue: "other")).singleValueContainer().decodeNil())
            }
        }
        #expect(try decode(OptionalSuper.self, "{}").value == nil)
        #expect(try decode(OptionalSuper.self, #"{"super": 4}"#).value == 4)
        let dog = #expect(throws: DecodingError.self) {
            try decode(GeneratedContentEncoderTests.Dog.self, #"{"breed": "lab"}"#)
        }
        guard case .valueNotFound(_, let context) = dog else { return }
        #expect(context.codingPath.map(\.stringValue) == ["super"])
    }

    @Test("GeneratedContent fields are handed over unchanged")
    func embeddedContent() throws {
        struct Envelope: Decodable { var id: Int; var payload: GeneratedContent; var extra: GeneratedContent? }
        let json = #"{"id": 1, "payload": {"z": 1.50, "a": [1E+2, 18446744073709551616]}, "extra": null}"#
        let envelope = try decode(Envelope.self, json)
        #expect(envelope.payload.jsonString == #"{"z":1.50,"a":[1E+2,18446744073709551616]}"#)
        #expect(envelope.extra == nil)
        #expect(try decode(GeneratedContent.self, json).jsonString == GeneratedContent(json: json).jsonString)
    }

    @Test("top-level single values")
    func topLevel() throws {
        #expect(try decode(Int.self, "5") == 5)
        #expect(try decode(String.self, #""s""#) == "s")
        #expect(try decode(Bool.self, "false") == false)
        #expect(try decode([Double].self, "[0.5, 1e3]") == [0.5, 1000])
    }

    struct ReadsUserInfo: Decodable {
        static let key = CodingUserInfoKey(rawValue: "flag")!
        var flag: String?
        init(from decoder: any Decoder) throws {
            flag = decoder.userInfo[Self.key] as? String
        }
    }

    @Test("userInfo reaches init(from:)")
    func userInfo() throws {
        var decoder = GeneratedContentDecoder()
        decoder.userInfo[ReadsUserInfo.key] = "set"
        #expect(try decoder.decode(ReadsUserInfo.self, from: .null).flag == "set")
    }

    @Test("random content decodes key order back through a keyed container")
    func keyOrderVisibleToDecoders() throws {
        struct Keys: Decodable {
            var keys: [String]
            init(from decoder: any Decoder) throws {
                keys = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
            }
        }
        var random = SplitMix64(seed: 5)
        for _ in 0..<50 {
            let content = GeneratedContent(properties: (0..<Int.random(in: 0...8, using: &random)).map { _ in
                (RandomContent.string(using: &random), GeneratedContent.null)
            })
            let keys = try decoder.decode(Keys.self, from: content).keys
            #expect(keys == content.orderedProperties?.map(\.name))
        }
    }
}
