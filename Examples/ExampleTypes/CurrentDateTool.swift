import Bridle
import Foundation

/// Tells the model the current date, or a moment before or after it, in ISO 8601.
public struct CurrentDateTool: Tool {
    public let name = "currentDate"
    public let description = "Gets the current date and time, or a moment a number of seconds before or after it, in ISO 8601."
    /// "Now"; fixed in tests.
    public let clock: @Sendable () -> Date

    public init(clock: @escaping @Sendable () -> Date = { Date() }) {
        self.clock = clock
    }

    public func call(arguments: CurrentDate.Arguments) async throws -> String {
        let now = clock()
        let date: Date
        switch arguments.dateKind {
        case .now: date = now
        case .beforeNow(let seconds): date = now.addingTimeInterval(-Double(seconds))
        case .afterNow(let seconds): date = now.addingTimeInterval(Double(seconds))
        }
        return date.formatted(.iso8601)
    }
}
