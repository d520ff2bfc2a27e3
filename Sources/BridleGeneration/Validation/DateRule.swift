import Foundation

/// A rule about a date relative to now, checked against the session's clock.
///
/// Absolute bounds (`.range(start...end)` on a `Date`) belong in a `@Guide`, where the grammar
/// enforces them. Rules about *now* change with every request, so they are checked here:
///
/// ```swift
/// try context.check(arguments.due, .inFuture, at: "due")
/// try context.check(arguments.due, .withinNext(days: 30), at: "due")
/// ```
public enum DateRule: Sendable, Hashable, Codable {
    /// Strictly after now.
    case inFuture
    /// Strictly before now.
    case inPast
    /// From now to `days` days from now (calendar days, both ends included).
    case withinNext(days: Int)
    /// From `days` days ago to now (both ends included).
    case withinLast(days: Int)
    /// On the same calendar day as now, in the context's time zone.
    case today

    /// Whether `date` keeps the rule at `now`.
    func admits(_ date: Date, now: Date, calendar: Calendar) -> Bool {
        switch self {
        case .inFuture:
            return date > now
        case .inPast:
            return date < now
        case .withinNext(let days):
            guard let end = calendar.date(byAdding: .day, value: days, to: now) else { return false }
            return date >= now && date <= end
        case .withinLast(let days):
            guard let start = calendar.date(byAdding: .day, value: -days, to: now) else { return false }
            return date >= start && date <= now
        case .today:
            return calendar.isDate(date, inSameDayAs: now)
        }
    }

    /// The rule in words, for the model.
    func explanation(now: Date) -> String {
        let reference = now.formatted(.iso8601)
        switch self {
        case .inFuture: return "must be in the future (after \(reference))"
        case .inPast: return "must be in the past (before \(reference))"
        case .withinNext(let days): return "must be within the next \(days) days (from \(reference))"
        case .withinLast(let days): return "must be within the last \(days) days (up to \(reference))"
        case .today: return "must be today (\(reference))"
        }
    }
}
