/// Evaluating expressions with jinja2's sandboxed semantics: `a.b` is a method or a key, a
/// missing key is undefined, and arithmetic follows Python.
extension TemplateRenderer {
    func evaluate(_ expression: Expression, in scope: TemplateScope) throws(TemplateError) -> TemplateValue {
        let line = expression.line
        switch expression.kind {
        case .literal(let value):
            return value
        case .name(let name):
            return scope.lookup(name) ?? .undefined("'\(name)' is undefined")
        case .list(let items):
            return .list(try items.map { item throws(TemplateError) in try evaluate(item, in: scope) })
        case .tuple(let items):
            return .tuple(try items.map { item throws(TemplateError) in try evaluate(item, in: scope) })
        case .dictionary(let entries):
            var dictionary = TemplateDictionary()
            for entry in entries {
                let keyValue = try evaluate(entry.key, in: scope)
                guard let key = TemplateDictionary.Key(keyValue) else {
                    throw TemplateError(.evaluation, line: line, "unhashable type: '\(keyValue.typeName)' as a dictionary key")
                }
                dictionary[key] = try evaluate(entry.value, in: scope)
            }
            return .dictionary(dictionary)
        case .attribute(let object, let name):
            return try TemplateAccess.attribute(name, of: try evaluate(object, in: scope), line: line)
        case .index(let object, let key):
            return try TemplateAccess.item(try evaluate(key, in: scope), of: try evaluate(object, in: scope), line: line)
        case .slice(let object, let start, let stop, let step):
            func bound(_ part: Expression?) throws(TemplateError) -> Int? {
                guard let part else { return nil }
                let value = try evaluate(part, in: scope)
                if case .none = value { return nil }
                guard let integer = value.integerValue else {
                    throw TemplateError(.evaluation, line: line, "slice indices must be integers or None")
                }
                return integer
            }
            return try TemplateAccess.slice(try evaluate(object, in: scope), start: try bound(start), stop: try bound(stop), step: try bound(step), line: line)
        case .call(let callee, let arguments):
            let function = try evaluate(callee, in: scope)
            return try invoke(function, try evaluate(arguments, in: scope, line: line), line: line)
        case .filter(let value, let filter):
            return try applyFilter(filter, to: try evaluate(value, in: scope), in: scope)
        case .test(let value, let name, let arguments, let negated):
            let result = try TemplateTestFunctions.test(name, try evaluate(value, in: scope), try evaluate(arguments, in: scope, line: line), renderer: self)
            return .bool(result != negated)
        case .unary(let symbol, let operand):
            return try PythonOperators.unary(symbol, try evaluate(operand, in: scope), line: line)
        case .binary(let symbol, let left, let right):
            return try PythonOperators.binary(symbol, try evaluate(left, in: scope), try evaluate(right, in: scope), line: line)
        case .and(let left, let right):
            let first = try evaluate(left, in: scope)
            return first.isTruthy ? try evaluate(right, in: scope) : first
        case .or(let left, let right):
            let first = try evaluate(left, in: scope)
            return first.isTruthy ? first : try evaluate(right, in: scope)
        case .not(let operand):
            return .bool(!(try evaluate(operand, in: scope).isTruthy))
        case .compare(let first, let operations):
            var left = try evaluate(first, in: scope)
            for operation in operations {
                let right = try evaluate(operation.operand, in: scope)
                guard try PythonOperators.compare(operation.symbol, left, right, line: line) else { return .bool(false) }
                left = right
            }
            return .bool(true)
        case .conditional(let condition, let then, let otherwise):
            if try evaluate(condition, in: scope).isTruthy { return try evaluate(then, in: scope) }
            guard let otherwise else { return .undefined("the conditional expression has no else branch") }
            return try evaluate(otherwise, in: scope)
        case .concatenation(let parts):
            var text = ""
            for part in parts { text += try evaluate(part, in: scope).pythonString }
            return .string(text)
        }
    }

    func evaluate(_ arguments: Arguments, in scope: TemplateScope, line: Int) throws(TemplateError) -> FunctionCall {
        var call = FunctionCall(positional: [], named: [], line: line, caller: nil)
        for argument in arguments.positional { call.positional.append(try evaluate(argument, in: scope)) }
        for argument in arguments.named { call.named.append((argument.name, try evaluate(argument.value, in: scope))) }
        return call
    }

    func invoke(_ callee: TemplateValue, _ call: FunctionCall, line: Int) throws(TemplateError) -> TemplateValue {
        switch callee {
        case .function(let function): return try function.body(call)
        case .undefined(let reason), .refused(let reason): throw TemplateError(.evaluation, line: line, reason)
        default: throw TemplateError(.evaluation, line: line, "'\(callee.typeName)' object is not callable")
        }
    }

