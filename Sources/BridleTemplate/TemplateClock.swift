import Foundation

/// What a template's `strftime_now` reads: fixed by `BRIDLE_TEMPLATE_NOW` (or `bridle prompt
/// --now`) for reproducible prompts, the clock otherwise.
///
/// ```swift
/// TemplateClock.date(from: "2026-11-29")         // midnight, local time
/// TemplateClock.date(from: "2026-11-29T08:30")   // 08:30, local time
/// TemplateClock.date(from: "Sunday")             // nil
/// ```
public enum TemplateClock {
    public static let environmentVariable = "BRIDLE_TEMPLATE_NOW"

    /// `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM[:SS]`, local time; `nil` for anything else, an
    /// impossible date included.
    public static func date(from text: String) -> Date? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).count == 3 || text.contains("T")
            ? text.split(whereSeparator: { "-T:".contains($0) }).map { Int($0) } : []
        let numbers = parts.compactMap { $0 }
        let calendar = Calendar(identifier: .gregorian)
        guard [3, 5, 6].contains(numbers.count), numbers.count == parts.count,
            let date = calendar.date(from: DateComponents(
                year: numbers[0], month: numbers[1], day: numbers[2],
                hour: numbers.count > 3 ? numbers[3] : 0, minute: numbers.count > 4 ? numbers[4] : 0, second: numbers.count > 5 ? numbers[5] : 0)),
            calendar.component(.day, from: date) == numbers[2]
        else { return nil }
        return date
    }

    /// The environment's fixed moment when it names a valid one, else now.
    public static func now(environment: [String: String] = ProcessInfo.processInfo.environment) -> Date {
        environment[environmentVariable].flatMap(date(from:)) ?? Date()
    }
}
