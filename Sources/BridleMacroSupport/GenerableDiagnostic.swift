import SwiftDiagnostics

/// Everything `@Generable` and `@Guide` can say about a declaration, each message saying
/// what is wrong and what to write instead.
public enum GenerableDiagnostic: DiagnosticMessage, Equatable {
    case unsupportedDeclaration(kind: String)
    case missingTypeAnnotation(property: String)
    case unsupportedPropertyType(property: String, type: String)
    case guideDoesNotApply(guide: String, target: String, type: String, appliesTo: String)
    case emptyRange(guide: String, lower: String, upper: String)
    case emptyChoices(guide: String)
    case negativeCount(guide: String, value: String)
    case conflictingBounds(lowerGuide: String, upperGuide: String)
    case caseGuideNeedsOneValue(caseName: String, count: Int)
    case unknownAssociatedValue(caseName: String, label: String)
    case unsupportedRawType(type: String)
    case guideMisplaced
    case guideOnComputedProperty(property: String)
    case relationNeedsPropertyName(guide: String)
    case unknownRelatedProperty(guide: String, name: String, available: [String])
    case relatedPropertyComesLater(guide: String, name: String, target: String)
    case relatedPropertyType(guide: String, name: String, type: String, target: String, targetType: String)

    public var message: String {
        switch self {
        case .unsupportedDeclaration(let kind):
            return "'@Generable' cannot be applied to \(kind); use a struct or an enum"
        case .missingTypeAnnotation(let property):
            return "'@Generable' needs the type of '\(property)' written out; add a type annotation such as '\(property): String'"
        case .unsupportedPropertyType(let property, let type):
            return "'\(property)' has type '\(type)', which has no JSON shape; use a Generable type (String, numbers, Bool, Date, UUID, arrays, optionals, [String: V], or a @Generable type)"
        case .guideDoesNotApply(let guide, let target, let type, let appliesTo):
            return "'\(guide)' does not apply to '\(target)' of type '\(type)'; it applies to \(appliesTo)"
        case .emptyRange(let guide, let lower, let upper):
            return "'\(guide)' allows no value: its lower bound \(lower) is above its upper bound \(upper); swap them"
        case .emptyChoices(let guide):
            return "'\(guide)' allows no value; list at least one choice"
        case .negativeCount(let guide, let value):
            return "'\(guide)' asks for \(value) elements; counts start at 0"
        case .conflictingBounds(let lowerGuide, let upperGuide):
            return "'\(lowerGuide)' and '\(upperGuide)' together allow no value; the lower bound is above the upper bound"
        case .caseGuideNeedsOneValue(let caseName, let count):
            return "guides on case '\(caseName)' need exactly one associated value to apply to, and it has \(count); use '@Guide(associatedValue: \"label\", …)' to name one"
        case .unknownAssociatedValue(let caseName, let label):
            return "case '\(caseName)' has no associated value named '\(label)'"
        case .unsupportedRawType(let type):
            return "'@Generable' enums may have String or integer raw values, not '\(type)'"
        case .guideMisplaced:
            return "'@Guide' can only be applied to stored properties and enum cases of a '@Generable' type"
        case .relationNeedsPropertyName(let guide):
            return "'\(guide)' needs the name of an earlier property as a string literal, such as .atLeast(\"start\")"
        case .unknownRelatedProperty(let guide, let name, let available):
            let list = available.isEmpty ? "there is none" : "use one of " + available.map { "'\($0)'" }.joined(separator: ", ")
            return "'\(guide)' names '\(name)', which is not an earlier stored property of this type; \(list)"
        case .relatedPropertyComesLater(let guide, let name, let target):
            return "'\(guide)' names '\(name)', which comes after '\(target)'; values are written in declaration order, so put the guide on '\(name)' with the comparison reversed, or declare '\(name)' first"
        case .relatedPropertyType(let guide, let name, let type, let target, let targetType):
            return "'\(guide)' compares '\(target)' of type '\(targetType)' with '\(name)' of type '\(type)'; both must be integers or both Dates"
        case .guideOnComputedProperty(let property):
            return "'@Guide' on '\(property)' has no effect: computed properties are not generated; remove it or make '\(property)' a stored property"
        }
    }

    public var diagnosticID: MessageID {
        MessageID(domain: "Bridle", id: "\(self)".prefix { $0 != "(" }.description)
    }

    public var severity: DiagnosticSeverity { .error }
}
