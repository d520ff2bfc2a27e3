import SwiftSyntax

/// One `@Guide(…)` attribute, read from source.
struct GuideAttribute {
    let node: AttributeSyntax
    /// The `description:` argument, as written (any String expression).
    let description: ExprSyntax?
    /// `associatedValue: "label"` (enum cases only).
    let associatedValue: String?
    /// The guide expressions, regex literals already rewritten to `.pattern("…")`.
    let guides: [GuideExpression]

    init?(_ attribute: AttributeSyntax) {
        guard attribute.attributeName.trimmedDescription.split(separator: ".").last == "Guide" else { return nil }
        node = attribute
        var description: ExprSyntax?
        var associatedValue: String?
        var guides: [GuideExpression] = []
        for argument in attribute.arguments?.as(LabeledExprListSyntax.self) ?? [] {
            switch argument.label?.text {
            case "description": description = argument.expression
            case "associatedValue": associatedValue = argument.expression.stringLiteralValue
            default:
                guides.append(GuideExpression(expression: Self.rewritingRegexLiterals(argument.expression), source: argument.expression))
            }
        }
        self.description = description
        self.associatedValue = associatedValue
        self.guides = guides
    }

    /// All `@Guide` attributes of a declaration.
    static func all(in attributes: AttributeListSyntax) -> [GuideAttribute] {
        attributes.compactMap { $0.as(AttributeSyntax.self).flatMap(GuideAttribute.init) }
    }

    /// A `Regex` value cannot be printed back as a pattern at run time, but its literal
    /// can be read here: `/[a-z]+/` and `.pattern(/[a-z]+/)` become `.pattern("[a-z]+")`.
    static func rewritingRegexLiterals(_ expression: ExprSyntax) -> ExprSyntax {
        if let regex = expression.as(RegexLiteralExprSyntax.self) {
            return ".pattern(\(raw: SwiftLiteral.string(regex.regex.text)))"
        }
        if let call = expression.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "pattern",
            call.arguments.count == 1, let regex = call.arguments.first?.expression.as(RegexLiteralExprSyntax.self)
        {
            return ".pattern(\(raw: SwiftLiteral.string(regex.regex.text)))"
        }
        return expression
    }
}

/// A guide as the generated code spells it, and where the user wrote it (for diagnostics).
struct GuideExpression {
    let expression: ExprSyntax
    let source: ExprSyntax
}

extension ExprSyntax {
    /// The value of a plain string literal without interpolation.
    var stringLiteralValue: String? {
        guard let literal = self.as(StringLiteralExprSyntax.self) else { return nil }
        var value = ""
        for segment in literal.segments {
            guard let text = segment.as(StringSegmentSyntax.self) else { return nil }
            value += text.content.text
        }
        return value
    }
}

/// Swift source for literal values the macro writes itself.
enum SwiftLiteral {
    /// A string literal for `value`, escaped.
    static func string(_ value: String) -> String {
        var escaped = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                escaped += "\\u{\(String(scalar.value, radix: 16))}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return "\"\(escaped)\""
    }
}
