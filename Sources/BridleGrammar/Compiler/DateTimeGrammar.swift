import BridleSchema
import Foundation

/// Grammar expressions for JSON Schema's `date`, `date-time`, `time` and `uuid` formats (the
/// text between the quotes), as Bridle's compiler writes them.
///
/// A model constrained by these expressions can only write text that Bridle's own decoder
/// (`RFC3339`, `JSONDecoder.DateDecodingStrategy.rfc3339`) accepts and that the schema's
/// `DateBounds` admit: calendar validity and date ranges are enforced *in the grammar*, not
/// checked afterwards.
///
/// ```swift
/// DateTimeGrammar.fullDate(bounds: nil)
/// // ("0" ("0" ("0" [1-9] | [1-9] [0-9]) | [1-9] [0-9]{2}) | [1-9] [0-9]{3}) "-"
/// //     (("0" [13578] | "1" [02]) "-" ("0" [1-9] | [12] [0-9] | "3" [01])
/// //     | ("0" [469] | "11") "-" ("0" [1-9] | [12] [0-9] | "30")
/// //     | "02-" ("0" [1-9] | "1" [0-9] | "2" [0-8]))
/// // | ("00" ("0" [48] | [13579] [26] | [2468] [048])
/// //     | ("0" [1-9] | [1-9] [0-9]) ("0" [48] | [13579] [26] | [2468] [048])
/// //     | ("0" [48] | [13579] [26] | [2468] [048]) "00") "-02-29"
/// DateTimeGrammar.uuid()
/// // [0-9a-f]{8} "-" [0-9a-f]{4} "-" [0-9a-f]{4} "-" [0-9a-f]{4} "-" [0-9a-f]{12}
/// ```
///
/// Policies, deliberately narrower than RFC 3339 so that every admitted text means one thing:
///
/// - **Years 0001 through 9999.** RFC 3339 allows `0000`, and Foundation handles it, but year
///   zero is 1 BC in the proleptic Gregorian calendar, many consumers (Python's `datetime`,
///   for one) reject it, and no realistic answer needs it. Bounds reaching beyond these
///   years admit nothing beyond them.
/// - **Proleptic Gregorian calendar, validity in the grammar.** Months have their real
///   lengths; `02-29` appears only in leap years (divisible by 4, except centuries not
///   divisible by 400). There is no `02-30`, `04-31` or month `13`.
/// - **Times 00:00:00 through 23:59:59.** No leap second `60`: the decoder accepts
///   `23:59:60Z`, but it reads it as the next day's midnight, so writing it adds nothing but
///   ambiguity.
/// - **Always UTC, always an uppercase `Z`.** No numeric offsets and no lowercase `t`/`z`:
///   one spelling per instant (up to the fraction), which also makes bounds a matter of text.
/// - **Fraction optional, 1 to `fractionDigits` digits** (clamped to 0…9; 0 means none).
/// - **UUIDs lowercase**, as RFC 9562 says to write them (input is accepted in either case;
///   output has one form).
///
/// Bounds (``DateBounds``) are exact with respect to the decoder: a `date-time` text is
/// admitted if and only if it follows the policies above and the `Date` that
/// `RFC3339.parseDateTime` reads from it lies within the bounds (rounding included); a
/// `date` text if and only if its midnight UTC (what `RFC3339.parseFullDate` reads) does.
enum DateTimeGrammar {
    /// The most fraction digits a `date-time` or `time` grammar writes: nanoseconds, as fine
    /// as `RFC3339.formatDateTime` ever writes.
    static let maximumFractionDigits = 9

    // MARK: - Formats

    /// `YYYY-MM-DD`, calendar-valid, years 0001…9999; with `bounds`, only the days whose
    /// midnight UTC lies within them (the instant a `date` decodes to).
    ///
    /// Returns nil when no day fits the bounds, so the caller can report an unsatisfiable
    /// schema rather than emit a grammar that matches nothing.
    ///
    /// ```swift
    /// // 2024-02-28 through 2024-03-01:
    /// DateTimeGrammar.fullDate(bounds: DateBounds(lower: feb28, upper: march1))
    /// // "2024-" ("02-2" [89] | "03-01")
    /// ```
    static func fullDate(bounds: DateBounds?) -> GrammarExpression? {
        guard let days = admittedDays(bounds) else { return nil }
        return simplified(dateRange(days.lowerBound, days.upperBound))
    }

