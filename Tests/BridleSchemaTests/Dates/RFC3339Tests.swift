import Foundation
import Testing

@testable import BridleSchema
import BridleTestSupport

@Suite("RFC 3339 parsing and validation")
struct RFC3339ParsingTests {
    static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    @Test(
        "accepted date-times name the right instant",
        arguments: [
            ("2026-11-22T04:38:23Z", 1_795_322_303.0),
            ("2026-11-22t04:38:23z", 1_795_322_303.0),
            ("2026-11-22T05:38:23+01:00", 1_795_322_303.0),
            ("2026-11-21T23:08:23-05:30", 1_795_322_303.0),
            ("2026-11-22T04:38:23-00:00", 1_795_322_303.0),
            ("2026-11-22T04:38:23.5Z", 1_795_322_303.5),
            ("2026-11-22T04:38:23.123Z", 1_795_322_303.123),
            ("2026-11-22T04:38:23.120000000000Z", 1_795_322_303.12),
            ("1970-01-01T00:00:00Z", 0),
            ("1970-01-01T00:00:00.1Z", 0.1),
            ("1969-12-31T23:59:59.9Z", -0.1),
            ("1970-01-01T00:00:01.1234567890123456789Z", 1.1234567890123456789),
            ("1969-12-31T23:59:58.1234567890123456789Z", -1.8765432109876543211),
            ("0001-01-01T00:00:00.123456Z", -62_135_596_799.876544),
            ("0000-01-01T00:00:00Z", -62_167_219_200),
            ("9999-12-31T23:59:59.999Z", 253_402_300_799.999),
            ("2000-02-29T12:00:00Z", 951_825_600),
            // 9223 s × 10¹⁵ sits just under Int64.max; adding the fraction must not overflow.
            ("1970-01-01T02:33:43.999999999999999Z", 9_223.999999999999999),
            ("1970-01-01T02:33:43.999999999999999999999Z", 9_224),
            // The UTC instant may fall outside 0000...9999 even though the text is valid.
            ("0000-01-01T00:30:00+01:00", -62_167_221_000),
        ])
    func parsesDateTime(text: String, unixTime: Double) throws {
        #expect(RFC3339.isValidDateTime(text))
        let date = try #require(RFC3339.parseDateTime(text))
        #expect(date == Date(timeIntervalSince1970: unixTime), "\(date.timeIntervalSince1970)")
    }

    @Test(
        "rejected date-times",
        arguments: [
            "2026-02-30T00:00:00Z",  // February never has 30 days
            "2026-04-31T00:00:00Z",  // nor do April, June, September, November have 31
            "2026-06-31T00:00:00Z",
            "2023-02-29T00:00:00Z",  // not a leap year
            "1900-02-29T00:00:00Z",  // century not divisible by 400
            "2026-00-10T00:00:00Z", "2026-13-10T00:00:00Z", "2026-01-00T00:00:00Z", "2026-01-32T00:00:00Z",
            "2026-11-22T24:00:00Z",  // hour 24 is not RFC 3339
            "2026-11-22T23:60:00Z",
            "2026-11-22T23:59:61Z",
            "2026-11-22T22:59:60Z",  // a leap second only at 23:59 UTC…
            "2026-11-22T23:58:60Z",
            "2026-11-22T23:59:60+01:00",  // …which this is not: it is 22:59:60 UTC
            "2026-11-22T23:59:60-00:30",
            "2026-11-22T04:38:23",  // no offset
            "2026-11-22T04:38:23.5",
            "2026-11-22T04:38:23.Z",  // a decimal point needs digits
            "2026-11-22T04:38:23.",
            "2026-11-22T04:38:23,5Z",  // ISO 8601's comma is not RFC 3339
            "2026-11-22 04:38:23Z",  // RFC 3339 allows a space only as an application choice; JSON Schema does not
            "2026-11-22_04:38:23Z",
            "2026-11-2204:38:23Z",
            "2026-11-22T04:38Z",  // seconds are required
            "2026-11-22T4:38:23Z", "2026-11-22T04:8:23Z", "2026-11-22T04:38:3Z",
            "2026-11-22T04:38:23+24:00", "2026-11-22T04:38:23+01:60",
            "2026-11-22T04:38:23+0100", "2026-11-22T04:38:23+01", "2026-11-22T04:38:23+1:00",
            "2026-11-22T04:38:23Z+01:00", "2026-11-22T04:38:23ZZ",
            "2026-11-22T04:38:23UTC", "2026-11-22T04:38:23 Z",
            " 2026-11-22T04:38:23Z", "2026-11-22T04:38:23Z ", "2026-11-22T04:38:23Z\n", "2026-11-22T04:38:23Z\u{0}",
            "+2026-11-22T04:38:23Z", "-2026-11-22T04:38:23Z", "12026-11-22T04:38:23Z", "226-11-22T04:38:23Z",
            "２０２６-11-22T04:38:23Z",  // full-width digits
            "2026-11-22T0৪:38:23Z",  // a Bengali four
            "2026-11-22",
            "",
            "T",
        ])
    func rejectsDateTime(text: String) {
        #expect(!RFC3339.isValidDateTime(text))
        #expect(RFC3339.parseDateTime(text) == nil)
    }

