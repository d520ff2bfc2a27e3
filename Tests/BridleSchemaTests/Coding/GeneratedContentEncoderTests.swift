import Foundation
import Testing
@testable import BridleSchema

@Suite("GeneratedContentEncoder")
struct GeneratedContentEncoderTests {
    private let encoder = GeneratedContentEncoder()

    struct Ordered: Codable {
        var zebra = 1
        var apple = "a"
        var mango: [Int] = [1, 2]
        var kiwi: Bool? = nil
        var nested = Inner()

        struct Inner: Codable {
            var yak = 2.5
            var ant: String? = "x"
        }
    }

    @Test("properties come out in declaration order, recursively")
    func declarationOrder() throws {
        let content = try encoder.encode(Ordered())
        #expect(content.jsonString == #"{"zebra":1,"apple":"a","mango":[1,2],"nested":{"yak":2.5,"ant":"x"}}"#)
    }

    struct CustomOrder: Encodable {
        enum CodingKeys: String, CodingKey { case first, second, third }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(3, forKey: .third)
            try container.encodeNil(forKey: .first)
            try container.encode("2", forKey: .second)
            // Re-encoding a key replaces its value but keeps its position.
            try container.encode(33, forKey: .third)
        }
    }

    @Test("keyed containers keep the order values were encoded in")
    func encodeOrder() throws {
        #expect(try encoder.encode(CustomOrder()).jsonString == #"{"third":33,"first":null,"second":"2"}"#)
    }

    @Test("integers of every width encode exactly")
    func integers() throws {
        #expect(try encoder.encode(Int64.min).jsonString == "-9223372036854775808")
        #expect(try encoder.encode(UInt64.max).jsonString == "18446744073709551615")
        #expect(try encoder.encode(Int8.min).jsonString == "-128")
        #expect(try encoder.encode(UInt128.max).jsonString == "340282366920938463463374607431768211455")
        #expect(try encoder.encode([Int128.min]).jsonString == "[-170141183460469231731687303715884105728]")
        #expect(try encoder.encode(["k": UInt.max]).jsonString == #"{"k":18446744073709551615}"#)
    }

    @Test("floating point uses the shortest text for its own type")
    func floatingPoint() throws {
        #expect(try encoder.encode(Float(0.1)).jsonString == "0.1")
        #expect(try encoder.encode(0.1).jsonString == "0.1")
        #expect(try encoder.encode([1.0, -0.0, 1e-7]).jsonString == "[1,-0,1e-7]")
    }

    struct Measurement: Encodable {
        var label = "x"
        var values: [Double]
    }

    @Test("non-finite floating point throws, naming the path", arguments: [Double.nan, .infinity, -.infinity])
    func nonFinite(value: Double) {
        let error = #expect(throws: EncodingError.self) {
            try encoder.encode(Measurement(values: [1, value]))
        }
        guard case .invalidValue(_, let context) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["values", "Index 1"])
        #expect(context.debugDescription.contains("JSON has no NaN or Infinity"))
        #expect(throws: EncodingError.self) { try encoder.encode(Float(value)) }
        #expect(throws: EncodingError.self) { try encoder.encode(["k": Float(value)]) }
    }

    @Test("Decimal encodes as a number with its exact digits")
    func decimal() throws {
        let value = try #require(Decimal(string: "3.14159265358979323846"))
        #expect(try encoder.encode(value).jsonString == "3.14159265358979323846")
        #expect(try encoder.encode(["price": value]).jsonString == #"{"price":3.14159265358979323846}"#)
        #expect(throws: EncodingError.self) { try encoder.encode([Decimal.nan]) }
    }

    @Test("Date encodes as an RFC 3339 string")
    func date() throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000.25)
        let text = try #require(RFC3339.formatDateTime(date))
        #expect(try encoder.encode(date) == GeneratedContent(text))
        #expect(try encoder.encode(["at": date])[property: "at"] == GeneratedContent(text))
    }

    @Test("a date RFC 3339 can't write throws, naming the path")
    func unwritableDate() {
        let yearMinusOne = Date(timeIntervalSince1970: -62_200_000_000)
        let error = #expect(throws: EncodingError.self) { try encoder.encode(["at": yearMinusOne]) }
        guard case .invalidValue(_, let context) = error else { return }
        #expect(context.codingPath.map(\.stringValue) == ["at"])
        #expect(context.debugDescription.contains("0000 through 9999"))
    }

    @Test("URL encodes as its absolute string, UUID as its own string")
    func urlAndUUID() throws {
        let base = try #require(URL(string: "https://example.com/a/"))
        let url = try #require(URL(string: "b?c=d", relativeTo: base))
        #expect(try encoder.encode(url) == "https://example.com/a/b?c=d")
        let uuid = UUID()
        #expect(try encoder.encode([uuid]) == [GeneratedContent(uuid.uuidString)])
    }

    @Test("nil optionals are omitted by synthesized Codable but encodeNil writes null")
    func optionals() throws {
        struct Holder: Encodable { var a: Int?; var b: Int? }
        #expect(try encoder.encode(Holder(a: nil, b: 2)).jsonString == #"{"b":2}"#)
        #expect(try encoder.encode([1, nil, 3] as [Int?]).jsonString == "[1,null,3]")
        #expect(try encoder.encode(Int?.none).jsonString == "null")
    }

    enum Shape: Codable, Equatable {
        case circle(radius: Double)
        case point
        case labelled(String, size: Int)
    }

    @Test("enums with associated values use Swift's synthesized shape")
    func enums() throws {
        #expect(try encoder.encode(Shape.circle(radius: 1)).jsonString == #"{"circle":{"radius":1}}"#)
        #expect(try encoder.encode(Shape.point).jsonString == #"{"point":{}}"#)
        #expect(try encoder.encode(Shape.labelled("x", size: 2)).jsonString == #"{"labelled":{"_0":"x","size":2}}"#)
    }

    @Test("dictionaries encode as objects")
    func dictionaries() throws {
        let value = ["one": 1, "two": 2, "three": 3]
        let content = try encoder.encode(value)
        // Dictionary iteration order is unspecified, so compare values rather than text.
        #expect(try content.properties() == ["one": 1, "two": 2, "three": 3])
        #expect(try encoder.encode([1: "a"]).jsonString == #"{"1":"a"}"#)
    }

    struct NestedContainers: Encodable {
        enum Keys: String, CodingKey { case matrix, meta, name }
        enum MetaKeys: String, CodingKey { case depth }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode("n", forKey: .name)
            var matrix = container.nestedUnkeyedContainer(forKey: .matrix)
            var row = matrix.nestedUnkeyedContainer()
            try row.encode(1)
            try row.encode(2)
            var cell = matrix.nestedContainer(keyedBy: MetaKeys.self)
            try cell.encode(3, forKey: .depth)
            var meta = container.nestedContainer(keyedBy: MetaKeys.self, forKey: .meta)
            // Written after the sibling containers were created: still lands in place.
            try row.encode(4)
            try meta.encode(9, forKey: .depth)
        }
    }

    @Test("nested keyed and unkeyed containers")
    func nestedContainers() throws {
        #expect(try encoder.encode(NestedContainers()).jsonString == #"{"name":"n","matrix":[[1,2,4],{"depth":3}],"meta":{"depth":9}}"#)
    }

    class Animal: Codable {
        var name: String
        init(name: String) { self.name = name }
    }

    final class Dog: Animal {
        var breed: String
        enum Keys: String, CodingKey { case breed }
        init(name: String, breed: String) {
            self.breed = breed
            super.init(name: name)
        }
        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            breed = try container.decode(String.self, forKey: .breed)
            try super.init(from: container.superDecoder())
        }
        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(breed, forKey: .breed)
            try super.encode(to: container.superEncoder())
        }
    }

    @Test("superEncoder nests the superclass under \"super\"")
    func superEncoder() throws {
        #expect(try encoder.encode(Dog(name: "Rex", breed: "lab")).jsonString == #"{"breed":"lab","super":{"name":"Rex"}}"#)
    }

    struct UnkeyedSuper: Encodable {
        enum Keys: CodingKey { case x }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(1)
            var keyed = container.superEncoder().container(keyedBy: Keys.self)
            try keyed.encode(2, forKey: .x)
        }
    }

    @Test("superEncoder in an unkeyed container appends an element")
    func unkeyedSuperEncoder() throws {
        #expect(try encoder.encode(UnkeyedSuper()).jsonString == #"[1,{"x":2}]"#)
    }

    struct Misuse: Encodable {
        enum Keys: CodingKey { case a }
        func encode(to encoder: any Encoder) throws {
            var single = encoder.singleValueContainer()
            try single.encode(1)
            var keyed = encoder.container(keyedBy: Keys.self)
            try keyed.encode(2, forKey: .a)
        }
    }

    @Test("mixing container kinds for one value is an error, not a crash")
    func misuse() {
        let error = #expect(throws: EncodingError.self) { try encoder.encode(["x": Misuse()]) }
        guard case .invalidValue(_, let context) = error else { return }
        #expect(context.codingPath.map(\.stringValue) == ["x"])
        #expect(context.debugDescription.contains("one kind of container"))
    }

    struct Silent: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    @Test("a top-level value that encodes nothing throws; a nested one becomes {}")
    func encodesNothing() throws {
        #expect(throws: EncodingError.self) { try encoder.encode(Silent()) }
        #expect(try encoder.encode([Silent()]).jsonString == "[{}]")
    }

    @Test("embedded GeneratedContent passes through with its key order and number text")
    func embeddedContent() throws {
        struct Envelope: Encodable { var id: Int; var payload: GeneratedContent; var extra: GeneratedContent? }
        let payload = try GeneratedContent(json: #"{"z": 1.50, "a": [1E+2, 18446744073709551616]}"#)
        let content = try encoder.encode(Envelope(id: 1, payload: payload, extra: nil))
        #expect(content.jsonString == #"{"id":1,"payload":{"z":1.50,"a":[1E+2,18446744073709551616]}}"#)
        #expect(try encoder.encode(payload).jsonString == payload.jsonString)
    }

    @Test("top-level single values")
    func topLevelSingleValues() throws {
        #expect(try encoder.encode("s") == "s")
        #expect(try encoder.encode(true) == true)
        #expect(try encoder.encode([[1], []]).jsonString == "[[1],[]]")
    }

    struct ReadsUserInfo: Encodable {
        static let key = CodingUserInfoKey(rawValue: "flag")!
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(encoder.userInfo[Self.key] as? String ?? "missing")
        }
    }

    @Test("userInfo reaches encode(to:)")
    func userInfo() throws {
        var encoder = GeneratedContentEncoder()
        encoder.userInfo[ReadsUserInfo.key] = "set"
        #expect(try encoder.encode(ReadsUserInfo()) == "set")
    }

    @Test("coding paths inside unkeyed and keyed containers")
    func codingPaths() {
        struct Deep: Encodable { var items: [[String: Double]] }
        let error = #expect(throws: EncodingError.self) {
            try encoder.encode(Deep(items: [["a": 1], ["b": .nan]]))
        }
        guard case .invalidValue(_, let context) = error else { return }
        #expect(context.codingPath.map(\.stringValue) == ["items", "Index 1", "b"])
        #expect(context.codingPath[1].intValue == 1)
    }
}
