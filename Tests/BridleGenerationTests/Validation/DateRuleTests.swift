import Bridle
import Foundation
import Testing

@Suite struct DateRuleTests {
    static let now = Date(timeIntervalSince1970: 1_795_338_000)  // 2026-11-22T09:00:00Z
    static let day = 86_400.0

    static var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        return calendar
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let rule: DateRule
        /// Seconds from now.
        let offset: Double
        let admitted: Bool
        var testDescription: String { "\(rule) at now + \(offset) s: \(admitted)" }
    }

    static let cases: [Case] = [
        Case(rule: .inFuture, offset: 1, admitted: true),
        Case(rule: .inFuture, offset: 0, admitted: false),
        Case(rule: .inFuture, offset: -1, admitted: false),
        Case(rule: .inPast, offset: -1, admitted: true),
        Case(rule: .inPast, offset: 0, admitted: false),
        Case(rule: .withinNext(days: 7), offset: 7 * day, admitted: true),
        Case(rule: .withinNext(days: 7), offset: 7 * day + 1, admitted: false),
        Case(rule: .withinNext(days: 7), offset: -1, admitted: false),
        Case(rule: .withinLast(days: 2), offset: -2 * day, admitted: true),
        Case(rule: .withinLast(days: 2), offset: -2 * day - 1, admitted: false),
        Case(rule: .withinLast(days: 2), offset: 1, admitted: false),
        Case(rule: .today, offset: 14 * 3600, admitted: true),
        Case(rule: .today, offset: -9 * 3600, admitted: true),
        Case(rule: .today, offset: 15 * 3600, admitted: false),
        Case(rule: .today, offset: -9 * 3600 - 1, admitted: false),
    ]

    @Test(arguments: cases)
    func rulesAgainstAFixedNow(_ check: Case) {
        let context = ValidationContext(toolName: "t", now: Self.now, calendar: Self.utc)
        let date = Self.now.addingTimeInterval(check.offset)
        let admitted = (try? context.check(date, check.rule, at: "due")) != nil
        #expect(admitted == check.admitted)
    }

    @Test(arguments: cases)
    func boundsAdmitWhatTheRuleAdmits(_ check: Case) {
        let bounds = check.rule.bounds(now: Self.now, calendar: Self.utc)
        #expect(bounds.contains(Self.now.addingTimeInterval(check.offset)) == check.admitted)
    }

    @Test func aBrokenRuleSaysWhereWhatAndWhen() {
        let context = ValidationContext(toolName: "t", now: Self.now, calendar: Self.utc)
        #expect(throws: ArgumentError("must be in the future (after 2026-11-22T09:00:00Z); it is 2026-11-21T09:00:00Z", at: "due")) {
            try context.check(Self.now.addingTimeInterval(-Self.day), .inFuture, at: "due")
        }
    }

    @Test func aMissingOptionalDateKeepsEveryRule() throws {
        let context = ValidationContext(toolName: "t", now: Self.now, calendar: Self.utc)
        try context.check(nil as Date?, .inFuture, at: "due")
    }
}
