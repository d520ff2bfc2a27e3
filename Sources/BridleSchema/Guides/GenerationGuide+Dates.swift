import Foundation

extension GenerationGuide where Value == Date {
    /// The date lies in `range` (both ends included).
    ///
    /// ```swift
    /// .range(start...end)   // {"type":"string","format":"date-time","formatMinimum":"…","formatMaximum":"…"}
    /// ```
    public static func range(_ range: ClosedRange<Date>) -> GenerationGuide<Date> {
        GenerationGuide(.earliest(range.lowerBound, inclusive: true), .latest(range.upperBound, inclusive: true))
    }

    /// The date is `date` or later.
    public static func minimum(_ date: Date) -> GenerationGuide<Date> {
        GenerationGuide(.earliest(date, inclusive: true))
    }

    /// The date is `date` or earlier.
    public static func maximum(_ date: Date) -> GenerationGuide<Date> {
        GenerationGuide(.latest(date, inclusive: true))
    }

    /// The date is strictly after `date`.
    public static func after(_ date: Date) -> GenerationGuide<Date> {
        GenerationGuide(.earliest(date, inclusive: false))
    }

    /// The date is strictly before `date`.
    public static func before(_ date: Date) -> GenerationGuide<Date> {
        GenerationGuide(.latest(date, inclusive: false))
    }
}
