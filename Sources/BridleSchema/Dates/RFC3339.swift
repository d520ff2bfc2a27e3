import Foundation

/// RFC 3339 (the internet profile of ISO 8601) date, time and date-time text, plus RFC 9562
/// UUID text: strict parsing, validation and formatting, as JSON Schema's `format` keyword
/// means them (`date`, `time`, `date-time`, `uuid`).
///
/// What is accepted is exactly RFC 3339 section 5.6:
///
///     date-time = full-date ("T" / "t") full-time
///     full-date = YYYY "-" MM "-" DD               ; a real Gregorian day, years 0000-9999
///     full-time = HH ":" MM ":" SS ["." 1*DIGIT] ("Z" / "z" / ("+" / "-") HH ":" MM)
///
/// with hour 00-23, minute 00-59, second 00-60 and offset 00:00-23:59. Nothing else: no
/// space for `T`, no missing offset, no week or ordinal dates, no surrounding whitespace,
/// only ASCII digits, exact field widths. `-00:00` ("offset unknown", RFC 3339 section 4.3)
/// is accepted and read as UTC.
///
/// Leap seconds: second 60 is accepted only where the time, converted to UTC, is 23:59:60,
/// the only place a leap second can be (this is what the JSON-Schema-Test-Suite checks). A
/// `Date` has no room for a 61st second, so a leap second parses to the instant right after
/// it, the POSIX reading: `1998-12-31T23:59:60Z` is the same `Date` as `1999-01-01T00:00:00Z`,
/// and `…23:59:60.5Z` the same as the next day's `00:00:00.5Z`.
///
/// Every function reads the UTF-8 bytes directly: no `DateFormatter`, `Calendar` or locale,
/// so results do not depend on the machine and parsing costs one pass over the text.
package enum RFC3339 {
    // MARK: - Validation

    /// Whether `text` is an RFC 3339 `date-time`.
    ///
    /// ```swift
    /// RFC3339.isValidDateTime("1998-12-31T15:59:60.123-08:00")   // true (23:59:60 in UTC)
    /// RFC3339.isValidDateTime("2026-11-22 04:38:23Z")            // false (space for T)
    /// ```
    package static func isValidDateTime(_ text: String) -> Bool {
        withBytes(of: text) { scanDateTime($0) != nil }
    }

    /// Whether `text` is an RFC 3339 `full-date`.
    ///
    /// ```swift
    /// RFC3339.isValidFullDate("2024-02-29")   // true
    /// RFC3339.isValidFullDate("2100-02-29")   // false (2100 is not a leap year)
    /// ```
    package static func isValidFullDate(_ text: String) -> Bool {
        withBytes(of: text) { bytes in
            var scanner = ByteScanner(bytes)
            return scanFullDate(&scanner) != nil && scanner.isAtEnd
        }
    }

    /// Whether `text` is an RFC 3339 `full-time`: a time of day with a UTC offset.
    ///
    /// ```swift
    /// RFC3339.isValidFullTime("23:20:50.52Z")     // true
    /// RFC3339.isValidFullTime("01:29:60+01:30")   // true (23:59:60 in UTC)
    /// RFC3339.isValidFullTime("12:00:00")         // false (no offset)
    /// ```
    package static func isValidFullTime(_ text: String) -> Bool {
        withBytes(of: text) { bytes in
            var scanner = ByteScanner(bytes)
            return scanFullTime(&scanner) != nil && scanner.isAtEnd
        }
    }

    /// Whether `text` is a UUID in its hyphenated text form: 8-4-4-4-12 hexadecimal digits,
    /// either case.
    ///
    /// Version and variant nibbles are not checked: JSON Schema's `uuid` format (and its test
    /// suite) accepts every version, including unassigned ones, and every variant.
    ///
    /// ```swift
    /// RFC3339.isValidUUID("2EB8AA08-aa98-11ea-b4aa-73b441d16380")   // true
    /// RFC3339.isValidUUID("2eb8aa08aa9811eab4aa73b441d16380")       // false (no hyphens)
    /// ```
    package static func isValidUUID(_ text: String) -> Bool {
        withBytes(of: text) { bytes in
            guard bytes.count == 36 else { return false }
            for (offset, byte) in bytes.enumerated() {
                switch offset {
                case 8, 13, 18, 23:
                    guard byte == UInt8(ascii: "-") else { return false }
                default:
                    guard byte.isASCIIHexDigit else { return false }
                }
            }
            return true
        }
    }

    // MARK: - Parsing

    /// The instant an RFC 3339 `date-time` names, or nil when `text` is not one.
    ///
    /// The result is `Date(timeIntervalSince1970:)` of the written Unix time rounded once,
    /// correctly, to a `Double`. Rounding in Unix time rather than in `Date`'s own reference
    /// time is deliberate: it gives back exactly the `Date` that `Date(timeIntervalSince1970:)`
    /// (and `JSONDecoder`'s `.millisecondsSince1970`) builds from the same number, which is
    /// how most whole-millisecond dates come to exist, so those survive a
    /// `formatDateTime` → `parseDateTime` round trip exactly and print with at most three
    /// fraction digits. Fraction digits beyond what a `Double` holds only affect rounding.
    ///
    /// ```swift
    /// RFC3339.parseDateTime("2026-11-22T04:38:23.5Z")?.timeIntervalSince1970        // 1795322303.5
    /// RFC3339.parseDateTime("2026-11-22T05:38:23.5+01:00")?.timeIntervalSince1970   // 1795322303.5
    /// RFC3339.parseDateTime("1998-12-31T23:59:60Z") == RFC3339.parseDateTime("1999-01-01T00:00:00Z")   // true
    /// RFC3339.parseDateTime("2026-11-22T04:38:23")                                   // nil (no offset)
    /// ```
    package static func parseDateTime(_ text: String) -> Date? {
        withBytes(of: text) { bytes in
            guard let (date, time) = scanDateTime(bytes) else { return nil }
            let seconds = date.daysSinceUnixEpoch * secondsPerDay + time.secondsIntoDayUTC
            let fraction = UnsafeBufferPointer(rebasing: bytes[time.fractionDigits])
            return Date(timeIntervalSince1970: unixTime(seconds: seconds, fractionDigits: fraction))
        }
    }

    /// Midnight UTC at the start of an RFC 3339 `full-date`, or nil when `text` is not one.
    ///
    /// ```swift
    /// RFC3339.parseFullDate("2026-11-22")?.timeIntervalSince1970   // 1795305600
    /// RFC3339.parseFullDate("2026-11-31")                          // nil
    /// ```
    package static func parseFullDate(_ text: String) -> Date? {
        withBytes(of: text) { bytes in
            var scanner = ByteScanner(bytes)
            guard let date = scanFullDate(&scanner), scanner.isAtEnd else { return nil }
            return Date(timeIntervalSince1970: Double(date.daysSinceUnixEpoch * secondsPerDay))
        }
    }

    // MARK: - Formatting

    /// `date` as an RFC 3339 `date-time` in UTC, or nil when its UTC year is outside
    /// 0000...9999 (which four year digits cannot write) or it is not finite.
    ///
    /// Fraction digits appear only when the second is not whole, and there are as few as
    /// make `parseDateTime` give back exactly `date`, at most nine. That is exact for every
    /// `Date` that `Date(timeIntervalSince1970:)` can produce more than about 97 days from
    /// 1970 (whole milliseconds take at most three digits). For other dates the result is the
    /// nearest nine-digit fraction, within a microsecond of `date` except for dates holding
    /// bits finer than any Unix-time `Double` can carry, which only exist where the reference
    /// time's binade is below the Unix time's: years 2514-2545, 3058-3089, 4147-4178 and
    /// 6325-6356 (see `anyDateRoundTripsClosely` in RFC3339Tests.swift). Those come back
    /// within one `Date` ulp, at most 15.3 µs.
    ///
    /// ```swift
    /// RFC3339.formatDateTime(Date(timeIntervalSince1970: 1795322303))       // "2026-11-22T04:38:23Z"
    /// RFC3339.formatDateTime(Date(timeIntervalSince1970: 1795322303.12))    // "2026-11-22T04:38:23.12Z"
    /// RFC3339.formatDateTime(Date(timeIntervalSince1970: -62_200_000_000))  // nil (year -1)
    /// ```
    package static func formatDateTime(_ date: Date) -> String? {
        guard let (seconds, fraction) = unixTimeFields(of: date) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(30)
        let days = floorDivide(seconds, by: secondsPerDay)
        appendDate(CalendarDate(daysSinceUnixEpoch: days), to: &bytes)
        let secondOfDay = Int(seconds - days * secondsPerDay)
        bytes.append(UInt8(ascii: "T"))
        appendDigits(secondOfDay / 3600, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(secondOfDay / 60 % 60, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(secondOfDay % 60, width: 2, to: &bytes)
        if !fraction.isEmpty {
            bytes.append(UInt8(ascii: "."))
            bytes.append(contentsOf: fraction)
        }
        bytes.append(UInt8(ascii: "Z"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The UTC calendar day `date` falls on as an RFC 3339 `full-date`, or nil when that day's
    /// year is outside 0000...9999 or `date` is not finite.
    ///
    /// ```swift
    /// RFC3339.formatFullDate(Date(timeIntervalSince1970: 1795322303))   // "2026-11-22"
    /// ```
    package static func formatFullDate(_ date: Date) -> String? {
        let referenceTime = date.timeIntervalSinceReferenceDate.rounded(.down)
        guard referenceTime >= earliestReferenceTime, referenceTime < endReferenceTime else { return nil }
        let seconds = Int64(referenceTime) + unixTimeOfReferenceDate
        var bytes: [UInt8] = []
        bytes.reserveCapacity(10)
        appendDate(CalendarDate(daysSinceUnixEpoch: floorDivide(seconds, by: secondsPerDay)), to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}

// MARK: - Scanning

extension RFC3339 {
    /// A `full-time` as written, checked against its ranges and the leap-second rule.
    struct FullTime {
        var hour: Int
        var minute: Int
        var second: Int
        /// Byte offsets of the digits after the decimal point; empty when there are none.
        var fractionDigits: Range<Int>
        /// Local time minus UTC, in minutes.
        var offsetMinutes: Int

        /// Whole seconds from the start of the written day to this time, in UTC: negative or
        /// past one day when the offset moves it to a neighbouring day, which is fine because
        /// callers add it to that day's own count of seconds.
        var secondsIntoDayUTC: Int64 {
            Int64(hour * 3600 + minute * 60 + second - offsetMinutes * 60)
        }
    }

    /// A cursor over UTF-8 bytes that only ever matches ASCII, so any non-ASCII byte (a
    /// Bengali digit, an en dash, a non-breaking space) simply fails to match.
    struct ByteScanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        var isAtEnd: Bool { position == bytes.count }

        /// Consumes exactly `count` ASCII digits and returns their value.
        mutating func number(digits count: Int) -> Int? {
            guard bytes.count - position >= count else { return nil }
            var value = 0
            for _ in 0..<count {
                let digit = bytes[position] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
                position += 1
            }
            return value
        }

        /// Consumes one or more ASCII digits and returns where they are.
        mutating func digitRun() -> Range<Int>? {
            let start = position
            while position < bytes.count, bytes[position] &- UInt8(ascii: "0") < 10 {
                position += 1
            }
            return position > start ? start..<position : nil
        }

        /// Consumes the next byte if it is one of `accepted`, and returns it.
        mutating func take(oneOf accepted: UInt8...) -> UInt8? {
            guard position < bytes.count, accepted.contains(bytes[position]) else { return nil }
            position += 1
            return bytes[position - 1]
        }
    }

    /// `full-date "T" full-time`, and nothing after it.
    static func scanDateTime(_ bytes: UnsafeBufferPointer<UInt8>) -> (CalendarDate, FullTime)? {
        var scanner = ByteScanner(bytes)
        guard let date = scanFullDate(&scanner),
            scanner.take(oneOf: UInt8(ascii: "T"), UInt8(ascii: "t")) != nil,
            let time = scanFullTime(&scanner),
            scanner.isAtEnd
        else { return nil }
        return (date, time)
    }

    /// `YYYY-MM-DD`, a real day.
    static func scanFullDate(_ scanner: inout ByteScanner) -> CalendarDate? {
        guard let year = scanner.number(digits: 4),
            scanner.take(oneOf: UInt8(ascii: "-")) != nil,
            let month = scanner.number(digits: 2),
            scanner.take(oneOf: UInt8(ascii: "-")) != nil,
            let day = scanner.number(digits: 2)
        else { return nil }
        return CalendarDate(year: year, month: month, day: day)
    }

    /// `HH:MM:SS[.frac]` and an offset, in range, with second 60 only at 23:59 UTC.
    static func scanFullTime(_ scanner: inout ByteScanner) -> FullTime? {
        guard let hour = scanner.number(digits: 2), hour <= 23,
            scanner.take(oneOf: UInt8(ascii: ":")) != nil,
            let minute = scanner.number(digits: 2), minute <= 59,
            scanner.take(oneOf: UInt8(ascii: ":")) != nil,
            let second = scanner.number(digits: 2), second <= 60
        else { return nil }

        var fractionDigits = scanner.position..<scanner.position
        if scanner.take(oneOf: UInt8(ascii: ".")) != nil {
            guard let digits = scanner.digitRun() else { return nil }
            fractionDigits = digits
        }

        let offsetMinutes: Int
        switch scanner.take(oneOf: UInt8(ascii: "Z"), UInt8(ascii: "z"), UInt8(ascii: "+"), UInt8(ascii: "-")) {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            offsetMinutes = 0
        case let sign?:
            guard let offsetHour = scanner.number(digits: 2), offsetHour <= 23,
                scanner.take(oneOf: UInt8(ascii: ":")) != nil,
                let offsetMinute = scanner.number(digits: 2), offsetMinute <= 59
            else { return nil }
            let magnitude = offsetHour * 60 + offsetMinute
            offsetMinutes = sign == UInt8(ascii: "-") ? -magnitude : magnitude
        case nil:
            return nil
        }

        if second == 60 {
            // Leap seconds are inserted at the end of a UTC day, so 60 is only possible when
            // the UTC time is 23:59, whatever the local time looks like. The date is not
            // checked: RFC 3339 leaves the leap-second table to the reader.
            let minuteOfDayUTC = (hour * 60 + minute - offsetMinutes) % minutesPerDay
            guard (minuteOfDayUTC + minutesPerDay) % minutesPerDay == minutesPerDay - 1 else { return nil }
        }
        return FullTime(
            hour: hour, minute: minute, second: second,
            fractionDigits: fractionDigits, offsetMinutes: offsetMinutes)
    }

    /// Runs `body` over the UTF-8 bytes of `text`, without copying them when the string
    /// already stores them contiguously (every native Swift string does).
    static func withBytes<Result>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        var text = text
        return text.withUTF8(body)
    }
}

// MARK: - Time arithmetic

extension RFC3339 {
    static let secondsPerDay: Int64 = 86_400
    static let minutesPerDay = 1440
    /// 2001-01-01T00:00:00Z, `Date`'s reference date, in Unix time. Kept as an integer (it is
    /// `Date.timeIntervalBetween1970AndReferenceDate`) so conversions between the two clocks
    /// stay exact.
    static let unixTimeOfReferenceDate: Int64 = 978_307_200
    /// 0000-01-01T00:00:00Z, the first instant RFC 3339 can write, in `Date` reference time.
    static let earliestReferenceTime =
        Double(CalendarDate(januaryFirstOf: 0).daysSinceUnixEpoch * secondsPerDay - unixTimeOfReferenceDate)
    /// 10000-01-01T00:00:00Z, the first instant after the last one RFC 3339 can write.
    static let endReferenceTime =
        Double(CalendarDate(januaryFirstOf: 10_000).daysSinceUnixEpoch * secondsPerDay - unixTimeOfReferenceDate)

    /// Rounds toward negative infinity, unlike `/`, so times before 1970 land on the right day.
    static func floorDivide(_ value: Int64, by divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }

    /// `seconds + 0.<fractionDigits>` as a `Double`, rounded once, correctly (ties to even).
    ///
    /// Adding a separately rounded fraction to `seconds` would round twice and could miss the
    /// nearest `Double` by one ulp, which is enough to break an exact round trip.
    ///
    /// For example `seconds: -1` with the digits `123` gives `-0.877`.
    static func unixTime(seconds: Int64, fractionDigits: UnsafeBufferPointer<UInt8>) -> Double {
        // Trailing zeros add nothing but would use up the exact fast path below.
        var significant = fractionDigits.count
        while significant > 0, fractionDigits[significant - 1] == UInt8(ascii: "0") {
            significant -= 1
        }
        guard significant > 0 else { return Double(seconds) }
        let digits = UnsafeBufferPointer(rebasing: fractionDigits[..<significant])

        // When seconds × 10ⁿ + fraction fits in a Double's 53-bit significand, both it and 10ⁿ
        // are exact, and IEEE division rounds their quotient once: the correctly rounded value.
        // This covers every millisecond-precision time, with no allocation.
        if significant <= 15 {
            let scale = powersOfTen[significant]
            let fraction = digits.reduce(Int64(0)) { $0 * 10 + Int64($1 &- UInt8(ascii: "0")) }
            let (scaled, overflow) = seconds.multipliedReportingOverflow(by: scale)
            // Bounding `scaled` first keeps the addition far from Int64's limits.
            if !overflow, scaled.magnitude <= 1 << 53 {
                let numerator = scaled + fraction
                if numerator.magnitude <= 1 << 53 {
                    return Double(numerator) / Double(scale)
                }
            }
        }

        // Otherwise let the C library's correctly rounded decimal conversion do it. A negative
        // time is written as its magnitude: seconds + 0.d₁…dₙ = -((|seconds| - 1) + 0.e₁…eₙ)
        // where e = 10ⁿ - d, digit by digit (nines' complement, then +1 on the last digit,
        // which is non-zero so nothing carries).
        var text = Array((seconds >= 0 ? "\(seconds)." : "-\(-(seconds + 1)).").utf8)
        text.reserveCapacity(text.count + significant)
        if seconds >= 0 {
            text.append(contentsOf: digits)
        } else {
            for (index, digit) in digits.enumerated() {
                let complement = (index == significant - 1 ? 10 : 9) - (digit - UInt8(ascii: "0"))
                text.append(UInt8(ascii: "0") + complement)
            }
        }
        // The text is a plain decimal by construction, so this cannot fail; the whole second
        // is the closest safe answer if it somehow did.
        return Double(String(decoding: text, as: UTF8.self)) ?? Double(seconds)
    }

    static let powersOfTen: [Int64] = (0...18).map { exponent in
        (0..<exponent).reduce(Int64(1)) { power, _ in power * 10 }
    }

    /// Unix seconds and fraction digits to write for `date`: the shortest (at most nine
    /// digits) that `parseDateTime` reads back as exactly `date`, else the nearest nine.
    /// Nil outside years 0000...9999.
    static func unixTimeFields(of date: Date) -> (seconds: Int64, fraction: [UInt8])? {
        let referenceTime = date.timeIntervalSinceReferenceDate
        let wholeReference = referenceTime.rounded(.down)
        guard wholeReference >= earliestReferenceTime, wholeReference < endReferenceTime else { return nil }
        let seconds = Int64(wholeReference) + unixTimeOfReferenceDate
        // Exact: both are multiples of referenceTime's ulp, and the difference is below one.
        let fraction = referenceTime - wholeReference
        guard fraction > 0 else { return (seconds, []) }

        // parseDateTime rounds to a Unix-time Double and then to a Date, so a candidate can only
        // come back as `date` if it lies within about an ulp of each; farther ones are skipped
        // without paying for the conversion. The factor of two covers binade edges.
        let reach = 2 * (date.timeIntervalSince1970.ulp + referenceTime.ulp)
        for digitCount in 1...9 {
            let scale = Double(powersOfTen[digitCount])
            let scaled = fraction * scale
            let nearest = scaled.rounded()
            // The nearest candidate first; the other neighbour only matters near a tie.
            for numerator in [nearest, scaled < nearest ? nearest - 1 : nearest + 1] {
                guard numerator > 0, numerator < scale, abs(numerator / scale - fraction) <= reach else { continue }
                let digits = fractionDigits(Int64(numerator), count: digitCount)
                let readBack = digits.withUnsafeBufferPointer { unixTime(seconds: seconds, fractionDigits: $0) }
                if Date(timeIntervalSince1970: readBack) == date {
                    return (seconds, digits)
                }
            }
        }

        // No short fraction reads back exactly (a time within about 97 days of 1970, or one
        // finer than Unix time can hold): write the nearest nanosecond.
        let nanoseconds = Int64((fraction * 1e9).rounded())
        if nanoseconds == 1_000_000_000 {
            let next = seconds + 1
            guard Double(next - unixTimeOfReferenceDate) < endReferenceTime else { return nil }
            return (next, [])
        }
        var digits = fractionDigits(nanoseconds, count: 9)
        while digits.last == UInt8(ascii: "0") {
            digits.removeLast()
        }
        return (seconds, digits)
    }

    /// `numerator` as exactly `count` ASCII digits, zero-padded on the left.
    static func fractionDigits(_ numerator: Int64, count: Int) -> [UInt8] {
        var digits = [UInt8](repeating: UInt8(ascii: "0"), count: count)
        var rest = numerator
        for index in digits.indices.reversed() {
            digits[index] += UInt8(rest % 10)
            rest /= 10
        }
        return digits
    }

    static func appendDate(_ date: CalendarDate, to bytes: inout [UInt8]) {
        appendDigits(date.year, width: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(date.month, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(date.day, width: 2, to: &bytes)
    }

    /// `value` (0 ≤ value < 10^width) as exactly `width` ASCII digits.
    static func appendDigits(_ value: Int, width: Int, to bytes: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<width {
            divisor *= 10
        }
        var rest = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor % 10))
            rest %= divisor
            divisor /= 10
        }
    }
}

extension UInt8 {
    fileprivate var isASCIIHexDigit: Bool {
        switch self {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"):
            true
        default:
            false
        }
    }
}
