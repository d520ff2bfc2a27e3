import Foundation
import Testing
@testable import BridleSchema
import BridleTestSupport

@Suite("GeneratedContent")
struct GeneratedContentTests {
    // MARK: Building and reading

    @Test("properties keep their order; a repeated key keeps its first position")
    func orderedProperties() throws {
        let content = GeneratedContent(properties: ["b": 1, "a": 2, "b": 3])
        #expect(content.jsonString == #"{"b":3,"a":2}"#)
        let ordered = try #require(content.orderedProperties)
        #expect(ordered.map(\.name) == ["b", "a"])
        #expect(ordered.map(\.value) == [3, 2])
        #expect(try content.properties() == ["a": 2, "b": 3])

        let fromArray = GeneratedContent(properties: [("z", "last"), ("y", nil), ("z", "again")])
        #expect(fromArray.jsonString == #"{"z":"again","y":null}"#)
    }

    @Test("orderedProperties is nil for non-objects", arguments: [
        GeneratedContent.null, true, 1, "text", [1, 2],
    ])
    func orderedPropertiesOfNonObjects(content: GeneratedContent) {
        #expect(content.orderedProperties == nil)
        #expect(content[property: "a"] == nil)
    }

    @Test("subscript and value(forProperty:)")
    func propertyAccess() throws {
        let content = try GeneratedContent(json: #"{"name": "Ada", "tags": ["x"]}"#)
        #expect(content[property: "name"] == "Ada")
        #expect(content[property: "missing"] == nil)
        #expect(try content.value(forProperty: "tags").elements() == ["x"])
    }

    @Test("elements")
    func elements() throws {
        let content = GeneratedContent(elements: [1, "two", nil])
        #expect(try content.elements() == [1, "two", .null])
        #expect(content.jsonString == #"[1,"two",null]"#)
    }

    @Test("scalar initialisers")
    func scalarInitialisers() throws {
        #expect(GeneratedContent("x").kind == .string("x"))
        #expect(GeneratedContent(true).kind == .bool(true))
        #expect(GeneratedContent(UInt64.max).jsonString == "18446744073709551615")
        #expect(GeneratedContent(try #require(JSONNumber(text: "1.50"))).jsonString == "1.50")
        #expect(GeneratedContent.null.jsonString == "null")
    }

    // MARK: Equality

    @Test("numbers compare numerically inside content")
    func numericEqualityInside() throws {
        #expect(try GeneratedContent(json: "[1, 2.0]") == GeneratedContent(json: "[1.0, 2e0]"))
        #expect(try GeneratedContent(json: "[1, 2.0]").hashValue == GeneratedContent(json: "[1.0, 2e0]").hashValue)
    }

    @Test("key order is part of equality")
    func keyOrderMatters() throws {
        #expect(try GeneratedContent(json: #"{"a":1,"b":2}"#) != GeneratedContent(json: #"{"b":2,"a":1}"#))
    }

    // MARK: Printing

    @Test("compact and pretty output")
    func printing() throws {
        let content: GeneratedContent = [
            "name": "Ada",
            "tags": ["a", "b"],
            "empty": [],
            "object": [:],
            "nested": ["x": 1, "y": [[]]],
        ]
        #expect(content.jsonString == #"{"name":"Ada","tags":["a","b"],"empty":[],"object":{},"nested":{"x":1,"y":[[]]}}"#)
        let pretty = """
            {
              "name": "Ada",
              "tags": [
                "a",
                "b"
              ],
              "empty": [],
              "object": {},
              "nested": {
                "x": 1,
                "y": [
                  []
                ]
              }
            }
            """
        #expect(content.jsonString(prettyPrinted: true) == pretty)
        #expect(content.jsonString(prettyPrinted: false) == content.jsonString)
        #expect(content.description == content.jsonString)
        #expect(content.debugDescription == pretty)
    }

    @Test("structures whose keys and properties disagree still print deterministically")
    func inconsistentStructure() {
        let content = GeneratedContent(kind: .structure(
            properties: ["a": 1, "b": 2, "c": 3, "d": 4],
            orderedKeys: ["c", "missing", "a", "c"]
        ))
        #expect(content.jsonString == #"{"c":3,"a":1,"b":2,"d":4}"#)
        #expect(content.orderedProperties?.map(\.name) == ["c", "a", "b", "d"])
    }

    // MARK: Parsing entry points

    @Test("parses from bytes of any collection type")
    func parsesFromBytes() throws {
        let text = #"{"k": [1, "é"]}"#
        let expected = try GeneratedContent(json: text)
        #expect(try GeneratedContent(jsonData: Array(text.utf8)) == expected)
        #expect(try GeneratedContent(jsonData: Data(text.utf8)) == expected)
        #expect(try GeneratedContent(jsonData: text.utf8) == expected)
        // Not contiguous, so the parser has to copy it first.
        #expect(try GeneratedContent(jsonData: Array(text.utf8).reversed().reversed()) == expected)
    }

    @Test("invalid UTF-8 is a syntax error", arguments: [
        ([0xFF] as [UInt8], 0),
        ([0x22, 0xC0, 0xAF, 0x22], 1),          // overlong "/"
        ([0x22, 0xED, 0xA0, 0x80, 0x22], 1),    // UTF-8-encoded surrogate
        ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1), // above U+10FFFF
        ([0x22, 0xE2, 0x82, 0x22], 1),          // truncated sequence
        ([0x22, 0x80, 0x22], 1),                // lone continuation byte
        ([0x5B, 0xC3, 0xA9, 0x5D], 1),          // valid UTF-8, but outside a string
    ])
    func invalidUTF8(bytes: [UInt8], offset: Int) {
        let error = #expect(throws: JSONSyntaxError.self) { try GeneratedContent(jsonData: bytes) }
        #expect(error?.offset == offset)
    }

