import Bridle
import Foundation

/// Searches an in-memory list of reminders.
public struct RemindersTool: Tool {
    public let name = "searchReminders"
    public let description = "Searches the user's reminders by status, optionally only those due before a date."
    public let reminders: [Reminder]

    public struct Reminder: Sendable, Hashable {
        public let title: String
        public let due: Date
        public let isCompleted: Bool

        public init(title: String, due: Date, isCompleted: Bool) {
            self.title = title
            self.due = due
            self.isCompleted = isCompleted
        }
    }

    public init(reminders: [Reminder] = RemindersTool.sample) {
        self.reminders = reminders
    }

    public func call(arguments: Reminders.Arguments) async throws -> ToolOutput {
        let matching = reminders.filter { reminder in
            switch arguments.status {
            case "completed": guard reminder.isCompleted else { return false }
            case "incomplete": guard !reminder.isCompleted else { return false }
            default: break
            }
            return arguments.dueBefore.map { reminder.due <= $0 } ?? true
        }
        .sorted { $0.due > $1.due }
        .prefix(arguments.count ?? 10)
        guard !matching.isEmpty else { return .failure("No reminders match; try another status or a later date.") }
        return ToolOutput(GeneratedContent(kind: .array(matching.map { reminder in
            GeneratedContent(properties: [
                "title": GeneratedContent(reminder.title),
                "due": GeneratedContent(reminder.due.formatted(.iso8601)),
                "completed": GeneratedContent(reminder.isCompleted),
            ])
        })))
    }

    public static let sample: [Reminder] = [
        Reminder(title: "Renew passport", due: Date(timeIntervalSince1970: 1_795_000_000), isCompleted: false),
        Reminder(title: "Book dentist", due: Date(timeIntervalSince1970: 1_794_000_000), isCompleted: true),
        Reminder(title: "Water the plants", due: Date(timeIntervalSince1970: 1_796_000_000), isCompleted: false),
    ]
}

/// Adds a reminder. Its arguments' due date is after the moment of the request by construction
/// (`.afterNow(within:)`), so a reminder is never set in the past.
public struct AddReminderTool: Tool {
    public let name = "addReminder"
    public let description = "Adds a reminder with a title and a due date in the future."

    public init() {}

    public func call(arguments: Reminders.NewReminder) async throws -> ToolOutput {
        ToolOutput("Added \"\(arguments.title)\", due \(arguments.due.formatted(.iso8601)).")
    }
}
