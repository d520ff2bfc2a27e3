import Bridle

// The arguments of a current-date tool: an enum with associated values, which Bridle
// generates in Swift's synthesized `Codable` shape, `{"beforeNow":{"seconds":3600}}`.
public enum CurrentDate {
    @Generable
    public enum DateKind: Equatable, Sendable {
        case now
        /// A moment in the past.
        @Guide(description: "How far back", .range(1...31_536_000))
        case beforeNow(seconds: Int)
        /// A moment in the future.
        @Guide(description: "How far ahead", .range(1...31_536_000))
        case afterNow(seconds: Int)
    }

    @Generable
    public struct Arguments: Equatable, Sendable {
        @Guide(description: "The kind of date to get")
        public let dateKind: DateKind
    }
}
