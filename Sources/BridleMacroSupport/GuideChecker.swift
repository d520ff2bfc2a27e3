import Foundation
import SwiftDiagnostics
import SwiftSyntax

/// Finds guides that can never hold, from their literal arguments and the property's
/// spelled type: `.range(5...1)`, `.anyOf([])`, `.count` on a `String`, `.range` on a `String`.
struct GuideChecker {
    let target: String
    var diagnostics: [Diagnostic] = []

    init(target: String) {
        self.target = target
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
        case "after", "before":
            return type == .date ? nil : "Date properties"
        case "count", "minimumCount", "maximumCount", "element":
            if case .array = type { return nil }
            return arrays
        default:
            return nil
        }
    }

    /// `.name(arguments)` or, for a regex literal rewritten earlier, `.pattern(…)`.
    private static func call(_ expression: ExprSyntax) -> (String, LabeledExprListSyntax)? {
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
