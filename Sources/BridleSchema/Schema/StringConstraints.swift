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
    /// An ECMA-262 regular expression every value must match somewhere (JSON Schema's
    /// `pattern`, a search: write `^…$` to match the whole text).
    public var pattern: String?
    /// Further patterns every value must also match (from `allOf` members that each give one).
    public var additionalPatterns: [String]
    /// Patterns no value may match anywhere (from `not: {pattern: …}`).
    public var excludedPatterns: [String]
    /// Lengths count Unicode scalars (code points), as JSON Schema does.
    public var minimumLength: Int?
    public var maximumLength: Int?
    /// A well-known textual format (dates, times, UUIDs).
    public var format: StringFormat?
    /// Bounds for date and date-time formats.
    public var dateBounds: DateBounds?
    /// Bounds for date and date-time formats measured from the request's moment; resolved
    /// into ``dateBounds`` before a grammar is made (``GenerationSchema/resolvingRelativeDates(at:)``).
    public var relativeDateBounds: RelativeDateBounds?

    public init(
        choices: [String]? = nil, pattern: String? = nil,
        minimumLength: Int? = nil, maximumLength: Int? = nil,
        format: StringFormat? = nil, dateBounds: DateBounds? = nil,
        additionalPatterns: [String] = [], excludedPatterns: [String] = []
    ) {
        self.additionalPatterns = additionalPatterns
        self.excludedPatterns = excludedPatterns
        self.choices = choices
        self.pattern = pattern
        self.minimumLength = minimumLength
        self.maximumLength = maximumLength
        self.format = format
        self.dateBounds = dateBounds
    }

    /// Every pattern a value must match: ``pattern`` and ``additionalPatterns``.
    public var requiredPatterns: [String] { (pattern.map { [$0] } ?? []) + additionalPatterns }
}