    @Test(
        "full-date: accepted and rejected",
        arguments: [
            ("2024-02-29", true), ("2000-02-29", true), ("0000-02-29", true), ("1582-10-10", true), ("9999-12-31", true),
            ("2026-02-30", false), ("2026-04-31", false), ("2023-02-29", false), ("2100-02-29", false),
            ("2026-11-22T00:00:00Z", false), ("2026-11-22Z", false), ("2026-1-22", false), ("20261122", false),
            ("2026-W47-7", false), ("2026-326", false), ("2026/11/22", false), ("", false),
        ])
    func fullDate(text: String, valid: Bool) {
        #expect(RFC3339.isValidFullDate(text) == valid)
        #expect((RFC3339.parseFullDate(text) != nil) == valid)
    }

    @Test(
        "full-time: accepted and rejected",
        arguments: [
            ("04:38:23Z", true), ("04:38:23z", true), ("04:38:23.52+05:30", true), ("23:59:60Z", true),
            ("00:29:60-23:30", true), ("23:29:60+23:30", true), ("12:34:56-00:00", true),
            ("24:00:00Z", false), ("23:60:00Z", false), ("00:00:61Z", false), ("23:59:60+01:00", false),
            ("12:00:00", false), ("12:00:00.5", false), ("12:00:00.Z", false), ("12:00:00+01", false),
            ("T12:00:00Z", false), ("2026-11-22T12:00:00Z", false), ("", false),
        ])
    func fullTime(text: String, valid: Bool) {
        #expect(RFC3339.isValidFullTime(text) == valid)
    }

    @Test(
        "uuid: accepted and rejected",
        arguments: [
            ("2eb8aa08-aa98-11ea-b4aa-73b441d16380", true), ("2EB8AA08-AA98-11EA-B4AA-73B441D16380", true),
            ("00000000-0000-0000-0000-000000000000", true), ("ffffffff-ffff-ffff-ffff-ffffffffffff", true),
            ("2eb8aa08aa9811eab4aa73b441d16380", false), ("{2eb8aa08-aa98-11ea-b4aa-73b441d16380}", false),
            ("2eb8aa08-aa98-11ea-b4aa-73b441d1638g", false), ("2eb8aa08-aa98-11ea-b4aa-73b441d1638", false),
            ("2eb8aa0-8aa98-11ea-b4aa-73b441d16380", false), ("", false),
        ])
    func uuid(text: String, valid: Bool) {
        #expect(RFC3339.isValidUUID(text) == valid)
        // Foundation's parser is stricter about nothing we accept and looser about nothing we reject.
        #expect((UUID(uuidString: text) != nil) == valid)
    }

    @Test("mutated date-times never crash, and validation agrees with parsing")
    func mutationsAreConsistent() {
        let seeds = ["2026-11-22T04:38:23.123+05:30", "1998-12-31T23:59:60Z", "0000-01-01T00:00:00.999999999999999999-23:59"]
        let replacements = Array("0123456789:-+.TtZz 9৪é\u{0}".unicodeScalars)
        var generator = SplitMix64(seed: 0xF022)
        for _ in 0..<20_000 {
            var scalars = Array(seeds[Int.random(in: 0..<seeds.count, using: &generator)].unicodeScalars)
            for _ in 0...Int.random(in: 0...2, using: &generator) {
                let index = Int.random(in: 0..<scalars.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: scalars[index] = replacements[Int.random(in: 0..<replacements.count, using: &generator)]
                case 1: scalars.insert(replacements[Int.random(in: 0..<replacements.count, using: &generator)], at: index)
                default: if scalars.count > 1 { scalars.remove(at: index) }
                }
            }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            let parsed = RFC3339.parseDateTime(text)
            #expect(RFC3339.isValidDateTime(text) == (parsed != nil), "\(text.debugDescription)")
            // A parsed date is a Unix-time Double's Date, so it formats back exactly, except within
            // 2²³ s of 1970 where that Double resolves below the nanosecond nine digits can write.
            if let parsed, let formatted = RFC3339.formatDateTime(parsed) {
                let back = RFC3339.parseDateTime(formatted) ?? .distantPast
                let nearUnixEpoch = abs(parsed.timeIntervalSince1970) < 0x1p23
                #expect(back == parsed || nearUnixEpoch && abs(back.timeIntervalSince(parsed)) <= 1e-9, "\(text.debugDescription) → \(formatted)")
            }
        }
    }

