/// A day in the proleptic Gregorian calendar, the calendar RFC 3339 writes dates in.
///
/// "Proleptic" matters for old dates: Foundation's `Calendar(identifier: .gregorian)` switches to
/// the Julian calendar before 1582-10-15, while RFC 3339 (and this type) extend the Gregorian
/// rules backwards, so `1582-10-10` is an ordinary day here.
///
/// The conversions to and from a day count are Howard Hinnant's `days_from_civil` and
/// `civil_from_days` (http://howardhinnant.github.io/date_algorithms.html): integer-only,
/// exact for every year an `Int` can hold, and free of locale and time-zone state.
///
/// ```swift
/// CalendarDate(year: 2026, month: 11, day: 22)?.daysSinceUnixEpoch   // 20779
/// CalendarDate(daysSinceUnixEpoch: 0)                                 // 1970-01-01
/// CalendarDate(year: 2023, month: 2, day: 29)                         // nil
/// ```
package struct CalendarDate: Hashable, Sendable {
    package var year: Int
    /// 1...12
    package var month: Int
    /// 1...`CalendarDate.daysInMonth(month, year: year)`
    package var day: Int

    /// Fails unless `month` and `day` name a real day of `year`.
    package init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= Self.daysInMonth(month, year: year) else {
            return nil
        }
        self.year = year
        self.month = month
        self.day = day
    }

    /// January 1 of `year`, a day every year has.
    package init(januaryFirstOf year: Int) {
        self.year = year
        self.month = 1
        self.day = 1
    }

    /// The Gregorian rule: every fourth year, except centuries not divisible by 400.
    ///
    /// ```swift
    /// CalendarDate.isLeapYear(2000)   // true
    /// CalendarDate.isLeapYear(2100)   // false
    /// ```
    package static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The length of `month` (1...12) in `year`; 0 for a month outside 1...12.
    package static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 1, 3, 5, 7, 8, 10, 12: 31
        case 4, 6, 9, 11: 30
        case 2: isLeapYear(year) ? 29 : 28
        default: 0
        }
    }

    /// Days from 1970-01-01 to this date; negative before it.
    package var daysSinceUnixEpoch: Int64 {
        // Counting years from March puts the leap day last, so a year's day-of-year formula
        // does not depend on whether it is a leap year.
        let shiftedYear = Int64(month <= 2 ? year - 1 : year)
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400  // 0...399
        let monthFromMarch = Int64(month > 2 ? month - 3 : month + 9)  // 0...11
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + Int64(day) - 1  // 0...365
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear  // 0...146096
        // 719468 is the day number of 1970-01-01 counted from 0000-03-01.
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` days after 1970-01-01 (before it when negative).
    package init(daysSinceUnixEpoch days: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097  // 0...146096
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365  // 0...399
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)  // 0...365
        let monthFromMarch = (5 * dayOfYear + 2) / 153  // 0...11
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        self.year = Int(yearOfEra + era * 400 + (month <= 2 ? 1 : 0))
        self.month = Int(month)
        self.day = Int(dayOfYear - (153 * monthFromMarch + 2) / 5 + 1)
    }
}

extension CalendarDate: CustomStringConvertible {
    /// `YYYY-MM-DD`, zero-padded.
    package var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value.magnitude)
            return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }
}
