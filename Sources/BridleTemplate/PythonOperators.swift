import Foundation

/// Python's arithmetic and comparisons, which jinja2 inherits: `True + 1 == 2`, `7 // 2 == 3`,
/// `-7 // 2 == -4`, `"a" * 3`, `[1] + [2]`, and a typed error where Python raises.
enum PythonOperators {
    static func unary(_ symbol: String, _ value: TemplateValue, line: Int) throws(TemplateError) -> TemplateValue {
        switch value.unmarked {
        case .integer(let integer):
            guard symbol == "-" else { return value }
            let (negated, overflow) = 0.subtractingReportingOverflow(integer)
            guard !overflow else { throw TemplateError(.evaluation, line: line, "an integer past 64 bits") }
            return .integer(negated)
        case .bool(let flag): return .integer(symbol == "-" ? (flag ? -1 : 0) : (flag ? 1 : 0))
        case .float(let number): return .float(symbol == "-" ? -number : number)
        default: throw TemplateError(.evaluation, line: line, "bad operand type for unary \(symbol): '\(value.typeName)'")
        }
    }

    static func binary(_ symbol: String, _ markedLeft: TemplateValue, _ markedRight: TemplateValue, line: Int) throws(TemplateError) -> TemplateValue {
        for operand in [markedLeft, markedRight] {
            if case .undefined(let reason) = operand { throw TemplateError(.evaluation, line: line, reason) }
        }
        if symbol == "+", markedLeft.isMarkup || markedRight.isMarkup, case .string(let a) = markedLeft.unmarked, case .string(let b) = markedRight.unmarked {
            let escape = { (value: TemplateValue, text: String) in value.isMarkup ? text : TemplateFilters.htmlEscaped(text) }
            return .markup(escape(markedLeft, a) + escape(markedRight, b))
        }
        let left = markedLeft.unmarked
        let right = markedRight.unmarked
        switch (symbol, left, right) {
        case ("+", .string(let a), .string(let b)): return .string(a + b)
        case ("+", .list(let a), .list(let b)): return .list(a + b)
        case ("+", .tuple(let a), .tuple(let b)): return .tuple(a + b)
        case ("+", .string, _): throw TemplateError(.evaluation, line: line, "can only concatenate str (not \"\(right.typeName)\") to str")
        case ("+", .list, _): throw TemplateError(.evaluation, line: line, "can only concatenate list (not \"\(right.typeName)\") to list")
        case ("*", .string(let text), _) where right.integerValue != nil:
            return .string(String(repeating: text, count: try repetitions(right, length: text.utf8.count, line: line)))
        case ("*", _, .string(let text)) where left.integerValue != nil:
            return .string(String(repeating: text, count: try repetitions(left, length: text.utf8.count, line: line)))
        case ("*", .list(let items), _) where right.integerValue != nil:
            return .list(Array(repeating: items, count: try repetitions(right, length: items.count, line: line)).flatMap { $0 })
        default: break
        }
        guard let a = left.number, let b = right.number else {
            throw TemplateError(.evaluation, line: line, "unsupported operand type(s) for \(symbol): '\(left.typeName)' and '\(right.typeName)'")
        }
        if let x = left.integerValue, let y = right.integerValue, symbol != "/" {
            return try integerArithmetic(symbol, x, y, line: line)
        }
        switch symbol {
        case "+": return .float(a + b)
        case "-": return .float(a - b)
        case "*": return .float(a * b)
        case "/":
            guard b != 0 else { throw TemplateError(.evaluation, line: line, "division by zero") }
            return .float(a / b)
        case "//":
            guard b != 0 else { throw TemplateError(.evaluation, line: line, "float floor division by zero") }
            return .float((a / b).rounded(.down))
        case "%":
            guard b != 0 else { throw TemplateError(.evaluation, line: line, "float modulo") }
            let remainder = a.truncatingRemainder(dividingBy: b)
            return .float(remainder != 0 && (remainder < 0) != (b < 0) ? remainder + b : remainder)
        default: return .float(Foundation.pow(a, b))
        }
    }

    /// `"ab" * n` and `[x] * n`, refused past 64 MiB of result rather than exhausting memory.
    private static func repetitions(_ count: TemplateValue, length: Int, line: Int) throws(TemplateError) -> Int {
        let times = max(count.integerValue ?? 0, 0)
        guard length == 0 || times <= (64 << 20) / length else {
            throw TemplateError(.evaluation, line: line, "repeating a value \(times) times would make more than 64 MiB")
        }
        return times
    }

