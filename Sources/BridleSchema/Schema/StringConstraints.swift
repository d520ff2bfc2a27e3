import Foundation

/// What a JSON string may contain.
///
/// ```swift
/// StringConstraints(choices: ["all", "completed"])
/// // {"type":"string","enum":["all","completed"]}
/// ```
public struct StringConstraints: Sendable, Hashable {
    /// The only strings allowed (from `anyOf`, `constant` or a simple enum), in order.
    public var choices: [String]?
    /// A regular expression every value must match in full.
    public var pattern: String?
    /// Lengths count Unicode scalars (code points), as JSON Schema does.
    public var minimumLength: Int?
    public var maximumLength: Int?
    /// A well-known textual format (dates, times, UUIDs).
    public var format: StringFormat?
    /// Bounds for date and date-time formats.
    public var dateBounds: DateBounds?

    public init(
        choices: [String]? = nil, pattern: String? = nil,
        minimumLength: Int? = nil, maximumLength: Int? = nil,
        format: StringFormat? = nil, dateBounds: DateBounds? = nil
    ) {
        self.choices = choices
        self.pattern = pattern
        self.minimumLength = minimumLength
        self.maximumLength = maximumLength
        self.format = format
        self.dateBounds = dateBounds
    }
}

/// A textual format Bridle knows how to constrain and check.
public enum StringFormat: String, Sendable, Hashable, CaseIterable {
    /// RFC 3339 `full-date`: `2026-11-22`.
    case date
    /// RFC 3339 `date-time`: `2026-11-22T04:38:23Z`. What `Date` properties use.
    case dateTime = "date-time"
    /// RFC 3339 `full-time`: `04:38:23Z`.
    case time
    /// `8-4-4-4-12` hexadecimal digits: what `UUID` encodes to.
    case uuid
}

/// Earliest and latest instants a date or date-time may name.
public struct DateBounds: Sendable, Hashable {
    public var lower: Date?
    public var lowerIsInclusive: Bool
    public var upper: Date?
    public var upperIsInclusive: Bool

    public init(lower: Date? = nil, lowerIsInclusive: Bool = true, upper: Date? = nil, upperIsInclusive: Bool = true) {
        self.lower = lower
        self.lowerIsInclusive = lowerIsInclusive
        self.upper = upper
        self.upperIsInclusive = upperIsInclusive
    }

    /// Whether `date` lies within the bounds.
    public func contains(_ date: Date) -> Bool {
        if let lower, lowerIsInclusive ? date < lower : date <= lower { return false }
        if let upper, upperIsInclusive ? date > upper : date >= upper { return false }
        return true
    }
}
