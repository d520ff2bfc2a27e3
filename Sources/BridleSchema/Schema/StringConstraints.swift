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
