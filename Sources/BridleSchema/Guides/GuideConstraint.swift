import Foundation

/// The untyped content of a ``GenerationGuide``: what it does to a ``SchemaNode``.
enum GuideConstraint: Sendable, Hashable {
    case choices([String])
    case pattern(String)
    /// A `Regex` value built at run time: Swift cannot give back its source text.
    case runtimeRegex
    case minimumLength(Int)
    case maximumLength(Int)
    case integerMinimum(Int128)
    case integerMaximum(Int128)
    case numberMinimum(Decimal)
    case numberMaximum(Decimal)
    case minimumCount(Int)
    case maximumCount(Int)
    case element([GuideConstraint])
    case earliest(Date, inclusive: Bool)
    case latest(Date, inclusive: Bool)
    /// The property's value compared with an earlier property's (a JSON key).
    case relation(PropertyRelation.Comparison, String)
    /// Uniquely Bridle: no two elements of the array are equal.
    case uniqueElements
    /// Date bounds relative to the moment of the request, resolved when a constraint is made.
    case relativeToNow(RelativeDateBounds)
    /// A guide no value can satisfy, found while building it (e.g. `.minimum(.nan)`).
    case unsatisfiable(String)
}

extension GuideConstraint {
    /// How the guide reads in Swift, for error messages.
    var swiftSpelling: String {
        switch self {
        case .choices(let values): return ".anyOf(\(values))"
        case .pattern(let pattern): return ".pattern(\"\(pattern)\")"
        case .runtimeRegex: return ".pattern(<Regex>)"
        case .minimumLength(let n): return ".minimumLength(\(n))"
        case .maximumLength(let n): return ".maximumLength(\(n))"
        case .integerMinimum(let n): return ".minimum(\(n))"
        case .integerMaximum(let n): return ".maximum(\(n))"
        case .numberMinimum(let n): return ".minimum(\(n))"
        case .numberMaximum(let n): return ".maximum(\(n))"
        case .minimumCount(let n): return ".minimumCount(\(n))"
        case .maximumCount(let n): return ".maximumCount(\(n))"
        case .element(let inner): return ".element(\(inner.map(\.swiftSpelling).joined(separator: ", ")))"
        case .earliest(let date, let inclusive): return inclusive ? ".minimum(\(date))" : ".after(\(date))"
        case .latest(let date, let inclusive): return inclusive ? ".maximum(\(date))" : ".before(\(date))"
        case .relation(let comparison, let other): return ".\(comparison.rawValue)(\"\(other)\")"
        case .uniqueElements: return ".uniqueElements()"
        case .relativeToNow(let bounds): return bounds.swiftSpelling
        case .unsatisfiable(let spelling): return spelling
        }
    }
}
