import Bridle
import Foundation

// The arguments of a reminders search: `.anyOf` on a string and `.range` on an optional
// integer, from FoundationModels' tool-calling article.
public enum Reminders {
    @Generable
    public struct Arguments: Equatable, Sendable {
        @Guide(description: "Filter by status", .anyOf(["all", "completed", "incomplete"]))
        public let status: String

        @Guide(description: "How many reminders to return", .range(1...10))
        public let count: Int?

        /// Only reminders due on or before this moment (ISO 8601).
        public let dueBefore: Date?
    }
}