    /// `YYYY-MM-DDTHH:MM:SS[.fff]Z`, calendar-valid, UTC only, no leap second; with `bounds`,
    /// exactly the texts whose decoded instant lies within them.
    ///
    /// The fraction is what makes bounds subtle: `…:59.5Z` lies after `…:59Z`, so a text's
    /// instant is its whole second plus its fraction. The grammar is therefore built from
    /// whole seconds: seconds lying entirely within the bounds get the plain fixed-width range
    /// (prefix decomposition of `YYYY-MM-DDTHH:MM:SS`, intersected with the calendar) and any
    /// fraction; the one or two seconds a bound falls in get their own alternative, whose
    /// fractions are cut per digit count. So an exclusive lower bound at a whole second
    /// `…:10Z` admits `…:10.5Z` and `…:10.001Z` but neither `…:10Z` nor `…:10.000Z`.
    ///
    /// Returns nil when no text fits the bounds.
    ///
    /// ```swift
    /// // After 2023-12-31T23:59:59Z, up to 2024-01-01T00:00:00Z (inclusive):
    /// DateTimeGrammar.dateTime(bounds: DateBounds(lower: a, lowerIsInclusive: false, upper: b))
    /// // ("2023-12-31T23:59:59." ([1-9] | "0" [1-9] | [1-9] [0-9] | "0" ("0" [1-9] | [1-9] [0-9]) | [1-9] [0-9]{2})
    /// //  | "2024-01-01T00:00:00" ("." "0"{1,3})?) "Z"
    /// ```
    static func dateTime(bounds: DateBounds?, fractionDigits: Int = 3) -> GrammarExpression? {
        let digits = min(max(fractionDigits, 0), maximumFractionDigits)
        let seconds = firstSecond...lastSecond
        guard let bounds else {
            return simplified(.sequence([dateTimeRange(seconds), anyFraction(digits), .literal("Z")]))
        }
        let lower = DateBounds(lower: bounds.lower, lowerIsInclusive: bounds.lowerIsInclusive)
        let upper = DateBounds(upper: bounds.upper, upperIsInclusive: bounds.upperIsInclusive)
        let largestFraction = powerOfTen(digits) - 1
        // The first second whose latest text clears the lower bound: every later second clears
        // it entirely. The last second whose whole-second text clears the upper bound: every
        // earlier second clears it entirely. Both tests are monotone in the second because
        // decoding is (correct rounding never reorders), so binary search finds them.
        guard
            let first = firstSatisfying(seconds, { lower.contains(instant(second: $0, fraction: largestFraction, digits: digits)) }),
            let last = lastSatisfying(seconds, { upper.contains(instant(second: $0, fraction: 0, digits: 0)) }),
            first <= last
        else { return nil }

        let firstChoice = FractionChoice(second: first, digits: digits, bounds: bounds)
        let lastChoice = first == last ? firstChoice : FractionChoice(second: last, digits: digits, bounds: bounds)
        // Plain bounds, not a ClosedRange: the whole seconds may be none at all.
        let (wholeFirst, wholeLast) = (firstChoice.isEverything ? first : first + 1, lastChoice.isEverything ? last : last - 1)

        var pieces: [GrammarExpression] = []
        if !firstChoice.isEverything, let fraction = firstChoice.expression {
            pieces.append(.sequence([.literal(dateTimeText(first)), fraction]))
        }
        if wholeFirst <= wholeLast {
            pieces.append(.sequence([dateTimeRange(wholeFirst...wholeLast), anyFraction(digits)]))
        }
        if last != first, !lastChoice.isEverything, let fraction = lastChoice.expression {
            pieces.append(.sequence([.literal(dateTimeText(last)), fraction]))
        }
        guard !pieces.isEmpty else { return nil }
        return simplified(.sequence([.alternatives(pieces), .literal("Z")]))
    }

