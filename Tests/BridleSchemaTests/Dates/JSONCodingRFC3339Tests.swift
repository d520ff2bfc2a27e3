import Foundation
import Testing

@testable import BridleSchema

@Suite("JSONDecoder / JSONEncoder .rfc3339 strategies")
struct JSONCodingRFC3339Tests {
    struct Event: Codable, Equatable {
        var name: String
        var at: Date
    }

    func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .rfc3339
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .rfc3339
        return decoder
    }

    @Test("a struct with a Date round-trips", arguments: [1_795_322_303.0, 1_795_322_303.123, -62_135_596_800, 253_402_300_799.999])
    func roundTrip(unixTime: Double) throws {
        let event = Event(name: "launch", at: Date(timeIntervalSince1970: unixTime))
        let data = try makeEncoder().encode(event)
        let decoded = try makeDecoder().decode(Event.self, from: data)
        #expect(decoded == event)
    }

    @Test("encodes UTC text with the fewest fraction digits")
    func encodedText() throws {
        let event = Event(name: "launch", at: Date(timeIntervalSince1970: 1_795_322_303.25))
        let json = String(decoding: try makeEncoder().encode(event), as: UTF8.self)
        #expect(json == #"{"at":"2026-11-22T04:38:23.25Z","name":"launch"}"#)
    }

    @Test(
        "decodes offsets, lowercase, long fractions and bare dates",
        arguments: [
            (#"{"name":"a","at":"2026-11-22T05:38:23+01:00"}"#, 1_795_322_303.0),
            (#"{"name":"a","at":"2026-11-22t04:38:23.250z"}"#, 1_795_322_303.25),
            (#"{"name":"a","at":"2026-11-22T04:38:23.250000000000Z"}"#, 1_795_322_303.25),
            (#"{"name":"a","at":"2026-11-22"}"#, 1_795_305_600),
        ])
    func decodes(json: String, unixTime: Double) throws {
        let event = try makeDecoder().decode(Event.self, from: Data(json.utf8))
        #expect(event.at == Date(timeIntervalSince1970: unixTime))
    }

    @Test(
        "rejects non-RFC 3339 text with a data-corrupted error at the value",
        arguments: [
            #"{"name":"a","at":"2026-11-22 04:38:23Z"}"#,
            #"{"name":"a","at":"2026-11-22T04:38:23"}"#,
            #"{"name":"a","at":"yesterday"}"#,
            #"{"name":"a","at":"2026-02-30"}"#,
        ])
    func rejects(json: String) throws {
        #expect {
            _ = try makeDecoder().decode(Event.self, from: Data(json.utf8))
        } throws: { error in
            guard case .dataCorrupted(let context) = error as? DecodingError else { return false }
            return context.codingPath.map(\.stringValue) == ["at"]
                && context.debugDescription.contains("expected an RFC 3339 date-time such as 2026-11-22T04:38:23Z")
        }
    }

    @Test("a number where a date belongs is a type mismatch, not a crash")
    func rejectsNumber() {
        #expect(throws: DecodingError.self) {
            _ = try makeDecoder().decode(Event.self, from: Data(#"{"name":"a","at":1795322303}"#.utf8))
        }
    }

    @Test("a date outside years 0000...9999 throws EncodingError.invalidValue", arguments: [-1e12, 1e12, Double.nan])
    func encodingOutOfRange(unixTime: Double) {
        let event = Event(name: "far", at: Date(timeIntervalSince1970: unixTime))
        #expect {
            _ = try makeEncoder().encode(event)
        } throws: { error in
            guard case .invalidValue(_, let context) = error as? EncodingError else { return false }
            return context.codingPath.map(\.stringValue) == ["at"]
        }
    }
}
