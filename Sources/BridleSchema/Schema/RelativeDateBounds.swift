import Foundation

/// Date bounds measured from the moment of a request rather than fixed when the type is
/// written: "after now", "within the next 30 days", "in the past week".
///
/// A grammar is made for one moment: ``GenerationSchema/resolvingRelativeDates(at:)`` turns
/// these into ordinary ``DateBounds`` for that moment (the request's clock, injectable through
/// `GenerationOptions.referenceDate`), and the grammar then admits exactly the dates in them.
/// A `date` (day only) value counts as its midnight UTC, as everywhere in Bridle.
///
/// ```swift
/// RelativeDateBounds(earliest: 0, earliestIsInclusive: false, latest: 30 * 86_400)
///     .resolved(at: now)   // after `now`, at most 30 days after it
/// ```
public struct RelativeDateBounds: Sendable, Hashable {
    /// Seconds from the request's moment to the earliest admitted instant (negative: before
    /// it); `nil` for no lower bound.
    public var earliest: TimeInterval?
    public var earliestIsInclusive: Bool
    /// Seconds from the request's moment to the latest admitted instant; `nil` for none.
    public var latest: TimeInterval?
    public var latestIsInclusive: Bool

    public init(earliest: TimeInterval? = nil, earliestIsInclusive: Bool = true, latest: TimeInterval? = nil, latestIsInclusive: Bool = true) {
        self.earliest = earliest
        self.earliestIsInclusive = earliestIsInclusive
        self.latest = latest
        self.latestIsInclusive = latestIsInclusive
    }

    /// The bounds at the moment `now`.
    public func resolved(at now: Date) -> DateBounds {
        DateBounds(
            lower: earliest.map { now.addingTimeInterval($0) }, lowerIsInclusive: earliestIsInclusive,
            upper: latest.map { now.addingTimeInterval($0) }, upperIsInclusive: latestIsInclusive)
    }

    /// The instants both admit, at every moment.
    func intersection(_ other: RelativeDateBounds) -> RelativeDateBounds {
        var result = self
        if let bound = other.earliest, earliest.map({ bound > $0 || (bound == $0 && !other.earliestIsInclusive) }) ?? true {
            result.earliest = bound
            result.earliestIsInclusive = other.earliestIsInclusive
        }
        if let bound = other.latest, latest.map({ bound < $0 || (bound == $0 && !other.latestIsInclusive) }) ?? true {
            result.latest = bound
            result.latestIsInclusive = other.latestIsInclusive
        }
        return result
    }

    /// Words for prompts and messages: "after now, at most 2592000 seconds after it".
    public var summary: String {
        func side(_ offset: TimeInterval, _ inclusive: Bool, _ lower: Bool) -> String {
            if offset == 0 { return lower ? (inclusive ? "now or later" : "after now") : (inclusive ? "now or earlier" : "before now") }
            // Any offset a schema gives, however large, has words: whole days, whole seconds,
            // or the number as written.
            let amount = Int(exactly: abs(offset) / 86_400).map { "\($0) days" }
                ?? Int(exactly: abs(offset)).map { "\($0) seconds" } ?? "\(abs(offset)) seconds"
            let relation = offset > 0 ? "from now" : "ago"
            return lower ? "no earlier than \(amount) \(relation)" : "no later than \(amount) \(relation)"
        }
        let parts = [earliest.map { side($0, earliestIsInclusive, true) }, latest.map { side($0, latestIsInclusive, false) }]
        return parts.compactMap { $0 }.joined(separator: ", ")
    }

    var swiftSpelling: String {
        switch (earliest, latest) {
        case (0?, nil) where !earliestIsInclusive: ".afterNow()"
        case (nil, 0?) where !latestIsInclusive: ".beforeNow()"
        case (0?, let latest?) where !earliestIsInclusive: ".afterNow(within: \(latest))"
        case (let earliest?, 0?) where !latestIsInclusive: ".beforeNow(within: \(-earliest))"
        default: ".relativeToNow(\(summary))"
        }
    }
}