    /// `HH:MM:SS[.fff]Z`: 00:00:00 through 23:59:59 (no leap second), UTC only, an optional
    /// fraction of 1 to `fractionDigits` digits (clamped to 0…9).
    ///
    /// ```swift
    /// DateTimeGrammar.fullTime()
    /// // ([01] [0-9] | "2" [0-3]) ":" [0-5] [0-9] ":" [0-5] [0-9] ("." [0-9]{1,3})? "Z"
    /// ```
    static func fullTime(fractionDigits: Int = 3) -> GrammarExpression {
        let digits = min(max(fractionDigits, 0), maximumFractionDigits)
        return simplified(.sequence([anyTime, anyFraction(digits), .literal("Z")]))
    }

    /// 8-4-4-4-12 lowercase hexadecimal digits, any version and variant (JSON Schema's `uuid`
    /// checks neither). Uppercase is never written: RFC 9562 asks for lowercase output.
    ///
    /// ```swift
    /// DateTimeGrammar.uuid()
    /// // [0-9a-f]{8} "-" [0-9a-f]{4} "-" [0-9a-f]{4} "-" [0-9a-f]{4} "-" [0-9a-f]{12}
    /// ```
    static func uuid() -> GrammarExpression {
        let hex = GrammarExpression.characterClass(CharacterClass(ranges: [0x30...0x39, 0x61...0x66]))
        var parts: [GrammarExpression] = []
        for (index, count) in [8, 4, 4, 4, 12].enumerated() {
            if index > 0 { parts.append(.literal("-")) }
            parts.append(.repetition(hex, minimum: count, maximum: count))
        }
        return .sequence(parts)
    }
}

// MARK: - Seconds and bounds

extension DateTimeGrammar {
    static let secondsPerDay: Int64 = 86_400
    /// 0001-01-01, the first day the grammars write, in days since 1970-01-01.
    static let firstDay = CalendarDate(januaryFirstOf: 1).daysSinceUnixEpoch
    /// 9999-12-31, the last day.
    static let lastDay = CalendarDate(januaryFirstOf: 10000).daysSinceUnixEpoch - 1
    static let firstSecond = firstDay * secondsPerDay
    static let lastSecond = lastDay * secondsPerDay + secondsPerDay - 1

    /// The days whose midnight UTC lies within `bounds`, or nil when there are none.
    static func admittedDays(_ bounds: DateBounds?) -> ClosedRange<Int64>? {
        let days = firstDay...lastDay
        guard let bounds else { return days }
        let lower = DateBounds(lower: bounds.lower, lowerIsInclusive: bounds.lowerIsInclusive)
        let upper = DateBounds(upper: bounds.upper, upperIsInclusive: bounds.upperIsInclusive)
        // Midnight is a whole number of seconds, so this is exactly the Date parseFullDate makes.
        func midnight(_ day: Int64) -> Date { Date(timeIntervalSince1970: Double(day * secondsPerDay)) }
        guard let first = firstSatisfying(days, { lower.contains(midnight($0)) }),
            let last = lastSatisfying(days, { upper.contains(midnight($0)) }),
            first <= last
        else { return nil }
        return first...last
    }

    /// The `Date` the decoder reads from a text whose whole Unix second is `second` and whose
    /// fraction is `fraction` written in `digits` digits (`digits == 0`: no fraction).
    ///
    /// This repeats `RFC3339.unixTime`'s arithmetic (that type is internal to BridleSchema):
    /// the written value rounded once, correctly, to a Unix-time `Double`, then converted to
    /// a `Date`. Any correctly rounded conversion gives the same `Double`, which is what
    /// makes the bounds exact rather than nearly so.
    static func instant(second: Int64, fraction: Int64, digits: Int) -> Date {
        var fraction = fraction
        var digits = digits
        // Trailing zeros do not change the value, and dropping them keeps the fast path.
        while digits > 0, fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        guard digits > 0 else { return Date(timeIntervalSince1970: Double(second)) }
        let scale = powerOfTen(digits)
        // Both operands exact in a Double: one IEEE division rounds the quotient once.
        let (scaled, overflow) = second.multipliedReportingOverflow(by: scale)
        if !overflow, scaled.magnitude <= 1 << 53, (scaled + fraction).magnitude <= 1 << 53 {
            return Date(timeIntervalSince1970: Double(scaled + fraction) / Double(scale))
        }
        // Otherwise the C library's correctly rounded decimal conversion, with a negative time
        // written as a magnitude: s + 0.f = -((|s| - 1) + (scale - f) / scale).
        let written =
            second >= 0
            ? "\(second).\(padded(fraction, width: digits))"
            : "-\(-(second + 1)).\(padded(scale - fraction, width: digits))"
        return Date(timeIntervalSince1970: Double(written) ?? Double(second))
    }