    private static func integerArithmetic(_ symbol: String, _ a: Int, _ b: Int, line: Int) throws(TemplateError) -> TemplateValue {
        func checked(_ result: (partialValue: Int, overflow: Bool)) throws(TemplateError) -> TemplateValue {
            guard !result.overflow else { throw TemplateError(.evaluation, line: line, "an integer past 64 bits") }
            return .integer(result.partialValue)
        }
        switch symbol {
        case "+": return try checked(a.addingReportingOverflow(b))
        case "-": return try checked(a.subtractingReportingOverflow(b))
        case "*": return try checked(a.multipliedReportingOverflow(by: b))
        case "//", "%":
            guard b != 0 else { throw TemplateError(.evaluation, line: line, "integer division or modulo by zero") }
            let (quotientOrNil, overflow) = a.dividedReportingOverflow(by: b)
            guard !overflow else { throw TemplateError(.evaluation, line: line, "an integer past 64 bits") }
            var quotient = quotientOrNil
            var remainder = a.remainderReportingOverflow(dividingBy: b).partialValue
            if remainder != 0, (remainder < 0) != (b < 0) {
                quotient -= 1
                remainder += b
            }
            return .integer(symbol == "//" ? quotient : remainder)
        default:
            guard b >= 0 else { return .float(Foundation.pow(Double(a), Double(b))) }
            // By squaring: `1 ** 10**17` is 60 steps, not 10**17 (a hang FuzzTemplate found).
            // A square is taken only while bits remain, so it overflows only when the result would.
            func product(_ x: Int, _ y: Int) throws(TemplateError) -> Int {
                let (value, overflow) = x.multipliedReportingOverflow(by: y)
                guard !overflow else { throw TemplateError(.evaluation, line: line, "an integer past 64 bits") }
                return value
            }
            var (result, base, exponent) = (1, a, b)
            while exponent > 0 {
                if exponent & 1 == 1 { result = try product(result, base) }
                exponent >>= 1
                if exponent > 0 { base = try product(base, base) }
            }
            return .integer(result)
        }
    }

    static func compare(_ symbol: String, _ left: TemplateValue, _ right: TemplateValue, line: Int) throws(TemplateError) -> Bool {
        switch symbol {
        case "==": return left == right
        case "!=": return left != right
        case "in": return try contains(right, left, line: line)
        case "not in": return !(try contains(right, left, line: line))
        default:
            guard let order = try ordering(left, right, line: line, symbol: symbol) else { return false }
            switch symbol {
            case "<": return order < 0
            case "<=": return order <= 0
            case ">": return order > 0
            default: return order >= 0
            }
        }
    }

    /// -1, 0 or 1; `nil` when a float is NaN.
    static func ordering(_ left: TemplateValue, _ right: TemplateValue, line: Int, symbol: String = "<") throws(TemplateError) -> Int? {
        switch (left.unmarked, right.unmarked) {
        case (.string(let a), .string(let b)):
            return a.unicodeScalars.elementsEqual(b.unicodeScalars) ? 0 : a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) ? -1 : 1
        case (.list(let a), .list(let b)), (.tuple(let a), .tuple(let b)):
            for (x, y) in zip(a, b) where x != y { return try ordering(x, y, line: line, symbol: symbol) }
            return a.count == b.count ? 0 : a.count < b.count ? -1 : 1
        default:
            guard let a = left.number, let b = right.number else {
                throw TemplateError(.evaluation, line: line, "'\(symbol)' not supported between instances of '\(left.typeName)' and '\(right.typeName)'")
            }
            if a.isNaN || b.isNaN { return nil }
            return a == b ? 0 : a < b ? -1 : 1
        }
    }

    static func contains(_ container: TemplateValue, _ element: TemplateValue, line: Int) throws(TemplateError) -> Bool {
        switch container.unmarked {
        case .string(let text):
            guard case .string(let part) = element.unmarked else {
                throw TemplateError(.evaluation, line: line, "'in <string>' requires string as left operand, not \(element.typeName)")
            }
            return part.isEmpty || text.unicodeScalars.contains(part.unicodeScalars)
        case .list(let items), .tuple(let items), .generator(let items): return items.contains(element)
        case .dictionary(let dictionary):
            guard let key = TemplateDictionary.Key(element) else { return false }
            return dictionary[key] != nil
        case .undefined: return false
        default: throw TemplateError(.evaluation, line: line, "argument of type '\(container.typeName)' is not iterable")
        }
    }
}

extension String.UnicodeScalarView {
    func contains(_ part: String.UnicodeScalarView) -> Bool {
        let haystack = Array(self)
        let needle = Array(part)
        guard needle.count <= haystack.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start..<start + needle.count].elementsEqual(needle) {
            return true
        }
        return false
    }
}
