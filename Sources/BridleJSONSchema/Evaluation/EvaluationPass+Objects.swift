import BridleSchema

extension EvaluationPass {
    mutating func checkObject(_ instance: GeneratedContent, _ position: Position, into outcome: inout EvaluationOutcome) throws(JSONSchemaEvaluationError) {
        let schema = position.schema
        let members = instance.orderedProperties ?? []
        let keys = Set(members.map(\.name))
        func fail(_ message: String) { outcome.violations.append(Violation(path: position.pointer, message: message)) }
        func names(_ list: GeneratedContent?) -> [String] {
            guard case .array(let items)? = list?.kind else { return [] }
            return items.compactMap { if case .string(let name) = $0.kind { name } else { nil } }
        }
        for name in names(schema[property: "required"]) where !keys.contains(name) {
            fail("the required property \"\(name)\" is missing")
        }
        if let declared = schema[property: BridleKeywords.relationsKeyword], let relations = try? BridleKeywords.relations(from: declared) {
            for relation in relations {
                guard let value = instance[property: relation.property], let other = instance[property: relation.other],
                    let message = relation.violation(between: value, and: other)
                else { continue }
                outcome.violations.append(Violation(path: "\(position.pointer)/\(JSONPointer.escape(relation.property))", message: message))
            }
        }
        if let minimum = count(schema, "minProperties"), keys.count < minimum {
            fail("has \(keys.count) properties; at least \(minimum) needed")
        }
        if let maximum = count(schema, "maxProperties"), keys.count > maximum {
            fail("has \(keys.count) properties; at most \(maximum) allowed")
        }
        try checkProperties(members, position, into: &outcome)
        if draft >= .draft6, let propertyNames = schema[property: "propertyNames"] {
            for name in keys.sorted() {
                let result = try apply(
                    propertyNames, at: position.child("propertyNames"), to: GeneratedContent(kind: .string(name)),
                    at: "\(position.pointer)/\(JSONPointer.escape(name))", from: position)
                if !result.isValid { fail("the property name \"\(name)\" breaks propertyNames") }
            }
        }
        if draft >= .draft2019 {
            if let dependentRequired = schema[property: "dependentRequired"]?.orderedProperties {
                for (trigger, list) in dependentRequired where keys.contains(trigger) {
                    for name in names(list) where !keys.contains(name) {
                        fail("\"\(name)\" is required when \"\(trigger)\" is present")
                    }
                }
            }
            if let dependentSchemas = schema[property: "dependentSchemas"]?.orderedProperties {
                for (trigger, subschema) in dependentSchemas where keys.contains(trigger) {
                    let pointer = "\(position.child("dependentSchemas"))/\(JSONPointer.escape(trigger))"
                    outcome.merge(try apply(subschema, at: pointer, to: instance, at: position.pointer, from: position))
                }
            }
        } else if let dependencies = schema[property: "dependencies"]?.orderedProperties {
            for (trigger, dependency) in dependencies where keys.contains(trigger) {
                if case .array = dependency.kind {
                    for name in names(dependency) where !keys.contains(name) {
                        fail("\"\(name)\" is required when \"\(trigger)\" is present")
                    }
                } else {
                    let pointer = "\(position.child("dependencies"))/\(JSONPointer.escape(trigger))"
                    outcome.merge(try apply(dependency, at: pointer, to: instance, at: position.pointer, from: position))
                }
            }
        }
    }

    /// `properties`, `patternProperties` and `additionalProperties`, each member judged by
    /// every schema that names it.
    private mutating func checkProperties(
        _ members: [(name: String, value: GeneratedContent)], _ position: Position, into outcome: inout EvaluationOutcome
    ) throws(JSONSchemaEvaluationError) {
        let schema = position.schema
        let properties = schema[property: "properties"]
        let patternProperties = schema[property: "patternProperties"]?.orderedProperties ?? []
        let additional = schema[property: "additionalProperties"]
        for (name, value) in members {
            let valuePointer = "\(position.pointer)/\(JSONPointer.escape(name))"
            var named = false
            if let subschema = properties?[property: name] {
                named = true
                let pointer = "\(position.child("properties"))/\(JSONPointer.escape(name))"
                outcome.violations.append(contentsOf: try apply(subschema, at: pointer, to: value, at: valuePointer, from: position).violations)
            }
            for (pattern, subschema) in patternProperties {
                let pointer = "\(position.child("patternProperties"))/\(JSONPointer.escape(pattern))"
                guard try search(pattern, in: name, at: pointer) else { continue }
                named = true
                outcome.violations.append(contentsOf: try apply(subschema, at: pointer, to: value, at: valuePointer, from: position).violations)
            }
            if !named, let additional {
                named = true
                let result = try apply(additional, at: position.child("additionalProperties"), to: value, at: valuePointer, from: position)
                if additional == false {
                    outcome.violations.append(Violation(path: position.pointer, message: "the property \"\(name)\" is not allowed"))
                } else {
                    outcome.violations.append(contentsOf: result.violations)
                }
            }
            if named { outcome.evaluatedKeys.insert(name) }
        }
    }

    mutating func applyUnevaluatedProperties(_ instance: GeneratedContent, _ position: Position, into outcome: inout EvaluationOutcome) throws(JSONSchemaEvaluationError) {
        guard let unevaluated = position.schema[property: "unevaluatedProperties"] else { return }
        for (name, value) in instance.orderedProperties ?? [] where !outcome.evaluatedKeys.contains(name) {
            let result = try apply(
                unevaluated, at: position.child("unevaluatedProperties"), to: value,
                at: "\(position.pointer)/\(JSONPointer.escape(name))", from: position)
            if unevaluated == false {
                outcome.violations.append(Violation(path: position.pointer, message: "the property \"\(name)\" is not allowed (unevaluatedProperties)"))
            } else {
                outcome.violations.append(contentsOf: result.violations)
            }
            outcome.evaluatedKeys.insert(name)
        }
    }
}
