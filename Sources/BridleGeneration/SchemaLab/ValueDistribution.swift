import BridleSchema

/// How the answers' values at one path are spread: their JSON kinds, the commonest values,
/// numbers and lengths as histograms, and dates' range.
///
/// ```swift
/// report.paths.first { $0.path == "#/genre" }?.values.frequencies.first   // {"value": "\"drama\"", "count": 21}
/// ```
public struct ValueDistribution: Sendable, Hashable, Codable {
    /// Answers that hold a value here.
    public var count: Int
    /// How many of them are each JSON kind (`string`, `number`, `boolean`, `null`, `array`, `object`).
    public var kinds: [String: Int]
    /// Different values among them (JSON equality: `1` is `1.0`, key order aside).
    public var distinct: Int
    /// The commonest values as JSON text, most common first (at most ``frequenciesKept``;
    /// objects and arrays are left out: their parts have paths of their own).
    public var frequencies: [Frequency]
    /// The numbers' range and histogram, when any value is a number.
    public var numbers: NumberSummary?
    /// Strings' lengths in characters, or arrays' element counts.
    public var lengths: NumberSummary?
    /// When strings are dates (`YYYY-MM-DD`, alone or starting a date-time): their range by day.
    public var dates: DateSummary?

    public static let frequenciesKept = 10

    public struct Frequency: Sendable, Hashable, Codable {
        public var value: String
        public var count: Int
    }

    /// Collects the values one path holds across answers.
    struct Builder {
        private var values: [GeneratedContent] = []

        mutating func add(_ value: GeneratedContent) { values.append(value) }

        var distribution: ValueDistribution {
            var kinds: [String: Int] = [:]
            // Keyed by bytes: Swift's `String ==` is canonical equivalence, JSON's is code points.
            var counts: [[UInt8]: (value: String, count: Int, first: Int)] = [:]
            var distinct: Set<[UInt8]> = []
            var numbers: [Double] = []
            var integers = true
            var lengths: [Double] = []
            var days: [Int] = []
            var strings = 0
            for (index, value) in values.enumerated() {
                let key = Array(JSONEquality.canonicalText(value).utf8)
                distinct.insert(key)
                switch value.kind {
                case .null: kinds["null", default: 0] += 1
                case .bool: kinds["boolean", default: 0] += 1
                case .number(let number):
                    kinds["number", default: 0] += 1
                    if let double = number.double, double.isFinite {
                        numbers.append(double)
                        integers = integers && number.isIntegerLiteral
                    }
                case .string(let text):
                    kinds["string", default: 0] += 1
                    strings += 1
                    lengths.append(Double(text.count))
                    if let day = CivilDay(text) { days.append(day.number) }
                case .array(let elements):
                    kinds["array", default: 0] += 1
                    lengths.append(Double(elements.count))
                case .structure:
                    kinds["object", default: 0] += 1
                }
                switch value.kind {
                case .array, .structure: break
                default:
                    let seen = counts[key] ?? (value.jsonString, 0, index)
                    counts[key] = (seen.value, seen.count + 1, seen.first)
                }
            }
            let frequencies = counts.values.sorted { $0.count > $1.count || ($0.count == $1.count && $0.first < $1.first) }
                .prefix(ValueDistribution.frequenciesKept).map { Frequency(value: $0.value, count: $0.count) }
            return ValueDistribution(
                count: values.count, kinds: kinds, distinct: distinct.count, frequencies: Array(frequencies),
                numbers: NumberSummary(numbers, integers: integers), lengths: NumberSummary(lengths, integers: true),
                dates: strings > 0 && days.count == strings ? DateSummary(days) : nil)
        }
    }
}

/// A set of numbers' range, mean and histogram.
public struct NumberSummary: Sendable, Hashable, Codable {
    public var minimum: Double
    public var maximum: Double
    public var mean: Double
    /// Equal-width bins from ``minimum`` to ``maximum`` (one per whole number when the values
    /// are integers a few apart), each with the values in `[lower, upper)`; the last includes
    /// its upper bound.
    public var histogram: [HistogramBin]