    /// The texts of one whole second that a bound cuts into: whether the bare `…:SSZ` is
    /// admitted, and for each fraction length the admitted fractions, a contiguous run
    /// because decoding is monotone.
    struct FractionChoice {
        var allowsNone: Bool
        /// Per fraction length (1…digits, omitted when empty): the admitted fraction values.
        var runs: [(digits: Int, values: ClosedRange<Int64>)]
        var digits: Int

        init(second: Int64, digits: Int, bounds: DateBounds) {
            let lower = DateBounds(lower: bounds.lower, lowerIsInclusive: bounds.lowerIsInclusive)
            let upper = DateBounds(upper: bounds.upper, upperIsInclusive: bounds.upperIsInclusive)
            self.digits = digits
            allowsNone = bounds.contains(DateTimeGrammar.instant(second: second, fraction: 0, digits: 0))
            runs = []
            guard digits > 0 else { return }
            for length in 1...digits {
                let values = 0...(DateTimeGrammar.powerOfTen(length) - 1)
                func date(_ value: Int64) -> Date { DateTimeGrammar.instant(second: second, fraction: value, digits: length) }
                guard let low = DateTimeGrammar.firstSatisfying(values, { lower.contains(date($0)) }),
                    let high = DateTimeGrammar.lastSatisfying(values, { upper.contains(date($0)) }),
                    low <= high
                else { continue }
                runs.append((length, low...high))
            }
        }

        /// Every text of the second is admitted, so it can join the plain range.
        var isEverything: Bool {
            allowsNone && runs.count == digits
                && runs.allSatisfy { $0.values == 0...(DateTimeGrammar.powerOfTen($0.digits) - 1) }
        }

        /// What may follow `…:SS` (before `Z`); nil when nothing may, i.e. the second is out.
        ///
        /// For example, after an exclusive bound at a whole second, `"." ([1-9] | "0" [1-9] |
        /// [1-9] [0-9] | …)`; up to an inclusive one, `("." "0"{1,3})?`.
        var expression: GrammarExpression? {
            let fractions = runs.map {
                DateTimeGrammar.digitRange($0.values.lowerBound, $0.values.upperBound, width: $0.digits)
            }
            // Only zeros, of every length from 1: the common case of an inclusive upper bound
            // at a whole second, worth writing as one repetition.
            let onlyZeros = runs.count > 1 && runs.enumerated().allSatisfy { $1.digits == $0 + 1 && $1.values == 0...0 }
            let dotted: GrammarExpression? =
                fractions.isEmpty
                ? nil
                : .sequence([
                    .literal("."),
                    onlyZeros ? .repetition(.literal("0"), minimum: 1, maximum: runs.count) : .alternatives(fractions),
                ])
            switch (allowsNone, dotted) {
            case (true, let dotted?): return .repetition(dotted, minimum: 0, maximum: 1)
            case (true, nil): return .sequence([])
            case (false, let dotted?): return dotted
            case (false, nil): return nil
            }
        }
    }

    /// The first value in `range` for which `predicate` holds, given that it holds for a
    /// suffix of the range (false…false true…true); nil when it never does.
    static func firstSatisfying(_ range: ClosedRange<Int64>, _ predicate: (Int64) -> Bool) -> Int64? {
        var low = range.lowerBound
        var high = range.upperBound + 1  // "none": the answer always lies in low...high
        while low < high {
            let middle = low + (high - low) / 2
            if predicate(middle) { high = middle } else { low = middle + 1 }
        }
        return low <= range.upperBound ? low : nil
    }

    /// The last value in `range` for which `predicate` holds, given that it holds for a
    /// prefix of the range (true…true false…false); nil when it never does.
    static func lastSatisfying(_ range: ClosedRange<Int64>, _ predicate: (Int64) -> Bool) -> Int64? {
        let firstFailing = firstSatisfying(range) { !predicate($0) } ?? range.upperBound + 1
        return firstFailing > range.lowerBound ? firstFailing - 1 : nil
    }
}