    func applyFilter(_ filter: FilterCall, to value: TemplateValue, in scope: TemplateScope) throws(TemplateError) -> TemplateValue {
        let call = try evaluate(filter.arguments, in: scope, line: filter.line)
        return try TemplateFilters.apply(filter.name, to: value, call, renderer: self)
    }
}

/// `a.b`, `a[b]` and `a[i:j]` as jinja2's immutable sandbox resolves them.
enum TemplateAccess {
    static func attribute(_ name: String, of marked: TemplateValue, line: Int) throws(TemplateError) -> TemplateValue {
        let value = marked.unmarked
        switch value {
        case .undefined(let reason), .refused(let reason):
            throw TemplateError(.evaluation, line: line, reason)
        case .namespace(let namespace):
            return namespace.attributes[name] ?? .undefined("'Namespace' object has no attribute '\(name)'")
        case .dictionary(let dictionary):
            if let method = TemplateMethods.method(name, of: value, line: line) { return method }
            return dictionary[name] ?? .undefined("'dict object' has no attribute '\(name)'")
        default:
            return TemplateMethods.method(name, of: value, line: line) ?? .undefined("'\(value.typeName) object' has no attribute '\(name)'")
        }
    }

    static func item(_ markedKey: TemplateValue, of marked: TemplateValue, line: Int) throws(TemplateError) -> TemplateValue {
        let value = marked.unmarked
        let key = markedKey.unmarked
        switch (value, key) {
        case (.undefined(let reason), _), (.refused(let reason), _):
            throw TemplateError(.evaluation, line: line, reason)
        case (.dictionary(let dictionary), _):
            if let dictionaryKey = TemplateDictionary.Key(key), let found = dictionary[dictionaryKey] { return found }
            guard case .string(let name) = key else { return .undefined("'dict object' has no element \(key.pythonRepresentation)") }
            return TemplateMethods.method(name, of: value, line: line) ?? .undefined("'dict object' has no attribute '\(name)'")
        case (.list(let items), _), (.tuple(let items), _):
            guard let index = key.integerValue else { return .undefined("list indices must be integers") }
            let resolved = index < 0 ? items.count + index : index
            return items.indices.contains(resolved) ? items[resolved] : .undefined("'\(value.typeName) object' has no element \(index)")
        case (.string(let text), _):
            guard let index = key.integerValue else {
                if case .string(let name) = key { return TemplateMethods.method(name, of: value, line: line) ?? .undefined("'str object' has no attribute '\(name)'") }
                return .undefined("string indices must be integers")
            }
            let scalars = Array(text.unicodeScalars)
            let resolved = index < 0 ? scalars.count + index : index
            return scalars.indices.contains(resolved) ? .string(String(scalars[resolved])) : .undefined("'str object' has no element \(index)")
        case (.namespace, .string(let name)):
            return try attribute(name, of: value, line: line)
        default:
            return .undefined("'\(value.typeName) object' has no element \(key.pythonRepresentation)")
        }
    }

    static func slice(_ marked: TemplateValue, start: Int?, stop: Int?, step: Int?, line: Int) throws(TemplateError) -> TemplateValue {
        func indices(count: Int) throws(TemplateError) -> [Int] {
            let step = step ?? 1
            guard step != 0 else { throw TemplateError(.evaluation, line: line, "slice step cannot be zero") }
            func clamp(_ index: Int?, _ fallback: Int) -> Int {
                guard var index else { return fallback }
                if index < 0 { index += count }
                return step > 0 ? min(max(index, 0), count) : min(max(index, -1), count - 1)
            }
            let from = clamp(start, step > 0 ? 0 : count - 1)
            let to = clamp(stop, step > 0 ? count : -1)
            return Array(stride(from: from, to: to, by: step))
        }
        let value = marked.unmarked
        switch value {
        case .list(let items): return .list(try indices(count: items.count).map { items[$0] })
        case .tuple(let items): return .tuple(try indices(count: items.count).map { items[$0] })
        case .string(let text):
            let scalars = Array(text.unicodeScalars)
            var result = String.UnicodeScalarView()
            for index in try indices(count: scalars.count) { result.append(scalars[index]) }
            return .string(String(result))
        case .undefined(let reason), .refused(let reason): throw TemplateError(.evaluation, line: line, reason)
        default: throw TemplateError(.evaluation, line: line, "'\(value.typeName)' object is not subscriptable")
        }
    }
}