    // MARK: Round-trip properties

    @Test("random content survives printing and parsing, compact and pretty", arguments: 0..<24)
    func randomRoundTrip(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed))
        for _ in 0..<20 {
            let original = RandomContent.value(using: &random)
            let compact = original.jsonString
            let pretty = original.jsonString(prettyPrinted: true)

            let fromCompact = try GeneratedContent(json: compact)
            let fromPretty = try GeneratedContent(json: pretty)
            #expect(fromCompact == original, "\(compact)")
            #expect(fromPretty == original, "\(pretty)")
            // Byte-identical re-printing shows number texts and key order survived exactly,
            // which numeric equality alone would not.
            #expect(fromCompact.jsonString == compact)
            #expect(fromPretty.jsonString == compact)
            #expect(fromPretty.jsonString(prettyPrinted: true) == pretty)
            #expect(keyOrders(fromCompact) == keyOrders(original))
        }
    }

    /// Every object's key list, depth first, so a reordering anywhere shows up.
    private func keyOrders(_ content: GeneratedContent) -> [[String]] {
        switch content.kind {
        case .array(let elements):
            return elements.flatMap(keyOrders)
        case .structure:
            let entries = content.orderedProperties ?? []
            return [entries.map(\.name)] + entries.flatMap { keyOrders($0.value) }
        default:
            return []
        }
    }

    @Test("a 1 MB document parses quickly")
    func largeDocument() throws {
        var random = SplitMix64(seed: 99)
        var items: [GeneratedContent] = []
        var size = 0
        while size < 1_000_000 {
            let item: GeneratedContent = [
                "id": GeneratedContent(Int(random.next() >> 12)),
                "name": GeneratedContent("item \(random.next()) with \"quotes\" and ünïcödé"),
                "price": GeneratedContent(JSONNumber(Double(random.next() % 100_000) / 100) ?? JSONNumber(0)),
                "tags": ["alpha", "beta", true, nil],
            ]
            size += item.jsonString.utf8.count
            items.append(item)
        }
        let document = GeneratedContent(elements: items)
        let text = document.jsonString(prettyPrinted: true)
        #expect(text.utf8.count > 1_000_000)

        // Its speed is grammar-benchmarks' business (JSON parser MB/s), never a timed test;
        // its work (values built) grows linearly: half the document takes half of it.
        #expect(try GeneratedContent(json: text) == document)
        let half = GeneratedContent(elements: Array(items.prefix(items.count / 2))).jsonString(prettyPrinted: true)
        let work = Array(text.utf8).withUnsafeBufferPointer { JSONParser.work(parsing: $0) }
        let halfWork = Array(half.utf8).withUnsafeBufferPointer { JSONParser.work(parsing: $0) }
        #expect(work >= items.count * 8)
        #expect(Double(work) <= 2.05 * Double(halfWork))
    }
}
