import BridleTestSupport
import Foundation
import Testing

@testable import BridleSchema

@Suite("Built-in Generable types")
struct GenerableScalarsTests {
    @Test(arguments: [
        (String.generationSchema, #"{"type":"string"}"#),
        (Bool.generationSchema, #"{"type":"boolean"}"#),
        (Int8.generationSchema, #"{"type":"integer","minimum":-128,"maximum":127}"#),
        (UInt8.generationSchema, #"{"type":"integer","minimum":0,"maximum":255}"#),
        (Int16.generationSchema, #"{"type":"integer","minimum":-32768,"maximum":32767}"#),
        (UInt16.generationSchema, #"{"type":"integer","minimum":0,"maximum":65535}"#),
        (Int32.generationSchema, #"{"type":"integer","minimum":-2147483648,"maximum":2147483647}"#),
        (UInt32.generationSchema, #"{"type":"integer","minimum":0,"maximum":4294967295}"#),
        (Int64.generationSchema, #"{"type":"integer","minimum":-9223372036854775808,"maximum":9223372036854775807}"#),
        (Int.generationSchema, #"{"type":"integer","minimum":-9223372036854775808,"maximum":9223372036854775807}"#),
        (UInt64.generationSchema, #"{"type":"integer","minimum":0,"maximum":18446744073709551615}"#),
        (UInt.generationSchema, #"{"type":"integer","minimum":0,"maximum":18446744073709551615}"#),
        (Double.generationSchema, #"{"type":"number"}"#),
        (Float.generationSchema, #"{"type":"number","minimum":-340282346638528860000000000000000000000,"maximum":340282346638528860000000000000000000000}"#),
        (Decimal.generationSchema, #"{"type":"number"}"#),
        (Date.generationSchema, #"{"type":"string","format":"date-time"}"#),
        (UUID.generationSchema, #"{"type":"string","format":"uuid"}"#),
        ([Int8].generationSchema, #"{"type":"array","items":{"type":"integer","minimum":-128,"maximum":127}}"#),
        (Bool?.generationSchema, #"{"anyOf":[{"type":"boolean"},{"type":"null"}]}"#),
        ([String: Bool].generationSchema, #"{"type":"object","additionalProperties":{"type":"boolean"}}"#),
        (GeneratedContent.generationSchema, #"{}"#),
    ])
    func schema(of schema: GenerationSchema, is expected: String) throws {
        #expect(jsonSchemaBody(schema) == expected)
        try schema.validate()
    }

    @Test func everyIntegerWidthRejectsOneBeyondItsBounds() {
        func check<I: FixedWidthInteger & Generable>(_: I.Type) {
            let schema = I.generationSchema
            #expect(schema.conforms(GeneratedContent(I.min)))
            #expect(schema.conforms(GeneratedContent(I.max)))
            #expect(!schema.conforms(GeneratedContent(Int128(I.min) - 1)))
            #expect(!schema.conforms(GeneratedContent(Int128(I.max) + 1)))
        }
        check(Int8.self); check(Int16.self); check(Int32.self); check(Int64.self); check(Int.self)
        check(UInt8.self); check(UInt16.self); check(UInt32.self); check(UInt64.self); check(UInt.self)
    }
}
