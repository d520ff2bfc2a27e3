import Foundation
import SwiftDiagnostics
import SwiftSyntax

/// Finds guides that can never hold, from their literal arguments and the property's
/// spelled type: `.range(5...1)`, `.anyOf([])`, `.count` on a `String`, `.range` on a `String`.
struct GuideChecker {
    let target: String
    /// The stored properties of the type, in order, for guides that relate two of them.
    let siblings: [(name: String, shape: TypeShape, spelling: String)]
    var diagnostics: [Diagnostic] = []

    init(target: String, siblings: [(name: String, shape: TypeShape, spelling: String)] = []) {
        self.target = target
        self.siblings = siblings
    }

    /// Guides that compare the property with another one, named by a string.
    static let relationGuides: Set<String> = ["atLeast", "atMost", "greaterThan", "lessThan", "differs", "notBefore", "notAfter", "after", "before"]

    /// The property a relation guide names, when `expression` is one: `.atLeast("fromYear")`
    /// gives `fromYear`. `.after(date)` (a fixed bound) is not a relation.
    static func relatedProperty(of expression: ExprSyntax) -> (guide: String, name: String?)? {
        guard let (name, arguments) = call(expression), relationGuides.contains(name), let argument = arguments.first?.expression else { return nil }
        if let literal = argument.stringLiteralValue { return (name, literal) }
        return ["after", "before"].contains(name) ? nil : (name, nil)
    }

    mutating func check(_ guides: [GuideExpression], against type: TypeShape, typeSpelling: String) {
        var lowerBounds: [(guide: String, value: Double)] = []
        var upperBounds: [(guide: String, value: Double)] = []
        for written in guides {
            let guide = written.source
            guard let (name, arguments) = Self.call(written.expression) else { continue }
            let spelling = written.expression.trimmedDescription
            if let appliesTo = Self.requirement(of: name, for: type.unwrapped) {
                diagnose(guide, .guideDoesNotApply(guide: spelling, target: target, type: typeSpelling, appliesTo: appliesTo))
                continue
            }
            let argument = arguments.first?.expression
            if let (_, related) = Self.relatedProperty(of: written.expression) {
                checkRelation(to: related, guide: spelling, node: guide, type: type.unwrapped, typeSpelling: typeSpelling)
                continue
            }
            switch name {
            case "anyOf":
                if let array = argument?.as(ArrayExprSyntax.self), array.elements.isEmpty {
                    diagnose(guide, .emptyChoices(guide: spelling))
                }
            case "range", "count", "length":
                if let (lower, upper) = argument.flatMap(Self.closedRangeLiterals), lower > upper {
                    diagnose(guide, .emptyRange(
                        guide: spelling, lower: Self.format(lower), upper: Self.format(upper)))
                } else if name != "range", let (lower, _) = argument.flatMap(Self.closedRangeLiterals), lower < 0 {
                    diagnose(guide, .negativeCount(guide: spelling, value: Self.format(lower)))
                }
                if name == "count", let value = argument.flatMap(Self.numericLiteral), value < 0 {
                    diagnose(guide, .negativeCount(guide: spelling, value: Self.format(value)))
                }
                if let (lower, upper) = argument.flatMap(Self.closedRangeLiterals) {
                    lowerBounds.append((spelling, lower))
                    upperBounds.append((spelling, upper))
                }
            case "minimum", "minimumCount", "minimumLength":
                if let value = argument.flatMap(Self.numericLiteral) {
                    if name != "minimum", value < 0 { diagnose(guide, .negativeCount(guide: spelling, value: Self.format(value))) }
                    lowerBounds.append((spelling, value))
                }
            case "maximum", "maximumCount", "maximumLength":
                if let value = argument.flatMap(Self.numericLiteral) {
                    if name != "maximum", value < 0 { diagnose(guide, .negativeCount(guide: spelling, value: Self.format(value))) }
                    upperBounds.append((spelling, value))
                }
            case "element":
                if case .array(let element) = type.unwrapped, let inner = argument {
                    var nested = GuideChecker(target: "\(target)[]")
                    nested.check([GuideExpression(expression: inner, source: inner)], against: element, typeSpelling: "element of \(typeSpelling)")
                    diagnostics += nested.diagnostics
                }
            default:
                break
            }
        }
        if let lower = lowerBounds.max(by: { $0.value < $1.value }), let upper = upperBounds.min(by: { $0.value < $1.value }),
            lower.value > upper.value, lower.guide != upper.guide, let guide = guides.last
        {
            diagnose(guide.source, .conflictingBounds(lowerGuide: lower.guide, upperGuide: upper.guide))
        }
    }