    @Test("a leap second is the instant after 23:59:59, in any offset")
    func leapSecondIsTheNextInstant() throws {
        let leap = try #require(RFC3339.parseDateTime("1998-12-31T23:59:60Z"))
        #expect(leap == RFC3339.parseDateTime("1999-01-01T00:00:00Z"))
        #expect(RFC3339.parseDateTime("1998-12-31T15:59:60.123-08:00") == RFC3339.parseDateTime("1999-01-01T00:00:00.123Z"))
        #expect(RFC3339.parseDateTime("1999-01-01T05:29:60+05:30") == leap)
        #expect(RFC3339.formatDateTime(leap) == "1999-01-01T00:00:00Z")
    }

    @Test("second 60 is valid exactly where the offset puts it at 23:59 UTC, for every offset")
    func leapSecondForEveryOffset() {
        for offset in -(23 * 60 + 59)...(23 * 60 + 59) {
            let sign = offset < 0 ? "-" : "+"
            let offsetText = sign + Self.twoDigits(abs(offset) / 60) + ":" + Self.twoDigits(abs(offset) % 60)
            // Local minute of day that is 23:59 in UTC.
            let leapMinute = ((23 * 60 + 59 + offset) % 1440 + 1440) % 1440
            for minuteOfDay in [leapMinute, (leapMinute + 1) % 1440, (leapMinute + 1439) % 1440] {
                let time = Self.twoDigits(minuteOfDay / 60) + ":" + Self.twoDigits(minuteOfDay % 60) + ":60" + offsetText
                #expect(RFC3339.isValidFullTime(time) == (minuteOfDay == leapMinute), "\(time)")
                #expect(RFC3339.isValidDateTime("2016-12-31T" + time) == (minuteOfDay == leapMinute), "\(time)")
            }
        }
    }

    @Test("every day of a year is valid, and only those", arguments: [1900, 2000, 2024, 2100])
    func everyDayOfYear(year: Int) throws {
        // Written out rather than computed, so the test does not share the code's leap rule.
        let februaryLength = [1900: 28, 2000: 29, 2024: 29, 2100: 28][year] ?? 0
        let monthLengths = [31, februaryLength, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

        var previous = try #require(RFC3339.parseFullDate("\(year - 1)-12-31"))
        var daysSeen = 0
        for (monthIndex, length) in monthLengths.enumerated() {
            for day in 1...31 {
                let text = "\(year)-\(Self.twoDigits(monthIndex + 1))-\(Self.twoDigits(day))"
                let valid = day <= length
                #expect(RFC3339.isValidFullDate(text) == valid, "\(text)")
                #expect(RFC3339.isValidDateTime(text + "T12:00:00Z") == valid, "\(text)")
                guard valid else {
                    #expect(RFC3339.parseFullDate(text) == nil, "\(text)")
                    continue
                }
                let date = try #require(RFC3339.parseFullDate(text), "\(text)")
                // Consecutive valid days are exactly one day apart, with no gap or overlap.
                #expect(date.timeIntervalSince(previous) == 86_400, "\(text)")
                #expect(RFC3339.formatFullDate(date) == text)
                #expect(RFC3339.formatDateTime(date) == text + "T00:00:00Z")
                previous = date
                daysSeen += 1
            }
        }
        #expect(daysSeen == (februaryLength == 29 ? 366 : 365))
        #expect(RFC3339.parseFullDate("\(year + 1)-01-01")?.timeIntervalSince(previous) == 86_400)
    }

    @Test("the calendar arithmetic agrees with Foundation's Gregorian calendar after 1582")
    func calendarMatchesFoundation() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        var generator = SplitMix64(seed: 0x0DA7_E5)
        for _ in 0..<2_000 {
            // 1600-01-01 to 9999-12-31, whole seconds.
            let seconds = Int64.random(in: -11_676_096_000...253_402_300_799, using: &generator)
            let date = Date(timeIntervalSince1970: Double(seconds))
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            let expected =
                "\(try #require(parts.year))-\(Self.twoDigits(try #require(parts.month)))-\(Self.twoDigits(try #require(parts.day)))"
                + "T\(Self.twoDigits(try #require(parts.hour))):\(Self.twoDigits(try #require(parts.minute))):\(Self.twoDigits(try #require(parts.second)))Z"
            #expect(RFC3339.formatDateTime(date) == expected, "\(seconds)")
        }
    }