// MARK: - Ranges of fixed-width text

extension DateTimeGrammar {
    /// `YYYY-MM-DDTHH:MM:SS` for every whole second in `seconds` (Unix time, within
    /// 0001…9999): the first and last day cut by time, the days between by date alone.
    static func dateTimeRange(_ seconds: ClosedRange<Int64>) -> GrammarExpression {
        let (firstDay, firstTime) = dayAndTime(seconds.lowerBound)
        let (lastDay, lastTime) = dayAndTime(seconds.upperBound)
        let endOfDay = Int(secondsPerDay) - 1
        if firstDay == lastDay {
            return .sequence([.literal(CalendarDate(daysSinceUnixEpoch: firstDay).description + "T"), timeRange(firstTime, lastTime)])
        }
        var choices: [GrammarExpression] = []
        // Plain bounds, not a ClosedRange: there may be no whole days between the cut ones.
        var (wholeFirst, wholeLast) = (firstDay, lastDay)
        if firstTime != 0 {
            choices.append(.sequence([.literal(CalendarDate(daysSinceUnixEpoch: firstDay).description + "T"), timeRange(firstTime, endOfDay)]))
            wholeFirst += 1
        }
        var tail: GrammarExpression?
        if lastTime != endOfDay {
            tail = .sequence([.literal(CalendarDate(daysSinceUnixEpoch: lastDay).description + "T"), timeRange(0, lastTime)])
            wholeLast -= 1
        }
        // Empty when the two boundary days are adjacent and both cut.
        if wholeFirst <= wholeLast {
            choices.append(.sequence([dateRange(wholeFirst, wholeLast), .literal("T"), anyTime]))
        }
        if let tail { choices.append(tail) }
        return .alternatives(choices)
    }

    /// `YYYY-MM-DD` for every day from `first` through `last` (days since 1970-01-01): the
    /// boundary years cut by month and day, the years between as a digit range with every
    /// month-day but Feb 29, plus Feb 29 after just the leap years among them.
    static func dateRange(_ first: Int64, _ last: Int64) -> GrammarExpression {
        let start = CalendarDate(daysSinceUnixEpoch: first)
        let end = CalendarDate(daysSinceUnixEpoch: last)
        if start.year == end.year {
            return .sequence([
                .literal(padded(start.year, width: 4) + "-"),
                monthDayRange(year: start.year, from: (start.month, start.day), through: (end.month, end.day)),
            ])
        }
        var choices: [GrammarExpression] = []
        var (wholeFirst, wholeLast) = (start.year, end.year)
        if (start.month, start.day) != (1, 1) {
            choices.append(
                .sequence([
                    .literal(padded(start.year, width: 4) + "-"),
                    monthDayRange(year: start.year, from: (start.month, start.day), through: (12, 31)),
                ]))
            wholeFirst += 1
        }
        var tail: GrammarExpression?
        if (end.month, end.day) != (12, 31) {
            tail = .sequence([
                .literal(padded(end.year, width: 4) + "-"),
                monthDayRange(year: end.year, from: (1, 1), through: (end.month, end.day)),
            ])
            wholeLast -= 1
        }
        if wholeFirst <= wholeLast {
            choices.append(
                .sequence([
                    digitRange(Int64(wholeFirst), Int64(wholeLast), width: 4),
                    .literal("-"),
                    wholeMonths(1...12, februaryDays: 28),
                ]))
            if let leap = leapYears(wholeFirst...wholeLast) {
                choices.append(.sequence([leap, .literal("-02-29")]))
            }
        }
        if let tail { choices.append(tail) }
        return .alternatives(choices)
    }

