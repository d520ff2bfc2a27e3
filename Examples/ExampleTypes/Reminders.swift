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

    /// A reminder to add: its due date is always in the future (within a year of the request),
    /// enforced by the grammar for the request's moment.
    @Generable
    public struct NewReminder: Equatable, Sendable {
        @Guide(description: "What to be reminded of", .length(1...60))
        public let title: String

        @Guide(description: "When it is due", .afterNow(within: 365 * 86_400))
        public let due: Date
    }
}
