import Foundation

/// A rule between two properties of one object that no grammar can state: a property's value
/// compared with an earlier property's (`toYear` at least `fromYear`, `end` after `start`).
///
/// Both values are integers, or both are dates (`date` or `date-time` strings, compared as the
/// instants they decode to). The rule holds vacuously while either property is missing.
/// In-process decoding enforces it while the later value is written (its digits are masked by
/// feasibility); every answer is also checked by ``GenerationSchema/violations(of:)``.
///
/// ```swift
/// PropertyRelation(property: "toYear", comparison: .atLeast, other: "fromYear")
///     .holds(between: 2010, and: 2015)   // false: 2010 is below 2015
/// ```
public struct PropertyRelation: Sendable, Hashable {
    public enum Comparison: String, Sendable, Hashable, CaseIterable {
        case lessThan
        case atMost
        case greaterThan
        case atLeast
        case notEqual

        /// Whether a value ordered `order` against the other satisfies the comparison.
        public func admits(_ order: ComparisonResult) -> Bool {
            switch self {
            case .lessThan: order == .orderedAscending
            case .atMost: order != .orderedDescending
            case .greaterThan: order == .orderedDescending
            case .atLeast: order != .orderedAscending
            case .notEqual: order != .orderedSame
            }
        }

        /// Which way a value must lean to satisfy the comparison: values above the other's
        /// (`.up`), below it (`.down`), or just not equal to it.
        public var direction: Direction {
            switch self {
            case .greaterThan, .atLeast: .up
            case .lessThan, .atMost: .down
            case .notEqual: .apart
            }
        }

        public enum Direction: Sendable, Hashable {
            case up
            case down
            case apart
        }

        /// How messages say it: "at least", "less than".
        public var phrase: String {
            switch self {
            case .lessThan: "less than"
            case .atMost: "at most"
            case .greaterThan: "greater than"
            case .atLeast: "at least"
            case .notEqual: "different from"
            }
        }
    }

    /// The JSON key of the property whose value is judged.
    public var property: String
    public var comparison: Comparison
    /// The JSON key of the property it is compared with, which comes earlier in the object.
    public var other: String

    public init(property: String, comparison: Comparison, other: String) {
        self.property = property
        self.comparison = comparison
        self.other = other
    }

    /// Whether `value` (of ``property``) and `otherValue` (of ``other``) satisfy the rule;
    /// `nil` when the two cannot be compared (not both integers, not both dates).
    public func holds(between value: GeneratedContent, and otherValue: GeneratedContent) -> Bool? {
        Self.order(of: value, against: otherValue).map(comparison.admits)
    }

    /// How `value` compares with `other`: numbers by value, date strings by the instant they
    /// decode to (a `date` at midnight UTC); `nil` for any other pair.
    public static func order(of value: GeneratedContent, against other: GeneratedContent) -> ComparisonResult? {
        switch (value.kind, other.kind) {
        case (.number(let a), .number(let b)):
            return NumberOrder.compare(a, b)
        case (.string(let a), .string(let b)):
            guard let first = instant(a), let second = instant(b) else { return nil }
            return first == second ? .orderedSame : first < second ? .orderedAscending : .orderedDescending
        default:
            return nil
        }
    }

    private static func instant(_ text: String) -> Date? {
        RFC3339.parseFullDate(text) ?? RFC3339.parseDateTime(text)
    }

    /// What the validators say when `value` and `otherValue` break the rule; `nil` when they
    /// satisfy it.
    package func violation(between value: GeneratedContent, and otherValue: GeneratedContent) -> String? {
        switch holds(between: value, and: otherValue) {
        case true?: nil
        case false?: "\(value.jsonString) is not \(comparison.phrase) \"\(other)\" (\(otherValue.jsonString))"
        case nil: "\(value.jsonString) can't be compared with \"\(other)\" (\(otherValue.jsonString)); both must be integers or both dates"
        }
    }

    /// How a guide spells the rule in Swift: `.atLeast("fromYear")`.
    public var swiftSpelling: String { ".\(comparison.rawValue)(\"\(other)\")" }
}
