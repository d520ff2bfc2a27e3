import Foundation
import Testing

@testable import BridleGrammar
@testable import BridleSchema
import BridleTestSupport

/// Membership in the date, time and UUID grammars, checked with Swift's `Regex` (through
/// `RegexSource`) against BridleSchema's independent RFC 3339 validator and parser: the
/// grammar must admit a text exactly when the decoder accepts it, its policies allow it and
/// its instant lies within the bounds.
@Suite("Date, time and UUID grammars")
struct DateTimeGrammarTests {
    // MARK: Helpers

    static func matcher(_ expression: GrammarExpression?) throws -> Regex<AnyRegexOutput>? {
        try expression.map { try RegexSource.regex(for: $0) }
    }

    static func matches(_ regex: Regex<AnyRegexOutput>?, _ text: String) throws -> Bool {
        guard let regex else { return false }
        return try regex.wholeMatch(in: text) != nil
    }

    static func nodeCount(_ expression: GrammarExpression) -> Int {
        switch expression {
        case .sequence(let parts), .alternatives(let parts): 1 + parts.reduce(0) { $0 + nodeCount($1) }
        case .repetition(let inner, _, _): 1 + nodeCount(inner)
        case .literal, .characterClass, .anyCharacter, .reference: 1
        }
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// `YYYY-MM-DDTHH:MM:SS` of a Unix second, through BridleSchema's `CalendarDate`.
    static func secondText(_ second: Int64) -> String {
        let days = second >= 0 ? second / 86_400 : (second - 86_399) / 86_400
        let time = Int(second - days * 86_400)
        return "\(CalendarDate(daysSinceUnixEpoch: days))T\(pad(time / 3600, 2)):\(pad(time / 60 % 60, 2)):\(pad(time % 60, 2))"
    }

    static func dateTimeText(_ second: Int64, fraction: String) -> String {
        secondText(second) + (fraction.isEmpty ? "" : ".\(fraction)") + "Z"
    }

    static func unixSecond(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Int64 {
        (CalendarDate(year: year, month: month, day: day)?.daysSinceUnixEpoch ?? 0) * 86_400
            + Int64(hour * 3600 + minute * 60 + second)
    }

    static func date(_ second: Int64, plus fraction: Double = 0) -> Date {
        Date(timeIntervalSince1970: Double(second) + fraction)
    }

    /// What the grammar must decide: the decoder accepts the text, the policies allow it
    /// (year 0001 or later, no leap second, `Z`, at most `digits` fraction digits) and its
    /// instant lies within `bounds`.
    static func shouldAdmitDateTime(_ text: String, bounds: DateBounds?, digits: Int = 3) -> Bool {
        guard let date = RFC3339.parseDateTime(text), !text.hasPrefix("0000"), text.hasSuffix("Z") else { return false }
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes[17] != UInt8(ascii: "6") else { return false }
        if bytes.count > 20 { guard bytes[19] == UInt8(ascii: "."), bytes.count - 21 <= digits else { return false } }
        return bounds?.contains(date) ?? true
    }

    static let years = [1, 4, 100, 400, 1582, 1600, 1900, 2000, 2023, 2024, 2100, 9999]

    // MARK: full-date

    @Test("every day of a year, and impossible ones, match iff calendar-valid", arguments: years)
    func calendarDays(year: Int) throws {
        let regex = try #require(try Self.matcher(DateTimeGrammar.fullDate(bounds: nil)))
        let dateTime = try #require(try Self.matcher(DateTimeGrammar.dateTime(bounds: nil)))
        var accepted = 0
        for month in 0...13 {
            for day in 0...32 {
                let text = "\(Self.pad(year, 4))-\(Self.pad(month, 2))-\(Self.pad(day, 2))"
                let valid = RFC3339.isValidFullDate(text)
                let matched = try Self.matches(regex, text)
                #expect(matched == valid, "\(text)")
                #expect(try Self.matches(dateTime, text + "T12:00:00Z") == valid, "\(text)")
                if matched { accepted += 1 }
            }
        }
        #expect(accepted == (CalendarDate.isLeapYear(year) ? 366 : 365))
    }

    @Test("named impossible dates and malformed text are rejected")
    func impossibleDates() throws {
        let regex = try #require(try Self.matcher(DateTimeGrammar.fullDate(bounds: nil)))
        for text in [
            "2023-02-29", "1900-02-29", "2100-02-29", "2024-04-31", "2024-06-31", "2024-09-31", "2024-11-31",
            "2024-13-01", "2024-00-10", "2024-02-30", "2024-01-00", "2024-01-32",
            // Year zero is a deliberate policy, not a calendar fact.
            "0000-01-01", "0000-02-29",
            "10000-01-01", "2024-2-01", "2024-02-1", "2024/02/01", "2024-02-01T00:00:00Z", " 2024-02-01", "",
        ] {
            #expect(try !Self.matches(regex, text), "\(text)")
        }
        for text in ["2024-02-29", "2000-02-29", "1600-02-29", "0004-02-29", "0400-02-29", "0001-01-01", "9999-12-31"] {
            #expect(try Self.matches(regex, text), "\(text)")
        }
    }

    @Test("a date is in bounds when its midnight UTC is", arguments: UInt64(0)..<4)
    func dateBounds(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let start = Self.unixSecond(1900, 1, 1)
        let end = Self.unixSecond(2200, 1, 1)
        for _ in 0..<25 {
            var ends = [Int64.random(in: start...end, using: &random), Int64.random(in: start...end, using: &random)].sorted()
            if Bool.random(using: &random) { ends[1] = ends[0] + Int64.random(in: 0...(5 * 86_400), using: &random) }
            // Midnights half the time, so inclusive and exclusive ends both matter.
            if Bool.random(using: &random) { ends = ends.map { $0 - $0 % 86_400 } }
            let bounds = DateBounds(
                lower: Int.random(in: 0..<6, using: &random) == 0 ? nil : Self.date(ends[0]),
                lowerIsInclusive: Bool.random(using: &random),
                upper: Int.random(in: 0..<6, using: &random) == 0 ? nil : Self.date(ends[1]),
                upperIsInclusive: Bool.random(using: &random))
            let expression = DateTimeGrammar.fullDate(bounds: bounds)
            let regex = try Self.matcher(expression)
            var days: [Int64] = []
            for end in ends { days += [end / 86_400 - 1, end / 86_400, end / 86_400 + 1] }
            for _ in 0..<10 { days.append(Int64.random(in: (start / 86_400 - 400)...(end / 86_400 + 400), using: &random)) }
            for day in days {
                let text = "\(CalendarDate(daysSinceUnixEpoch: day))"
                let expected = RFC3339.parseFullDate(text).map { bounds.contains($0) } ?? false
                #expect(try Self.matches(regex, text) == expected, "\(text) with \(bounds)")
            }
        }
    }

    @Test("date bounds outside 0001...9999 are clamped; empty ones give nil")
    func dateEdges() throws {
        let before = DateBounds(upper: Self.date(Self.unixSecond(1, 1, 1)), upperIsInclusive: false)
        #expect(DateTimeGrammar.fullDate(bounds: before) == nil)
        #expect(DateTimeGrammar.dateTime(bounds: before) == nil)
        let after = DateBounds(lower: Date(timeIntervalSince1970: 1e15))
        #expect(DateTimeGrammar.fullDate(bounds: after) == nil)
        #expect(DateTimeGrammar.dateTime(bounds: after) == nil)
        let inverted = DateBounds(lower: Self.date(Self.unixSecond(2024, 1, 2)), upper: Self.date(Self.unixSecond(2024, 1, 1)))
        #expect(DateTimeGrammar.fullDate(bounds: inverted) == nil)
        #expect(DateTimeGrammar.dateTime(bounds: inverted) == nil)
        // A span inside one day that misses its midnight holds date-times but no date.
        let noon = DateBounds(lower: Self.date(Self.unixSecond(2024, 1, 1, 12)), upper: Self.date(Self.unixSecond(2024, 1, 1, 13)))
        #expect(DateTimeGrammar.fullDate(bounds: noon) == nil)
        #expect(DateTimeGrammar.dateTime(bounds: noon) != nil)

        // A NaN bound excludes nothing, for DateBounds.contains as for the grammar.
        let notANumber = DateBounds(lower: Date(timeIntervalSinceReferenceDate: .nan), upper: Date(timeIntervalSinceReferenceDate: .nan))
        #expect(DateTimeGrammar.dateTime(bounds: notANumber) == DateTimeGrammar.dateTime(bounds: nil))
        #expect(DateTimeGrammar.fullDate(bounds: notANumber) == DateTimeGrammar.fullDate(bounds: nil))
        let wide = DateBounds(lower: Date.distantPast, upper: Date(timeIntervalSince1970: 1e15))
        #expect(DateTimeGrammar.fullDate(bounds: wide) == DateTimeGrammar.fullDate(bounds: nil))
        #expect(DateTimeGrammar.dateTime(bounds: wide) == DateTimeGrammar.dateTime(bounds: nil))
        let single = try #require(try Self.matcher(DateTimeGrammar.fullDate(bounds: DateBounds(lower: Self.date(Self.unixSecond(1, 1, 1)), upper: Self.date(Self.unixSecond(1, 1, 1))))))
        #expect(try Self.matches(single, "0001-01-01"))
        #expect(try !Self.matches(single, "0001-01-02"))
        #expect(try !Self.matches(single, "0000-12-31"))
    }

    // MARK: full-time

    @Test("times 00:00:00 through 23:59:59, no leap second, Z only")
    func times() throws {
        let regex = try #require(try Self.matcher(DateTimeGrammar.fullTime()))
        for hour in 0...25 {
            for minute in [0, 1, 9, 10, 30, 49, 50, 58, 59, 60, 99] {
                for second in [0, 1, 9, 10, 59, 60, 61] {
                    let text = "\(Self.pad(hour, 2)):\(Self.pad(minute, 2)):\(Self.pad(second, 2))Z"
                    let expected = hour <= 23 && minute <= 59 && second <= 59
                    #expect(try Self.matches(regex, text) == expected, "\(text)")
                    #expect(RFC3339.isValidFullTime(text) == (expected || (hour, minute, second) == (23, 59, 60)))
                }
            }
        }
        for text in ["12:34:56Z", "12:34:56.1Z", "12:34:56.12Z", "12:34:56.123Z", "00:00:00.000Z", "23:59:59.999Z"] {
            #expect(try Self.matches(regex, text), "\(text)")
        }
        for text in [
            "12:34:56.1234Z", "12:34:56.Z", "12:34:56z", "12:34:56", "12:34:56+00:00", "12:34:56.5z", "23:59:60Z",
            "1:34:56Z", "12:3:56Z", "12:34:5Z", "12-34-56Z", "12:34:56,5Z", "12:34:56Z ",
        ] {
            #expect(try !Self.matches(regex, text), "\(text)")
        }
    }

    @Test("fraction digits: 0 means none, larger counts are clamped to 9")
    func fractionDigits() throws {
        let none = try #require(try Self.matcher(DateTimeGrammar.fullTime(fractionDigits: 0)))
        #expect(try Self.matches(none, "12:34:56Z"))
        #expect(try !Self.matches(none, "12:34:56.1Z"))
        #expect(DateTimeGrammar.fullTime(fractionDigits: -4) == DateTimeGrammar.fullTime(fractionDigits: 0))
        let nine = try #require(try Self.matcher(DateTimeGrammar.fullTime(fractionDigits: 40)))
        #expect(try Self.matches(nine, "12:34:56.123456789Z"))
        #expect(try !Self.matches(nine, "12:34:56.1234567890Z"))
        let one = try #require(try Self.matcher(DateTimeGrammar.dateTime(bounds: nil, fractionDigits: 1)))
        #expect(try Self.matches(one, "2024-02-29T12:34:56.5Z"))
        #expect(try !Self.matches(one, "2024-02-29T12:34:56.55Z"))
    }

    // MARK: date-time ranges

    /// ~50 texts around and inside the bounds: each bound's second and its neighbours with
    /// boundary fractions, random instants inside and outside, and impossible days.
    static func candidates(
        lower: Int64?, upper: Int64?, span: ClosedRange<Int64>, using random: inout SplitMix64
    ) -> [String] {
        func randomFraction() -> String {
            let count = Int.random(in: 0...3, using: &random)
            return String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
        }
        var texts: [String] = []
        for bound in [lower, upper].compactMap({ $0 }) {
            for second in (bound - 1)...(bound + 1) {
                for fraction in ["", "0", "000", "001", "5", "999", randomFraction()] {
                    texts.append(dateTimeText(second, fraction: fraction))
                }
            }
        }
        let inside = (lower ?? span.lowerBound)...max(lower ?? span.lowerBound, upper ?? span.upperBound)
        for _ in 0..<12 {
            texts.append(dateTimeText(Int64.random(in: inside, using: &random), fraction: randomFraction()))
        }
        for _ in 0..<6 {
            texts.append(dateTimeText(Int64.random(in: (span.lowerBound - 400 * 86_400)...(span.upperBound + 400 * 86_400), using: &random), fraction: randomFraction()))
        }
        // Days that do not exist, inside the range where possible: must never match.
        for _ in 0..<3 {
            var text = Array(dateTimeText(Int64.random(in: inside, using: &random), fraction: ""))
            let replacement = ["-02-30", "-02-29", "-04-31", "-13-01", "-00-10"].randomElement(using: &random) ?? "-02-30"
            text.replaceSubrange(4..<10, with: replacement)
            texts.append(String(text))
        }
        if let last = texts.last { texts.append(last.replacingOccurrences(of: "Z", with: "z")) }
        return texts
    }

    @Test("date-time ranges: admitted iff valid and within whole-second bounds", arguments: UInt64(0)..<10)
    func dateTimeRanges(seed: UInt64) throws {
        var random = SplitMix64(seed: 0xDA7E + seed)
        let span = Self.unixSecond(1900, 1, 1)...Self.unixSecond(2200, 1, 1)
        var checked = 0
        for _ in 0..<32 {
            var ends = [Int64.random(in: span, using: &random), Int64.random(in: span, using: &random)].sorted()
            switch Int.random(in: 0..<4, using: &random) {
            case 0: ends[1] = ends[0] + Int64.random(in: 0...100, using: &random)
            case 1: ends[1] = ends[0] + Int64.random(in: 0...(3 * 86_400), using: &random)
            default: break
            }
            let lower = Int.random(in: 0..<8, using: &random) == 0 ? nil : ends[0]
            let upper = Int.random(in: 0..<8, using: &random) == 0 ? nil : ends[1]
            let bounds = DateBounds(
                lower: lower.map { Self.date($0) }, lowerIsInclusive: Bool.random(using: &random),
                upper: upper.map { Self.date($0) }, upperIsInclusive: Bool.random(using: &random))
            let expression = DateTimeGrammar.dateTime(bounds: bounds)
            if let expression { #expect(Self.nodeCount(expression) < 2_000) }
            let regex = try Self.matcher(expression)
            for text in Self.candidates(lower: lower, upper: upper, span: span, using: &random) {
                let expected = Self.shouldAdmitDateTime(text, bounds: bounds)
                #expect(try Self.matches(regex, text) == expected, "\(text) with \(bounds)")
                checked += 1
            }
        }
        #expect(checked >= 32 * 50)
    }

    @Test("date-time ranges with sub-second bounds are exact, rounding included", arguments: [1, 3, 6, 9])
    func subSecondBounds(digits: Int) throws {
        var random = SplitMix64(seed: 0x5EC + UInt64(digits))
        let span = Self.unixSecond(1, 1, 1)...Self.unixSecond(9999, 12, 31)
        for _ in 0..<20 {
            let seconds = [Int64.random(in: span, using: &random), Int64.random(in: span, using: &random)].sorted()
            let close = Bool.random(using: &random)
            let lowerSecond = seconds[0]
            let upperSecond = close ? seconds[0] + Int64.random(in: 0...2, using: &random) : seconds[1]
            let scale = Int64(DateTimeGrammar.powerOfTen(digits))
            // Bounds that are themselves writable texts, and ones that fall between texts.
            let lowerFraction = Int64.random(in: 0..<scale, using: &random)
            let upperFraction = Int64.random(in: 0..<scale, using: &random)
            let exact = Bool.random(using: &random)
            func bound(_ second: Int64, _ fraction: Int64) -> Date {
                exact
                    ? DateTimeGrammar.instant(second: second, fraction: fraction, digits: digits)
                    : Date(timeIntervalSince1970: Double(second) + Double.random(in: 0..<1, using: &random))
            }
            let bounds = DateBounds(
                lower: bound(lowerSecond, lowerFraction), lowerIsInclusive: Bool.random(using: &random),
                upper: bound(upperSecond, upperFraction), upperIsInclusive: Bool.random(using: &random))
            let regex = try Self.matcher(DateTimeGrammar.dateTime(bounds: bounds, fractionDigits: digits))
            for (second, fraction) in [(lowerSecond, lowerFraction), (upperSecond, upperFraction)] {
                for nearby in (second - 1)...(second + 1) {
                    var fractions = ["", String(repeating: "0", count: digits), String(repeating: "9", count: digits)]
                    for delta in Int64(-2)...2 where (0..<scale).contains(fraction + delta) {
                        let written = Self.pad(Int(fraction + delta), digits)
                        fractions += [written, String(written.prefix(max(1, digits - 1))), String(written.prefix(1))]
                    }
                    for fraction in fractions {
                        let text = Self.dateTimeText(nearby, fraction: fraction)
                        let expected = Self.shouldAdmitDateTime(text, bounds: bounds, digits: digits)
                        #expect(try Self.matches(regex, text) == expected, "\(text) with \(bounds)")
                    }
                }
            }
        }
    }

    @Test("the decoder's instant is reproduced exactly, fast path and string path")
    func instants() {
        var random = SplitMix64(seed: 77)
        let span = Self.unixSecond(1, 1, 1)...Self.unixSecond(9999, 12, 31, 23, 59, 59)
        for _ in 0..<2_000 {
            let second = Int64.random(in: span, using: &random)
            let digits = Int.random(in: 0...9, using: &random)
            let fraction = digits == 0 ? 0 : Int64.random(in: 0..<DateTimeGrammar.powerOfTen(digits), using: &random)
            let text = Self.dateTimeText(second, fraction: digits == 0 ? "" : Self.pad(Int(fraction), digits))
            #expect(RFC3339.parseDateTime(text) == DateTimeGrammar.instant(second: second, fraction: fraction, digits: digits), "\(text)")
        }
    }

    @Test("Feb 29 at a bound: a leap day is a day like any other, a missing one never appears")
    func leapDayBoundary() throws {
        let leapDay = DateBounds(
            lower: Self.date(Self.unixSecond(2024, 2, 29)),
            upper: Self.date(Self.unixSecond(2024, 3, 1)), upperIsInclusive: false)
        let regex = try #require(try Self.matcher(DateTimeGrammar.dateTime(bounds: leapDay)))
        for text in ["2024-02-29T00:00:00Z", "2024-02-29T00:00:00.000Z", "2024-02-29T12:00:00Z", "2024-02-29T23:59:59.999Z"] {
            #expect(try Self.matches(regex, text), "\(text)")
        }
        for text in ["2024-02-28T23:59:59.999Z", "2024-03-01T00:00:00Z", "2024-03-01T00:00:00.000Z", "2024-02-30T00:00:00Z"] {
            #expect(try !Self.matches(regex, text), "\(text)")
        }
        let leapDate = try #require(try Self.matcher(DateTimeGrammar.fullDate(bounds: leapDay)))
        #expect(try Self.matches(leapDate, "2024-02-29"))
        #expect(try !Self.matches(leapDate, "2024-02-28"))
        #expect(try !Self.matches(leapDate, "2024-03-01"))

        // Ranges straddling the end of February in years without a Feb 29.
        for year in [1900, 2023, 2100] {
            let around = DateBounds(lower: Self.date(Self.unixSecond(year, 2, 27, 13)), upper: Self.date(Self.unixSecond(year, 3, 2, 9)))
            let dates = try #require(try Self.matcher(DateTimeGrammar.fullDate(bounds: around)))
            let times = try #require(try Self.matcher(DateTimeGrammar.dateTime(bounds: around)))
            #expect(try !Self.matches(dates, "\(year)-02-29"))
            #expect(try !Self.matches(times, "\(year)-02-29T12:00:00Z"))
            #expect(try Self.matches(dates, "\(year)-02-28"))
            #expect(try Self.matches(times, "\(year)-03-01T23:59:59.9Z"))
            #expect(try !Self.matches(dates, "\(year)-02-27"))
            #expect(try Self.matches(times, "\(year)-02-27T13:00:00Z"))
        }
        // Leap days only of leap years inside a long range: 1896 and 1904 but not 1900.
        let longRange = DateBounds(lower: Self.date(Self.unixSecond(1896, 2, 29, 1)), upper: Self.date(Self.unixSecond(2401, 1, 1)))
        let long = try #require(try Self.matcher(DateTimeGrammar.fullDate(bounds: longRange)))
        for year in 1896...2400 {
            #expect(try Self.matches(long, "\(year)-02-29") == (CalendarDate.isLeapYear(year) && year > 1896), "\(year)")
        }
    }

    @Test("year boundary: after 23:59:59 through midnight")
    func yearBoundary() throws {
        let bounds = DateBounds(
            lower: Self.date(Self.unixSecond(1999, 12, 31, 23, 59, 59)), lowerIsInclusive: false,
            upper: Self.date(Self.unixSecond(2000, 1, 1)))
        let regex = try #require(try Self.matcher(DateTimeGrammar.dateTime(bounds: bounds)))
        for text in ["1999-12-31T23:59:59.001Z", "1999-12-31T23:59:59.5Z", "1999-12-31T23:59:59.999Z",
                     "2000-01-01T00:00:00Z", "2000-01-01T00:00:00.0Z", "2000-01-01T00:00:00.000Z"] {
            #expect(try Self.matches(regex, text), "\(text)")
        }
        for text in ["1999-12-31T23:59:59Z", "1999-12-31T23:59:59.000Z", "1999-12-31T23:59:59.0Z",
                     "2000-01-01T00:00:00.001Z", "2000-01-01T00:00:01Z", "1999-12-31T23:59:58.999Z", "1999-12-31T23:59:60Z"] {
            #expect(try !Self.matches(regex, text), "\(text)")
        }
        let years = DateBounds(lower: Self.date(Self.unixSecond(1999, 12, 31, 12)), upper: Self.date(Self.unixSecond(2000, 1, 1, 12)), upperIsInclusive: false)
        let across = try #require(try Self.matcher(DateTimeGrammar.dateTime(bounds: years)))
        #expect(try Self.matches(across, "1999-12-31T23:59:59.999Z"))
        #expect(try Self.matches(across, "2000-01-01T00:00:00Z"))
        #expect(try Self.matches(across, "2000-01-01T11:59:59.999Z"))
        #expect(try !Self.matches(across, "2000-01-01T12:00:00Z"))
        #expect(try !Self.matches(across, "1999-12-31T11:59:59.999Z"))
        // Equal inclusive ends: one instant, written with or without zero fractions.
        let instant = Self.date(Self.unixSecond(2024, 6, 1, 8, 30))
        let point = try #require(try Self.matcher(DateTimeGrammar.dateTime(bounds: DateBounds(lower: instant, upper: instant))))
        #expect(try Self.matches(point, "2024-06-01T08:30:00Z"))
        #expect(try Self.matches(point, "2024-06-01T08:30:00.00Z"))
        #expect(try !Self.matches(point, "2024-06-01T08:30:00.001Z"))
        #expect(DateTimeGrammar.dateTime(bounds: DateBounds(lower: instant, upper: instant, upperIsInclusive: false)) == nil)
    }

    // MARK: UUID

    @Test("UUIDs: lowercase 8-4-4-4-12 only")
    func uuids() throws {
        let regex = try #require(try Self.matcher(DateTimeGrammar.uuid()))
        var random = SplitMix64(seed: 9)
        for _ in 0..<50 {
            let text = UUID(uuid: (
                UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random),
                UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random),
                UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random),
                UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random),
                UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random),
                UInt8.random(in: 0...255, using: &random))).uuidString
            #expect(try Self.matches(regex, text.lowercased()), "\(text)")
            // Foundation writes uppercase, which the grammar never does (RFC 9562: lowercase output).
            #expect(try Self.matches(regex, text) == (text == text.lowercased()), "\(text)")
        }
        #expect(try Self.matches(regex, "123e4567-e89b-12d3-a456-426614174000"))
        for text in [
            "123E4567-e89b-12d3-a456-426614174000", "123e4567e89b12d3a456426614174000", "123e456-e89b-12d3-a456-426614174000",
            "123e45678-e89b-12d3-a456-426614174000", "123e4567-e89-12d3-a456-426614174000", "123e4567-e89b-12d3-a456-42661417400",
            "123e4567-e89b-12d3-a456-4266141740000", "123e4567-e89b-12d3-a456_426614174000", "g23e4567-e89b-12d3-a456-426614174000",
            "{123e4567-e89b-12d3-a456-426614174000}",
        ] {
            #expect(try !Self.matches(regex, text), "\(text)")
        }
    }

    // MARK: Size

    @Test("expressions stay compact: no enumeration of years or days")
    func sizes() throws {
        let lower = Self.date(Self.unixSecond(1987, 6, 15, 13, 45, 27))
        let upper = Self.date(Self.unixSecond(2187, 3, 9, 8, 12, 53))
        let twoCenturies = try #require(DateTimeGrammar.dateTime(bounds: DateBounds(lower: lower, lowerIsInclusive: false, upper: upper)))
        let twoCenturiesDates = try #require(DateTimeGrammar.fullDate(bounds: DateBounds(lower: lower, upper: upper)))
        let subSecond = try #require(DateTimeGrammar.dateTime(bounds: DateBounds(lower: lower.addingTimeInterval(0.25), upper: upper.addingTimeInterval(0.7501)), fractionDigits: 9))
        let sizes = [
            ("date", Self.nodeCount(try #require(DateTimeGrammar.fullDate(bounds: nil)))),
            ("date-time", Self.nodeCount(try #require(DateTimeGrammar.dateTime(bounds: nil)))),
            ("time", Self.nodeCount(DateTimeGrammar.fullTime())),
            ("uuid", Self.nodeCount(DateTimeGrammar.uuid())),
            ("date 1987-06-15...2187-03-09", Self.nodeCount(twoCenturiesDates)),
            ("date-time 1987-06-15T13:45:27Z<..2187-03-09T08:12:53Z", Self.nodeCount(twoCenturies)),
            ("date-time with sub-second bounds, 9 digits", Self.nodeCount(subSecond)),
        ]
        for (name, count) in sizes {
            #expect(count < 2_000, "\(name)")
        }
        #expect(Self.nodeCount(twoCenturies) < 600)
        let twoCenturiesRegex = try #require(try Self.matcher(twoCenturies))
        #expect(try Self.matches(twoCenturiesRegex, "2100-02-28T00:00:00Z"))
        #expect(try !Self.matches(twoCenturiesRegex, "2100-02-29T00:00:00Z"))
        #expect(try Self.matches(twoCenturiesRegex, "2096-02-29T00:00:00Z"))
    }
}