    /// `MM-DD` from `from` through `through` within `year` (both real days of it).
    static func monthDayRange(year: Int, from: (month: Int, day: Int), through: (month: Int, day: Int)) -> GrammarExpression {
        if from.month == through.month {
            return .sequence([
                .literal(padded(from.month, width: 2) + "-"),
                digitRange(Int64(from.day), Int64(through.day), width: 2),
            ])
        }
        var choices: [GrammarExpression] = []
        var (wholeFirst, wholeLast) = (from.month, through.month)
        if from.day != 1 {
            let length = CalendarDate.daysInMonth(from.month, year: year)
            choices.append(
                .sequence([.literal(padded(from.month, width: 2) + "-"), digitRange(Int64(from.day), Int64(length), width: 2)]))
            wholeFirst += 1
        }
        var tail: GrammarExpression?
        if through.day != CalendarDate.daysInMonth(through.month, year: year) {
            tail = .sequence([.literal(padded(through.month, width: 2) + "-"), digitRange(1, Int64(through.day), width: 2)])
            wholeLast -= 1
        }
        if wholeFirst <= wholeLast {
            choices.append(wholeMonths(wholeFirst...wholeLast, februaryDays: CalendarDate.daysInMonth(2, year: year)))
        }
        if let tail { choices.append(tail) }
        return .alternatives(choices)
    }

    /// `MM-DD` for every day of the months in `months`, grouped by month length so that a
    /// whole year takes three alternatives rather than twelve.
    static func wholeMonths(_ months: ClosedRange<Int>, februaryDays: Int) -> GrammarExpression {
        var choices: [GrammarExpression] = []
        for length in [31, 30, februaryDays] {
            let members = months.filter { ($0 == 2 ? februaryDays : CalendarDate.daysInMonth($0, year: 1)) == length }
            guard !members.isEmpty else { continue }
            choices.append(.sequence([twoDigitSet(members), .literal("-"), digitRange(1, Int64(length), width: 2)]))
        }
        return .alternatives(choices)
    }

    /// The four-digit leap years within `years`, or nil when there are none.
    ///
    /// A year `CCYY` is leap when `YY` is a non-zero multiple of 4 (any century), or when it
    /// is `00` and `CC` is a multiple of 4. So whole centuries take two alternatives, e.g.
    /// for 2000…2399: `"2" [0-3] ("0" [48] | [13579] [26] | [2468] [048]) | "2000"`,
    /// and only the first and last centuries are cut.
    static func leapYears(_ years: ClosedRange<Int>) -> GrammarExpression? {
        func leapEndings(century: Int, _ endings: ClosedRange<Int>) -> [Int] {
            endings.filter { $0 % 4 == 0 && ($0 != 0 || century % 4 == 0) }
        }
        func cut(century: Int, _ endings: ClosedRange<Int>) -> GrammarExpression? {
            let members = leapEndings(century: century, endings)
            return members.isEmpty ? nil : .sequence([.literal(padded(century, width: 2)), twoDigitSet(members)])
        }
        let (firstCentury, lastCentury) = (years.lowerBound / 100, years.upperBound / 100)
        if firstCentury == lastCentury {
            return cut(century: firstCentury, (years.lowerBound % 100)...(years.upperBound % 100))
        }
        var choices: [GrammarExpression] = []
        var (wholeFirst, wholeLast) = (firstCentury, lastCentury)
        if years.lowerBound % 100 != 0 {
            if let head = cut(century: firstCentury, (years.lowerBound % 100)...99) { choices.append(head) }
            wholeFirst += 1
        }
        var tail: GrammarExpression?
        if years.upperBound % 100 != 99 {
            tail = cut(century: lastCentury, 0...(years.upperBound % 100))
            wholeLast -= 1
        }
        if wholeFirst <= wholeLast {
            choices.append(
                .sequence([
                    digitRange(Int64(wholeFirst), Int64(wholeLast), width: 2),
                    twoDigitSet(Array(stride(from: 4, through: 96, by: 4))),
                ]))
            let quadricentennial = (wholeFirst...wholeLast).filter { $0 % 4 == 0 }
            if !quadricentennial.isEmpty {
                choices.append(.sequence([twoDigitSet(quadricentennial), .literal("00")]))
            }
        }
        if let tail { choices.append(tail) }
        return choices.isEmpty ? nil : .alternatives(choices)
    }

    /// `HH:MM:SS` for every second of the day from `first` through `last` (seconds since
    /// midnight), decomposed field by field like a digit range in a mixed radix.
    static func timeRange(_ first: Int, _ last: Int) -> GrammarExpression {
        func fields(_ second: Int) -> [Int] { [second / 3600, second / 60 % 60, second % 60] }
        return clockRange(fields(first), fields(last), maxima: [23, 59, 59])
    }