    @Test("random offsets name the same instant as the UTC form")
    func offsetsAgreeWithUTC() throws {
        var generator = SplitMix64(seed: 0x0FF5E7)
        for _ in 0..<5_000 {
            // 0002-01-01 to 9998-12-31, so the local time stays within four-digit years.
            let utcSeconds = Int64.random(in: -62_104_060_800...253_370_764_799, using: &generator)
            let offsetMinutes = Int64.random(in: -1439...1439, using: &generator)
            let fraction = String((0..<Int.random(in: 0...12, using: &generator)).map { _ in
                Character(String(Int.random(in: 0...9, using: &generator)))
            })
            let fractionText = fraction.isEmpty ? "" : "." + fraction

            let utcWhole = try #require(RFC3339.formatDateTime(Date(timeIntervalSince1970: Double(utcSeconds))))
            let localWhole = try #require(RFC3339.formatDateTime(Date(timeIntervalSince1970: Double(utcSeconds + offsetMinutes * 60))))
            let sign = offsetMinutes < 0 ? "-" : "+"
            let offsetText = sign + Self.twoDigits(Int(abs(offsetMinutes) / 60)) + ":" + Self.twoDigits(Int(abs(offsetMinutes) % 60))
            let utcText = utcWhole.dropLast() + fractionText + "Z"
            let localText = localWhole.dropLast() + fractionText + offsetText

            let utc = try #require(RFC3339.parseDateTime(String(utcText)), "\(utcText)")
            let local = try #require(RFC3339.parseDateTime(String(localText)), "\(localText)")
            #expect(utc == local, "\(utcText) vs \(localText)")
            #expect(RFC3339.isValidFullTime(String(localText.dropFirst(11))), "\(localText)")
        }
    }
}

@Suite("RFC 3339 formatting")
struct RFC3339FormattingTests {
    @Test(
        "formats UTC with the fewest fraction digits",
        arguments: [
            (1_795_322_303.0, "2026-11-22T04:38:23Z"),
            (1_795_322_303.5, "2026-11-22T04:38:23.5Z"),
            (1_795_322_303.12, "2026-11-22T04:38:23.12Z"),
            (1_795_322_303.001, "2026-11-22T04:38:23.001Z"),
            (0, "1970-01-01T00:00:00Z"),
            (-0.001, "1969-12-31T23:59:59.999Z"),
            (-62_167_219_200, "0000-01-01T00:00:00Z"),
            (253_402_300_799.999, "9999-12-31T23:59:59.999Z"),
            (951_782_400, "2000-02-29T00:00:00Z"),
        ])
    func formats(unixTime: Double, expected: String) {
        #expect(RFC3339.formatDateTime(Date(timeIntervalSince1970: unixTime)) == expected)
    }

    @Test("Foundation's distant dates are inside the writable range")
    func distantDates() {
        // distantPast is 0001-01-01 in Foundation's Julian-before-1582 calendar, which is two
        // days earlier in the proleptic Gregorian calendar RFC 3339 uses.
        #expect(RFC3339.formatDateTime(.distantPast) == "0000-12-30T00:00:00Z")
        #expect(RFC3339.formatDateTime(.distantFuture) == "4001-01-01T00:00:00Z")
    }

    @Test(
        "dates RFC 3339 cannot write give nil",
        arguments: [
            -62_167_219_200.001,  // 0000-01-01 minus a millisecond: year -1
            -1e15,
            253_402_300_800,  // 10000-01-01
            1e300,
            .infinity,
            -.infinity,
            .nan,
        ])
    func outOfRange(unixTime: Double) {
        let date = Date(timeIntervalSince1970: unixTime)
        #expect(RFC3339.formatDateTime(date) == nil)
        #expect(RFC3339.formatFullDate(date) == nil)
    }

    @Test("formatFullDate is the UTC calendar day")
    func fullDateFormatting() {
        #expect(RFC3339.formatFullDate(Date(timeIntervalSince1970: 1_795_322_303)) == "2026-11-22")
        #expect(RFC3339.formatFullDate(Date(timeIntervalSince1970: -0.5)) == "1969-12-31")
        #expect(RFC3339.formatFullDate(Date(timeIntervalSince1970: -62_167_219_200)) == "0000-01-01")
        #expect(RFC3339.formatFullDate(Date(timeIntervalSince1970: 253_402_300_799.9)) == "9999-12-31")
    }

