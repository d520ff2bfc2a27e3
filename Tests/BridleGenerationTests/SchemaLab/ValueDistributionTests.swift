import BridleSchema
import BridleTestSupport
import Foundation
import Testing
@testable import BridleGeneration

@Suite struct ValueDistributionTests {
    // MARK: - Civil days

    static var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    static func text(_ components: DateComponents) -> String {
        String(format: "%04d-%02d-%02d", components.year!, components.month!, components.day!)
    }

    /// Every day from 1600-01-01 to 2400-12-31, both ways, against Foundation's Gregorian
    /// calendar in UTC.
    @Test func everyDayAgreesWithFoundation() throws {
        let calendar = Self.utc
        let first = try #require(calendar.date(from: DateComponents(year: 1600, month: 1, day: 1)))
        let last = try #require(calendar.date(from: DateComponents(year: 2400, month: 12, day: 31)))
        let firstDay = Int((first.timeIntervalSince1970 / 86_400).rounded())
        let lastDay = Int((last.timeIntervalSince1970 / 86_400).rounded())
        #expect(lastDay - firstDay + 1 == 292_560)
        var failures = 0
        for number in firstDay...lastDay {
            let components = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: Double(number) * 86_400))
            let text = Self.text(components)
            let read = CivilDay(text)?.number
            let written = CivilDay(number: number).text
            if read != number || written != text {
                failures += 1
                if failures <= 5 { Issue.record("day \(number): Foundation says \(text); CivilDay reads \(String(describing: read)), writes \(written)") }
            }
        }
        #expect(failures == 0)
    }

    @Test(arguments: [
        ("1970-01-01", 0), ("1969-12-31", -1), ("2000-02-29", 11_016), ("2024-02-29", 19_782), ("0000-03-01", -719_468),
        ("9999-12-31", 2_932_896),
    ])
    func knownDayNumbers(text: String, number: Int) {
        #expect(CivilDay(text)?.number == number)
        #expect(CivilDay(number: number).text == text)
    }

    @Test(arguments: [
        "2023-02-29", "1900-02-29", "2024-13-01", "2024-00-10", "2024-01-00", "2024-01-32", "2024-04-31", "2024-1-01", "2024-01-1",
        "24-01-01", "2024/01/01", "abcd-01-01", "2024-0a-01", "2024-01-0x", "+024-01-01", "-024-01-01", "", "2024", "2024-01-01x",
        " 2024-01-01", "２０２４-01-01", "2024-01-01\u{301}",
    ])
    func notADate(text: String) {
        #expect(CivilDay(text) == nil, "\(text)")
    }

    @Test(arguments: [
        ("2024-02-29T10:00:00Z", "2024-02-29"), ("2024-02-29T", "2024-02-29"), ("2024-12-31 23:59", "2024-12-31"),
        ("2000-01-01T00:00:00+14:00", "2000-01-01"), ("2024-02-29", "2024-02-29"),
    ])
    func dateTimesAreTheirDay(text: String, day: String) {
        #expect(CivilDay(text).map { CivilDay(number: $0.number).text } == day)
    }

    // MARK: - Histograms

    /// Counts each bin by brute force: the values in `[lower, upper)`, the last bin's upper bound
    /// included. With `slack`, a value that far from a bound may be on either side of it.
    static func checkBins(_ bins: [HistogramBin], _ values: [Double], slack: Double = 0, _ context: String) {
        #expect(bins.reduce(0) { $0 + $1.count } == values.count, "\(context): counts sum to the values")
        #expect(!bins.isEmpty && bins.count <= NumberSummary.bins, "\(context): \(bins.count) bins")
        for (index, bin) in bins.enumerated() {
            let isLast = index == bins.count - 1
            func inside(_ margin: Double) -> Int {
                values.filter { bin.lower + margin <= $0 && ($0 < bin.upper - margin || (isLast && $0 <= bin.upper - margin)) }.count
            }
            let surely = inside(slack), maybe = inside(-slack)
            #expect(surely <= bin.count && bin.count <= maybe, "\(context): bin \(index) [\(bin.lower), \(bin.upper)] holds \(surely)...\(maybe) values, counts \(bin.count)")
            if !isLast { #expect(bin.upper == bins[index + 1].lower, "\(context): bins \(index) and \(index + 1) meet") }
        }
        #expect(bins.first?.lower == values.min(), "\(context): starts at the minimum")
    }

    @Test(arguments: 0..<300 as Range<UInt64>)
    func everyValueLiesInItsBin(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let count = Int.random(in: 1...60, using: &random)
        let style = seed % 5
        let values: [Double] = (0..<count).map { _ in
            switch style {
            case 0: Double.random(in: -1e3...1e3, using: &random)
            // On a decimal grid: values land on bin bounds computed in floating point.
            case 1: Double(Int.random(in: 0...100, using: &random)) / 10
            case 2: Double(Int.random(in: -3...40, using: &random)) * 0.3 + 0.1
            case 3: Double(Int.random(in: -1_000...1_000, using: &random)) * 1e-7
            default: Double(Int.random(in: 0...7, using: &random)) / 7
            }
        }
        let summary = try #require(NumberSummary(values, integers: false))
        #expect(summary.minimum == values.min() && summary.maximum == values.max())
        #expect(abs(summary.mean - values.reduce(0, +) / Double(count)) <= 1e-9 * max(1, abs(summary.mean)))
        // Bounds are computed as minimum + i × width and a value's bin as ⌊(value − minimum) / width⌋:
        // the two can disagree by an ulp (see `binBoundsAgreeExactlyWithCounts`).
        let slack = 1e-12 * max(summary.maximum - summary.minimum, 1e-300)
        Self.checkBins(summary.histogram, values, slack: slack, "seed \(seed) \(values)")
        if summary.minimum < summary.maximum { #expect(summary.histogram.count == NumberSummary.bins) }
    }

    /// A value on (or an ulp from) a bound is counted in the bin whose stated bounds hold it,
    /// and the last bin's upper bound is the maximum, though minimum + 10 × width can fall an
    /// ulp short (`0.9999999999999999` for a maximum of 1).
    @Test(arguments: [
        // 4.6 counted in bin 3, stated as [3.7, 4.6).
        [5.5, 5.3, 7.4, 7.8, 5.4, 4.7, 8.5, 1.0, 10.0, 2.0, 4.6, 3.7, 2.2],
        // 3.4 counted in bin 0, stated as [2.5, 3.4).
        [3.4, 3.1, 11.5, 2.5, 3.6999999999999997],
        // The last bin stated as [0.9285714285714285, 0.9999999999999999], holding 1.0.
        [0.2857142857142857, 0.5714285714285714, 1.0],
    ])
    func binBoundsAgreeExactlyWithCounts(values: [Double]) throws {
        let summary = try #require(NumberSummary(values, integers: false))
        Self.checkBins(summary.histogram, values, "\(values)")
        #expect(summary.histogram.last?.upper == summary.maximum)
    }

    @Test(arguments: 0..<200 as Range<UInt64>)
    func integersAFewApartGetOneBinEach(seed: UInt64) throws {
        var random = SplitMix64(seed: seed &+ 40)
        let low = Int.random(in: -50...50, using: &random)
        let spread = Int.random(in: 0...25, using: &random)
        let values = (0..<Int.random(in: 1...40, using: &random)).map { _ in Double(low + Int.random(in: 0...spread, using: &random)) }
        let summary = try #require(NumberSummary(values, integers: true))
        let minimum = values.min()!, maximum = values.max()!
        Self.checkBins(summary.histogram, values, slack: 1e-9, "seed \(seed) \(values)")
        if maximum - minimum < Double(NumberSummary.bins) {
            #expect(summary.histogram.count == Int(maximum - minimum) + 1)
            for (index, bin) in summary.histogram.enumerated() {
                #expect(bin.lower == minimum + Double(index) && bin.upper == bin.lower + 1)
                #expect(bin.count == values.filter { $0 == bin.lower }.count)
            }
        } else {
            #expect(summary.histogram.count == NumberSummary.bins)
        }
    }

    @Test(arguments: [[5.0], [5, 5, 5], [-0.25], [1e300, 1e300]] as [[Double]])
    func oneValueOneBin(values: [Double]) throws {
        for integers in [false, true] where !integers || values.allSatisfy({ $0 == $0.rounded() }) {
            let summary = try #require(NumberSummary(values, integers: integers))
            #expect(summary.histogram == [HistogramBin(lower: values[0], upper: integers ? values[0] + 1 : values[0], count: values.count)])
        }
    }

    @Test func noValuesNoSummary() {
        #expect(NumberSummary([], integers: true) == nil)
        #expect(NumberSummary([], integers: false) == nil)
    }

    // MARK: - Distributions

    static func distribution(_ values: [GeneratedContent]) -> ValueDistribution {
        var builder = ValueDistribution.Builder()
        for value in values { builder.add(value) }
        return builder.distribution
    }

    static func json(_ text: String) -> GeneratedContent { try! GeneratedContent(json: text) }

    @Test func frequenciesByCountThenFirstAppearance() {
        let values = ["\"b\"", "1", "\"a\"", "1.0", "true", "\"a\"", "null", "\"b\"", "10e-1", "[1]", "{\"x\": 1}", "{\"x\": 1}"].map(Self.json)
        let distribution = Self.distribution(values)
        // 1, 1.0 and 10e-1 are one value, written as it first appeared.
        #expect(distribution.frequencies.map(\.value) == ["1", "\"b\"", "\"a\"", "true", "null"])
        #expect(distribution.frequencies.map(\.count) == [3, 2, 2, 1, 1])
        #expect(distribution.count == 12)
        #expect(distribution.distinct == 7)
        #expect(distribution.kinds == ["string": 4, "number": 3, "boolean": 1, "null": 1, "array": 1, "object": 2])
        #expect(distribution.numbers?.minimum == 1 && distribution.numbers?.maximum == 1)
        // Integers only when every number is written as one.
        #expect(distribution.numbers?.histogram == [HistogramBin(lower: 1, upper: 1, count: 3)])
        // Strings' lengths and the array's count.
        #expect(distribution.lengths.map { $0.minimum...$0.maximum } == 1...1)
        #expect(distribution.dates == nil)
    }

    @Test func keyOrderDoesNotMakeAValueDistinct() {
        let distribution = Self.distribution([#"{"a": 1, "b": [2.0]}"#, #"{"b": [2], "a": 1.00}"#, #"{"a": 1}"#].map(Self.json))
        #expect(distribution.distinct == 2)
        #expect(distribution.frequencies.isEmpty)
        #expect(distribution.numbers == nil)
    }

    @Test func atMostTenFrequencies() {
        let values = (0..<15).flatMap { index in Array(repeating: GeneratedContent(index), count: index % 4 + 1) }
        let distribution = Self.distribution(values)
        #expect(distribution.distinct == 15)
        #expect(distribution.frequencies.count == ValueDistribution.frequenciesKept)
        #expect(distribution.frequencies.map(\.value) == ["3", "7", "11", "2", "6", "10", "14", "1", "5", "9"])
    }

    @Test(arguments: [
        (["\"2024-01-05\"", "\"2023-12-30T08:00:00Z\"", "\"2024-01-01\""], "2023-12-30", "2024-01-05"),
        (["\"2024-01-05\"", "3"], "2024-01-05", "2024-01-05"),
        (["\"1999-12-31\"", "\"2000-02-29\"", "null"], "1999-12-31", "2000-02-29"),
    ])
    func datesWhenEveryStringIsADate(values: [String], earliest: String, latest: String) throws {
        let dates = try #require(Self.distribution(values.map(Self.json)).dates)
        #expect(dates.earliest == earliest && dates.latest == latest)
        let first = try #require(CivilDay(earliest)).number, last = try #require(CivilDay(latest)).number
        #expect(dates.histogram.first?.lower == Double(first))
        #expect(dates.histogram.reduce(0) { $0 + $1.count } == values.filter { $0.hasPrefix("\"") }.count)
        if last - first < NumberSummary.bins { #expect(dates.histogram.count == last - first + 1) }
    }

    @Test(arguments: [["\"2024-01-05\"", "\"soon\""], ["\"2024-02-30\""], ["1", "2"], ["[\"2024-01-05\"]"]])
    func noDatesOtherwise(values: [String]) {
        #expect(Self.distribution(values.map(Self.json)).dates == nil)
    }

    /// A random pool of values against brute force: pairwise JSON equality for `distinct`,
    /// grouping by it for `frequencies`.
    @Test(arguments: 0..<150 as Range<UInt64>)
    func distributionAgreesWithBruteForce(seed: UInt64) {
        let pool = [
            "1", "1.0", "10e-1", "-0", "0", "0.0", "2", "2.5", "250e-2", "1e400", "1.0e400", "0.1",
            // JSON equality compares these through Decimal, then Double: 1e400 is 2e400, 1e-400 is 0.
            "2e400", "1e-400",
            "\"a\"", "\"a\"", "\"é\"", "\"2024-01-01\"", "true", "false", "null",
            "[1]", "[1.0]", "[]", "{\"x\": 1, \"y\": 2}", "{\"y\": 2, \"x\": 1.0}", "{}",
            "12345678901234567890123456789012345678901", "12345678901234567890123456789012345678902",
        ].map(Self.json)
        var random = SplitMix64(seed: seed)
        let values = (0..<Int.random(in: 1...30, using: &random)).map { _ in pool.randomElement(using: &random)! }
        let distribution = Self.distribution(values)
        #expect(distribution.count == values.count)
        var classes: [(first: Int, count: Int)] = []
        var distinct: [GeneratedContent] = []
        for (index, value) in values.enumerated() {
            if let at = distinct.firstIndex(where: { JSONEquality.equal($0, value) }) {
                classes[at].count += 1
            } else {
                distinct.append(value)
                classes.append((index, 1))
            }
        }
        #expect(distribution.distinct == distinct.count, "seed \(seed): \(values)")
        let scalars = classes.filter { entry in
            switch values[entry.first].kind {
            case .array, .structure: false
            default: true
            }
        }
        let ranked = scalars.sorted { $0.count > $1.count || ($0.count == $1.count && $0.first < $1.first) }.prefix(ValueDistribution.frequenciesKept)
        #expect(distribution.frequencies.map(\.value) == ranked.map { values[$0.first].jsonString }, "seed \(seed): \(values)")
        #expect(distribution.frequencies.map(\.count) == ranked.map(\.count), "seed \(seed)")
        #expect(distribution.kinds.values.reduce(0, +) == values.count)
    }

    /// "é" (U+00E9) and "e" + U+0301 are one value for Swift's `String ==` (canonical
    /// equivalence) and two for JSON equality (code points): the distribution counts two.
    @Test func canonicallyEquivalentStringsAreDistinct() {
        let contents = [Self.json("\"\\u00e9\""), Self.json("\"e\\u0301\"")]
        #expect(!JSONEquality.equal(contents[0], contents[1]))
        #expect(Self.distribution(contents).distinct == 2)
        #expect(Self.distribution(contents).frequencies.count == 2)
    }
}