    /// The most bins a histogram has.
    public static let bins = 10

    init?(_ values: [Double], integers: Bool) {
        guard let minimum = values.min(), let maximum = values.max() else { return nil }
        self.minimum = minimum
        self.maximum = maximum
        mean = values.reduce(0, +) / Double(values.count)
        histogram = HistogramBin.bins(of: values, from: minimum, to: maximum, integers: integers)
    }
}

/// One bar of a histogram: the values in `[lower, upper)` (the last bar's upper bound included).
public struct HistogramBin: Sendable, Hashable, Codable {
    public var lower: Double
    public var upper: Double
    public var count: Int

    static func bins(of values: [Double], from minimum: Double, to maximum: Double, integers: Bool) -> [HistogramBin] {
        let width: Double
        let count: Int
        if integers, maximum - minimum < Double(NumberSummary.bins) {
            width = 1
            count = Int(maximum - minimum) + 1
        } else if maximum > minimum {
            width = (maximum - minimum) / Double(NumberSummary.bins)
            count = NumberSummary.bins
        } else {
            return [HistogramBin(lower: minimum, upper: maximum, count: values.count)]
        }
        var bins = (0..<count).map { HistogramBin(lower: minimum + Double($0) * width, upper: minimum + Double($0 + 1) * width, count: 0) }
        bins[count - 1].upper = Swift.max(bins[count - 1].upper, maximum)
        for value in values {
            var index = Swift.min(Swift.max(Int(((value - minimum) / width).rounded(.down)), 0), count - 1)
            // The division and the stated bounds round apart near a bound: the bounds decide.
            while index > 0, value < bins[index].lower { index -= 1 }
            while index < count - 1, value >= bins[index].upper { index += 1 }
            bins[index].count += 1
        }
        return bins
    }
}

/// Dates' range, by calendar day, with a histogram whose bounds are days since 1970-01-01.
public struct DateSummary: Sendable, Hashable, Codable {
    /// The earliest and latest, as `YYYY-MM-DD`.
    public var earliest: String
    public var latest: String
    public var histogram: [HistogramBin]

    init?(_ days: [Int]) {
        guard let first = days.min(), let last = days.max() else { return nil }
        earliest = CivilDay(number: first).text
        latest = CivilDay(number: last).text
        histogram = HistogramBin.bins(of: days.map(Double.init), from: Double(first), to: Double(last), integers: true)
    }
}

/// A proleptic Gregorian date as a day number (days since 1970-01-01), without Foundation's
/// calendars: a report must read the same in every time zone.
struct CivilDay {
    let number: Int

    init(number: Int) { self.number = number }

    /// The day `text` starts with (`2024-02-29`, `2024-02-29T10:00:00Z`); `nil` when it starts
    /// with no real date.
    init?(_ text: String) {
        let scalars = Array(text.utf8.prefix(11))
        guard scalars.count >= 10, scalars[4] == UInt8(ascii: "-"), scalars[7] == UInt8(ascii: "-"),
            scalars.count == 10 || scalars[10] == UInt8(ascii: "T") || scalars[10] == UInt8(ascii: " ")
        else { return nil }
        func digits(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(scalars[index]) else { return nil }
                value = value * 10 + Int(scalars[index] - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = digits(0..<4), let month = digits(5..<7), let day = digits(8..<10), (1...12).contains(month), day >= 1,
            day <= Self.days(inMonth: month, year: year)
        else { return nil }
        // Days from civil (the era algorithm): years start in March, so February's leap day is last.
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        number = era * 146_097 + dayOfEra - 719_468
    }

    var text: String {
        let shifted = number + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func padded(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: Swift.max(width - text.count, 0)) + text
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
