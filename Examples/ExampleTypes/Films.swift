import Bridle

// A film lookup over a range of years. The grammar bounds each year; `.atLeast("fromYear")`
// relates the two: in-process decoding never writes a `toYear` below the `fromYear` already
// written, and every call is checked again before dispatch.
public enum Films {
    @Generable
    public struct Arguments: Equatable, Codable, Sendable {
        @Guide(description: "A genre", .anyOf(["comedy", "drama", "horror", "science fiction"]))
        public let genre: String

        @Guide(description: "The first year", .range(1888...2100))
        public let fromYear: Int

        @Guide(description: "The last year", .range(1888...2100), .atLeast("fromYear"))
        public let toYear: Int

        @Guide(description: "Keywords to match", .maximumCount(3), .element(.length(1...24)), .uniqueElements())
        public let keywords: [String]
    }
}
