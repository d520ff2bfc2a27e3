/// jinja2's tests (`x is defined`, `x is string`, `x is equalto y`), with Python's types:
/// a bool is a number but not an integer, and undefined is iterable (it iterates as empty).
enum TemplateTestFunctions {
    static func test(_ name: String, _ marked: TemplateValue, _ call: FunctionCall, renderer: TemplateRenderer) throws(TemplateError) -> Bool {
        let value = marked.unmarked
        let argument = call.argument(0, "other")
        func compare(_ symbol: String) throws(TemplateError) -> Bool {
            guard let argument else { throw TemplateError(.evaluation, line: call.line, "the test '\(name)' needs a value to compare with") }
            return try PythonOperators.compare(symbol, value, argument, line: call.line)
        }
        switch name {
        case "defined": return !value.isUndefined && !isRefused(value)
        case "undefined": return value.isUndefined || isRefused(value)
        case "none": if case .none = value { return true } else { return false }
        case "string": if case .string = value { return true } else { return false }
        case "mapping": if case .dictionary = value { return true } else { return false }
        case "boolean": if case .bool = value { return true } else { return false }
        case "true": if case .bool(true) = value { return true } else { return false }
        case "false": if case .bool(false) = value { return true } else { return false }
        case "integer": if case .integer = value { return true } else { return false }
        case "float": if case .float = value { return true } else { return false }
        case "number": return value.number != nil
        case "iterable":
            switch value {
            case .undefined, .refused, .string, .list, .tuple, .dictionary, .generator: return true
            default: return false
            }
        case "sequence":
            switch value {
            case .undefined, .refused, .string, .list, .tuple, .dictionary: return true
            default: return false
            }
        case "callable": if case .function = value { return true } else { return false }
        case "lower": if case .string(let text) = value { return text == text.lowercased() } else { return false }
        case "upper": if case .string(let text) = value { return text == text.uppercased() } else { return false }
        case "odd", "even":
            guard let integer = value.integerValue else { throw TemplateError(.evaluation, line: call.line, "'\(name)' needs an integer") }
            return (integer & 1 != 0) == (name == "odd")
        case "divisibleby":
            guard let integer = value.integerValue, let divisor = argument?.integerValue, divisor != 0 else {
                throw TemplateError(.evaluation, line: call.line, "'divisibleby' needs two integers, the second not zero")
            }
            return integer.remainderReportingOverflow(dividingBy: divisor).partialValue == 0
        case "eq", "equalto", "==": return try compare("==")
        case "ne", "!=": return try compare("!=")
        case "lt", "lessthan", "<": return try compare("<")
        case "le", "<=": return try compare("<=")
        case "gt", "greaterthan", ">": return try compare(">")
        case "ge", ">=": return try compare(">=")
        case "in":
            guard let argument else { throw TemplateError(.evaluation, line: call.line, "'in' needs a container") }
            return try PythonOperators.contains(argument, value, line: call.line)
        case "sameas":
            guard let argument else { return false }
            switch (value, argument) {
            case (.none, .none): return true
            case (.bool(let a), .bool(let b)): return a == b
            case (.namespace(let a), .namespace(let b)): return a === b
            default: return false
            }
        default:
            throw TemplateError(.unsupportedConstruct("is \(name)"), line: call.line, "there is no test named '\(name)' in jinja2's built-ins that Bridle renders")
        }
    }

    private static func isRefused(_ value: TemplateValue) -> Bool {
        if case .refused = value { return true }
        return false
    }
}
