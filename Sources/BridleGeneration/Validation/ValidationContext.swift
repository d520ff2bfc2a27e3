import Foundation

/// What argument rules may consult: the tool, and now as the session's clock tells it.
///
/// Sessions read "now" from ``ToolPolicy/clock`` once per request, so the grammar's date bounds
/// and the checks before dispatch agree, and tests that fix the clock get the same answer every run.
public struct ValidationContext: Sendable {
    /// The tool whose arguments are checked.
    public let toolName: String
    public let now: Date
    /// The calendar (and time zone) for day-based rules.
    public let calendar: Calendar

    public init(toolName: String, now: Date, calendar: Calendar) {
        self.toolName = toolName
        self.now = now
        self.calendar = calendar
    }

    /// Throws an ``ArgumentError`` for the argument at `path` unless `date` keeps `rule`.
    ///
    /// ```swift
    /// try context.check(Date.distantPast, .inFuture, at: "due")
    /// // ArgumentError "due: must be in the future (after 2026-11-22T09:00:00Z); it is 0001-01-01T00:00:00Z"
    /// ```
    public func check(_ date: Date, _ rule: DateRule, at path: String) throws(ArgumentError) {
        guard !rule.admits(date, now: now, calendar: calendar) else { return }
        throw ArgumentError("\(rule.explanation(now: now)); it is \(date.formatted(.iso8601))", at: path)
    }

    /// Checks an optional date: a missing one keeps every rule.
    public func check(_ date: Date?, _ rule: DateRule, at path: String) throws(ArgumentError) {
        guard let date else { return }
        try check(date, rule, at: path)
    }
}