    /// Colon-separated two-digit fields from `low` through `high`, lexicographically, each
    /// field between 0 and its maximum.
    static func clockRange(_ low: [Int], _ high: [Int], maxima: [Int]) -> GrammarExpression {
        guard let lowHead = low.first, let highHead = high.first else { return .sequence([]) }
        let (lowRest, highRest, maxRest) = (Array(low.dropFirst()), Array(high.dropFirst()), Array(maxima.dropFirst()))
        let zeros = maxRest.map { _ in 0 }
        func then(_ head: GrammarExpression, _ restLow: [Int], _ restHigh: [Int]) -> GrammarExpression {
            restLow.isEmpty ? head : .sequence([head, .literal(":"), clockRange(restLow, restHigh, maxima: maxRest)])
        }
        if lowHead == highHead {
            return then(.literal(padded(lowHead, width: 2)), lowRest, highRest)
        }
        var choices: [GrammarExpression] = []
        var (middleLow, middleHigh) = (lowHead, highHead)
        if lowRest != zeros {
            choices.append(then(.literal(padded(lowHead, width: 2)), lowRest, maxRest))
            middleLow += 1
        }
        var tail: GrammarExpression?
        if highRest != maxRest {
            tail = then(.literal(padded(highHead, width: 2)), zeros, highRest)
            middleHigh -= 1
        }
        if middleLow <= middleHigh {
            choices.append(then(digitRange(Int64(middleLow), Int64(middleHigh), width: 2), zeros, maxRest))
        }
        if let tail { choices.append(tail) }
        return .alternatives(choices)
    }

    /// `HH:MM:SS`, any time of day.
    static var anyTime: GrammarExpression { timeRange(0, Int(secondsPerDay) - 1) }

    /// `("." [0-9]{1,digits})?`, or nothing when `digits` is 0.
    static func anyFraction(_ digits: Int) -> GrammarExpression {
        guard digits > 0 else { return .sequence([]) }
        let digit = GrammarExpression.characterClass(CharacterClass("0"..."9"))
        return .repetition(.sequence([.literal("."), .repetition(digit, minimum: 1, maximum: digits)]), minimum: 0, maximum: 1)
    }

    /// The `width`-digit, zero-padded decimal numerals from `low` through `high`, by the
    /// usual prefix decomposition: `digitRange(7, 42, width: 2)` is
    /// `"0" [7-9] | [1-3] [0-9] | "4" [0-2]`.
    static func digitRange(_ low: Int64, _ high: Int64, width: Int) -> GrammarExpression {
        guard width > 0 else { return .sequence([]) }
        let place = powerOfTen(width - 1)
        if low == 0, high == place * 10 - 1 {
            let digit = GrammarExpression.characterClass(CharacterClass("0"..."9"))
            return width == 1 ? digit : .repetition(digit, minimum: width, maximum: width)
        }
        let (lowHead, highHead) = (low / place, high / place)
        let (lowRest, highRest) = (low % place, high % place)
        if lowHead == highHead {
            return .sequence([digitClass(Int(lowHead)...Int(highHead)), digitRange(lowRest, highRest, width: width - 1)])
        }
        var choices: [GrammarExpression] = []
        var (middleLow, middleHigh) = (lowHead, highHead)
        if lowRest != 0 {
            choices.append(.sequence([digitClass(Int(lowHead)...Int(lowHead)), digitRange(lowRest, place - 1, width: width - 1)]))
            middleLow += 1
        }
        var tail: GrammarExpression?
        if highRest != place - 1 {
            tail = .sequence([digitClass(Int(highHead)...Int(highHead)), digitRange(0, highRest, width: width - 1)])
            middleHigh -= 1
        }
        if middleLow <= middleHigh {
            choices.append(.sequence([digitClass(Int(middleLow)...Int(middleHigh)), digitRange(0, place - 1, width: width - 1)]))
        }
        if let tail { choices.append(tail) }
        return .alternatives(choices)
    }