    @Test("random whole-millisecond dates in 0001...9999 round-trip exactly, with at most three digits")
    func wholeMillisecondsRoundTrip() throws {
        var generator = SplitMix64(seed: 0x3339)
        for _ in 0..<20_000 {
            // 0001-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z, in milliseconds.
            let milliseconds = Int64.random(in: -62_135_596_800_000...253_402_300_799_999, using: &generator)
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            let text = try #require(RFC3339.formatDateTime(date), "\(milliseconds)")
            #expect(RFC3339.parseDateTime(text) == date, "\(milliseconds) → \(text)")

            let millisecond = (milliseconds % 1000 + 1000) % 1000
            var fraction = millisecond == 0 ? "" : "." + String(millisecond + 1000).dropFirst()
            while fraction.hasSuffix("0") {
                fraction.removeLast()
            }
            #expect(text.hasSuffix(fraction + "Z") && text.count == 20 + fraction.count, "\(milliseconds) → \(text)")
        }
    }

    @Test("random Unix-time Doubles round-trip exactly")
    func unixTimeDoublesRoundTrip() throws {
        var generator = SplitMix64(seed: 0x1970)
        for _ in 0..<20_000 {
            // Randomize the low significand bits too: Double.random(in:) alone stays on a coarse grid.
            let coarse = Double.random(in: -62_167_219_200..<253_402_300_800, using: &generator)
            let unixTime = Double(bitPattern: coarse.bitPattern ^ (generator.next() & 0xF_FFFF))
            guard unixTime >= -62_167_219_200, unixTime < 253_402_300_800 else { continue }
            // Within 2²³ s (97 days) of 1970 a Double resolves below a nanosecond; nine digits cannot say it.
            guard abs(unixTime) >= 0x1p23 else { continue }
            let date = Date(timeIntervalSince1970: unixTime)
            let text = try #require(RFC3339.formatDateTime(date), "\(unixTime)")
            #expect(RFC3339.parseDateTime(text) == date, "\(unixTime) → \(text)")
        }
    }

    @Test("any date round-trips within a microsecond, or one Date ulp in the documented windows")
    func anyDateRoundTripsClosely() throws {
        // Instants a Date can hold but no Unix-time Double can reach exist only where the
        // reference time sits in a lower binade than the Unix time: [2ᵏ - C, 2ᵏ) for the
        // reference time, C = 978307200 s. From k = 34 (years 2513-2545) the ulp there exceeds 1 µs.
        let gap = Double(RFC3339.unixTimeOfReferenceDate)
        let windows = (34...37).map { exponent in (Double(1 << exponent) - gap)..<Double(1 << exponent) }

        var generator = SplitMix64(seed: 0xD47E)
        var outsideMicrosecond = 0
        for _ in 0..<20_000 {
            // Double.random(in:) only yields multiples of range/2⁵², coarser than a Date's ulp in
            // most of the range, so randomize the low significand bits as well.
            let coarse = Double.random(in: RFC3339.earliestReferenceTime..<RFC3339.endReferenceTime, using: &generator)
            let referenceTime = Double(bitPattern: coarse.bitPattern ^ (generator.next() & 0xF_FFFF))
            guard referenceTime >= RFC3339.earliestReferenceTime, referenceTime < RFC3339.endReferenceTime else { continue }
            let date = Date(timeIntervalSinceReferenceDate: referenceTime)
            let text = try #require(RFC3339.formatDateTime(date), "\(referenceTime)")
            let back = try #require(RFC3339.parseDateTime(text), "\(text)")
            let error = abs(back.timeIntervalSinceReferenceDate - referenceTime)
            if error > 1e-6 {
                outsideMicrosecond += 1
                #expect(windows.contains { $0.contains(referenceTime) }, "\(referenceTime) → \(text): off by \(error)")
                #expect(error <= referenceTime.ulp, "\(referenceTime) → \(text): off by \(error)")
            }
        }
        // The windows are about 0.6 % of the range and half their instants are reachable.
        #expect(outsideMicrosecond < 200)
    }

    @Test("a fraction longer than a Double holds rounds to the nearest representable instant")
    func longFractions() throws {
        let nines = try #require(RFC3339.parseDateTime("1985-04-12T00:59:59.999999999999999Z"))
        let next = try #require(RFC3339.parseDateTime("1985-04-12T01:00:00Z"))
        #expect(abs(nines.timeIntervalSince(next)) < 1e-6)
        let long = "2026-11-22T04:38:23." + String(repeating: "1", count: 5_000) + "Z"
        #expect(RFC3339.parseDateTime(long) == RFC3339.parseDateTime("2026-11-22T04:38:23.111111111111111111111Z"))
    }
}