    /// A relation must name an earlier property of a comparable type.
    private mutating func checkRelation(to name: String?, guide: String, node: ExprSyntax, type: TypeShape, typeSpelling: String) {
        guard let name else { return diagnose(node, .relationNeedsPropertyName(guide: guide)) }
        guard let index = siblings.firstIndex(where: { $0.name == name }), let own = siblings.firstIndex(where: { $0.name == target }) else {
            let available = siblings.prefix { $0.name != target }.map(\.name)
            return diagnose(node, .unknownRelatedProperty(guide: guide, name: name, available: available))
        }
        guard index < own else { return diagnose(node, .relatedPropertyComesLater(guide: guide, name: name, target: target)) }
        let other = siblings[index].shape.unwrapped
        if case .named = other { return }
        if case .named = type { return }
        if other != type {
            diagnose(node, .relatedPropertyType(guide: guide, name: name, type: siblings[index].spelling, target: target, targetType: typeSpelling))
        }
    }

    private mutating func diagnose(_ node: some SyntaxProtocol, _ message: GenerableDiagnostic) {
        diagnostics.append(Diagnostic(node: node, message: message))
    }

    /// What `guide` needs the property to be, when `type` is not that; nil when it fits or
    /// the type is unknown to the macro.
    private static func requirement(of guide: String, for type: TypeShape) -> String? {
        if case .named = type { return nil }
        let strings = "String properties"
        let numbers = "integer, Double, Float, Decimal and Date properties"
        let arrays = "array properties"
        switch guide {
        case "anyOf", "constant", "pattern", "minimumLength", "maximumLength", "length":
            return type == .string ? nil : strings
        case "minimum", "maximum", "range":
            return [.integer, .floatingPoint, .decimal, .date].contains(type) ? nil : numbers
        case "after", "before", "notBefore", "notAfter", "afterNow", "beforeNow":
            return type == .date ? nil : "Date properties"
        case "atLeast", "atMost", "greaterThan", "lessThan", "differs":
            return type == .integer ? nil : "integer properties"
        case "uniqueElements":
            if case .array = type { return nil }
            return arrays
        case "count", "minimumCount", "maximumCount", "element":
            if case .array = type { return nil }
            return arrays
        default:
            return nil
        }
    }

    /// `.name(arguments)` or, for a regex literal rewritten earlier, `.pattern(…)`.
    static func call(_ expression: ExprSyntax) -> (String, LabeledExprListSyntax)? {
        guard let call = expression.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self)
        else { return nil }
        return (member.declName.baseName.text, call.arguments)
    }

    private static func closedRangeLiterals(_ expression: ExprSyntax) -> (Double, Double)? {
        if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3 {
            let parts = Array(sequence.elements)
            guard parts[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "...",
                let lower = numericLiteral(parts[0]), let upper = numericLiteral(parts[2])
            else { return nil }
            return (lower, upper)
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self),
            infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "...",
            let lower = numericLiteral(infix.leftOperand), let upper = numericLiteral(infix.rightOperand)
        {
            return (lower, upper)
        }
        return nil
    }

    private static func numericLiteral(_ expression: ExprSyntax) -> Double? {
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            return numericLiteral(prefix.expression).map { -$0 }
        }
        let text: String
        if let integer = expression.as(IntegerLiteralExprSyntax.self) {
            text = integer.literal.text
        } else if let float = expression.as(FloatLiteralExprSyntax.self) {
            text = float.literal.text
        } else {
            return nil
        }
        let digits = text.replacingOccurrences(of: "_", with: "")
        if digits.hasPrefix("0x") { return Int(digits.dropFirst(2), radix: 16).map(Double.init) }
        if digits.hasPrefix("0b") { return Int(digits.dropFirst(2), radix: 2).map(Double.init) }
        if digits.hasPrefix("0o") { return Int(digits.dropFirst(2), radix: 8).map(Double.init) }
        return Double(digits)
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
