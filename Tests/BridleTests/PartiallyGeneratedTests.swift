import Bridle
import BridleExampleTypes
import Foundation
import Testing

@Generable
struct Outing {
    var `default`: Bool
    @Guide(description: "Where to", .count(1...3))
    var stops: [Stop]
    var budget: Int?
    var when: Date

    @Generable
    struct Stop {
        var name: String
        var minutes: Int
    }
}

@Suite struct PartiallyGeneratedTests {
    static let document = #"{"default":true,"stops":[{"name":"Pier","minutes":30},{"name":"Café Été","minutes":45}],"budget":120,"when":"2026-11-22T09:00:00Z"}"#

    @Test func everyPrefixReadsAsAPartialValueThatOnlyGrows() throws {
        var previousStops = 0
        for end in Self.document.indices.dropFirst() {
            guard let content = GeneratedContent(partialJSON: String(Self.document[..<end])) else { continue }
            let partial = try Outing.PartiallyGenerated(content)
            let stops = partial.stops ?? []
            #expect(stops.count >= previousStops)
            previousStops = stops.count
            if let name = stops.first?.name { #expect("Pier".hasPrefix(name)) }
            if let when = partial.when { #expect(when == Date(timeIntervalSince1970: 1_795_338_000)) }
        }
        let whole = try Outing.PartiallyGenerated(GeneratedContent(json: Self.document))
        #expect(whole.default == true)
        #expect(whole.stops?.map(\.name) == ["Pier", "Café Été"])
        #expect(whole.stops?.map(\.minutes) == [30, 45])
        #expect(whole.budget == 120)
    }

    @Test func aPartialStringShowsAsFarAsWrittenAndNumbersOnlyOnceComplete() throws {
        let content = try #require(GeneratedContent(partialJSON: #"{"default":false,"stops":[{"name":"Pi","minutes":3"#))
        let partial = try Outing.PartiallyGenerated(content)
        #expect(partial.default == false)
        #expect(partial.stops?.first?.name == "Pi")
        #expect(partial.stops?.first?.minutes == nil)
        #expect(partial.budget == nil)
        #expect(partial.when == nil)
    }

    @Test func contentThatIsNoObjectIsAnError() {
        #expect(throws: GeneratedContentError.self) { try Outing.PartiallyGenerated(GeneratedContent("text")) }
    }

    @Test func scalarsAndEnumsAreTheirOwnPartialForm() {
        #expect(String.PartiallyGenerated.self == String.self)
        #expect(Contacts.Generation.PartiallyGenerated.self == Contacts.Generation.self)
        #expect([Int].PartiallyGenerated.self == [Int].self)
        #expect(Int?.PartiallyGenerated.self == Int.self)
    }
}