    /// Two-digit numerals for `values` (0…99), as few `[tens] [units]` pairs as grouping
    /// tens digits with equal unit sets gives: the multiples of 4 from 04 to 96 are
    /// `"0" [48] | [2468] [048] | [13579] [26]`.
    static func twoDigitSet(_ values: [Int]) -> GrammarExpression {
        var unitsByTens: [Int: Set<Int>] = [:]
        for value in values where (0...99).contains(value) {
            unitsByTens[value / 10, default: []].insert(value % 10)
        }
        var groups: [(tens: [Int], units: Set<Int>)] = []
        for tens in unitsByTens.keys.sorted() {
            guard let units = unitsByTens[tens] else { continue }
            if let index = groups.firstIndex(where: { $0.units == units }) {
                groups[index].tens.append(tens)
            } else {
                groups.append(([tens], units))
            }
        }
        return .alternatives(groups.map { .sequence([digitSet($0.tens), digitSet(Array($0.units))]) })
    }

    /// One digit from `digits`: a literal for one, else a class of merged runs (`[2468]`, `[0-3]`).
    static func digitSet(_ digits: [Int]) -> GrammarExpression {
        let sorted = Set(digits).sorted()
        if sorted.count == 1, let only = sorted.first { return .literal(String(only)) }
        var ranges: [ClosedRange<UInt32>] = []
        for digit in sorted {
            let scalar = UInt32(48 + digit)
            if let last = ranges.last, last.upperBound + 1 == scalar {
                ranges[ranges.count - 1] = last.lowerBound...scalar
            } else {
                ranges.append(scalar...scalar)
            }
        }
        return .characterClass(CharacterClass(ranges: ranges))
    }

    static func digitClass(_ digits: ClosedRange<Int>) -> GrammarExpression {
        digitSet(Array(digits))
    }
}

// MARK: - Helpers

extension DateTimeGrammar {
    /// Flattens nested sequences and alternatives, joins adjacent literals, drops empty
    /// sequences inside sequences and writes `x | ε` as `x?`, so the expression prints as a
    /// person would write it.
    static func simplified(_ expression: GrammarExpression) -> GrammarExpression {
        switch expression {
        case .sequence(let parts):
            var flat: [GrammarExpression] = []
            for part in parts {
                let part = simplified(part)
                let pieces: [GrammarExpression]
                if case .sequence(let inner) = part { pieces = inner } else { pieces = [part] }
                for piece in pieces {
                    if case .literal(let text) = piece, case .literal(let previous)? = flat.last {
                        flat[flat.count - 1] = .literal(previous + text)
                    } else if case .literal("") = piece {
                        continue
                    } else {
                        flat.append(piece)
                    }
                }
            }
            return flat.count == 1 ? flat[0] : .sequence(flat)
        case .alternatives(let choices):
            var flat: [GrammarExpression] = []
            for choice in choices {
                let choice = simplified(choice)
                if case .alternatives(let inner) = choice { flat.append(contentsOf: inner) } else { flat.append(choice) }
            }
            if flat.count == 2, let empty = flat.firstIndex(of: .sequence([])) {
                return .repetition(flat[1 - empty], minimum: 0, maximum: 1)
            }
            return flat.count == 1 ? flat[0] : .alternatives(flat)
        case .repetition(let inner, let minimum, let maximum):
            return .repetition(simplified(inner), minimum: minimum, maximum: maximum)
        case .literal, .characterClass, .anyCharacter, .reference:
            return expression
        }
    }

    /// 10^exponent for 0…18.
    static func powerOfTen(_ exponent: Int) -> Int64 {
        var power: Int64 = 1
        for _ in 0..<max(0, min(exponent, 18)) { power *= 10 }
        return power
    }

    /// `value` (non-negative) zero-padded to `width` digits.
    static func padded<Value: BinaryInteger>(_ value: Value, width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// The UTC day (days since 1970-01-01) and second of that day of a Unix second.
    static func dayAndTime(_ second: Int64) -> (day: Int64, time: Int) {
        // Floor division: times before 1970 belong to the day that starts before them.
        var day = second / secondsPerDay
        if second % secondsPerDay < 0 { day -= 1 }
        return (day, Int(second - day * secondsPerDay))
    }

    /// `YYYY-MM-DDTHH:MM:SS` of a Unix second.
    static func dateTimeText(_ second: Int64) -> String {
        let (day, time) = dayAndTime(second)
        return CalendarDate(daysSinceUnixEpoch: day).description + "T" + padded(time / 3600, width: 2) + ":"
            + padded(time / 60 % 60, width: 2) + ":" + padded(time % 60, width: 2)
    }
}
