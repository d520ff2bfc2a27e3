import BridleSchema
import Foundation

extension Tool {
    /// The arguments' ``ValidatableArguments/dateRules``, if they declare any.
    var dateRules: [String: [DateRule]] {
        (Arguments.self as? any ValidatableArguments.Type)?.dateRules ?? [:]
    }

    /// ``parameters`` with every date rule turned into bounds at `context.now`: the schema a
    /// request's grammar and instructions use.
    func parameters(in context: ValidationContext) throws(SessionError) -> GenerationSchema {
        var schema = parameters.resolvingRelativeDates(at: context.now)
        for (property, rules) in dateRules.sorted(by: { $0.key < $1.key }) {
            let bounds = rules.reduce(DateBounds()) { $0.intersection($1.bounds(now: context.now, calendar: context.calendar)) }
            guard schema.narrowDate(property: property, to: bounds) else {
                throw .invalidToolSchema(
                    tool: name, reason: "dateRules names \"\(property)\", which is not a date property of the arguments; use the JSON key of a Date property")
            }
        }
        return schema
    }

    /// Each date rule the arguments break, in the words the model is shown.
    func dateRuleProblems(_ arguments: GeneratedContent, in context: ValidationContext) -> [String] {
        var problems: [String] = []
        for (property, rules) in dateRules.sorted(by: { $0.key < $1.key }) {
            guard let date = try? arguments.value(Date?.self, forProperty: property) else { continue }
            for rule in rules {
                do {
                    try context.check(date, rule, at: property)
                } catch {
                    problems.append(error.description)
                }
            }
        }
        return problems
    }
}

extension GenerationSchema {
    /// Narrows the date property `name` of the root object to `bounds`; false when the root
    /// object has no such date property.
    fileprivate mutating func narrowDate(property name: String, to bounds: DateBounds) -> Bool {
        if case .reference(let definition) = root.kind, var node = definitions[definition] {
            guard Self.narrowDate(property: name, of: &node, to: bounds) else { return false }
            definitions[definition] = node
            return true
        }
        return Self.narrowDate(property: name, of: &root, to: bounds)
    }

    private static func narrowDate(property name: String, of node: inout SchemaNode, to bounds: DateBounds) -> Bool {
        guard case .object(var shape) = node.kind, let index = shape.properties.firstIndex(where: { $0.name == name }),
            narrowDate(&shape.properties[index].node, to: bounds)
        else { return false }
        node.kind = .object(shape)
        return true
    }

    /// A date string, or the date strings among the alternatives of an optional one.
    private static func narrowDate(_ node: inout SchemaNode, to bounds: DateBounds) -> Bool {
        switch node.kind {
        case .string(var constraints) where constraints.format == .date || constraints.format == .dateTime:
            constraints.dateBounds = (constraints.dateBounds ?? DateBounds()).intersection(bounds)
            node.kind = .string(constraints)
            return true
        case .anyOf(var alternatives):
            var narrowed = false
            for index in alternatives.indices where narrowDate(&alternatives[index], to: bounds) {
                narrowed = true
            }
            node.kind = .anyOf(alternatives)
            return narrowed
        default:
            return false
        }
    }
}
