import BridleJSONSchema
import BridleSchema
import Foundation

/// A rule about a date relative to now, measured by the session's clock.
///
/// Absolute bounds (`.range(start...end)` on a `Date`) belong in a `@Guide`. Rules about *now*
/// change with every request; declare them on the arguments and the session turns them into
/// bounds for each request's grammar (the model cannot write a date that breaks them), then
/// checks them again before dispatch:
///
/// ```swift
/// extension SendMessage.Arguments: ValidatableArguments {
///     static let dateRules: [String: [DateRule]] = ["sendAt": [.inFuture, .withinNext(days: 7)]]
/// }
/// ```
///
/// Inside `validate(in:)`, ``ValidationContext/check(_:_:at:)`` applies one to any date.
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

    /// The instants the rule admits at `now`, as bounds a grammar can enforce.
    ///
    /// ```swift
    /// DateRule.withinNext(days: 7).bounds(now: now, calendar: calendar)
    /// // DateBounds(lower: now, upper: now + 7 days), both included
    /// ```
    public func bounds(now: Date, calendar: Calendar) -> DateBounds {
        switch self {
        case .inFuture:
            return DateBounds(lower: now, lowerIsInclusive: false)
        case .inPast:
            return DateBounds(upper: now, upperIsInclusive: false)
        case .withinNext(let days):
            // An impossible day count admits nothing: an empty range, which the schema reports.
            let end = calendar.date(byAdding: .day, value: days, to: now) ?? .distantPast
            return DateBounds(lower: now, upper: end)
        case .withinLast(let days):
            let start = calendar.date(byAdding: .day, value: -days, to: now) ?? .distantFuture
            return DateBounds(lower: start, upper: now)
        case .today:
            let interval = calendar.dateInterval(of: .day, for: now)
            return DateBounds(lower: interval?.start ?? now, upper: interval?.end ?? now, upperIsInclusive: false)
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
