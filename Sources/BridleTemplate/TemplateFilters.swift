import Foundation

/// jinja2's built-in filters that chat templates use, with Hugging Face's `tojson` (Python's
/// `json.dumps`, not jinja2's HTML-safe one). An unknown filter is a typed error naming it.
enum TemplateFilters {
    static func apply(_ name: String, to marked: TemplateValue, _ call: FunctionCall, renderer: TemplateRenderer) throws(TemplateError) -> TemplateValue {
        let line = call.line
        let value = marked.unmarked
        func text() throws(TemplateError) -> String {
            if case .refused(let reason) = value { throw TemplateError(.evaluation, line: line, reason) }
            return value.pythonString
        }
        switch name {
        case "tojson": return .string(try tojson(value, call))
        case "length", "count":
            switch value {
            case .undefined: return .integer(0)
            case .string(let string): return .integer(string.unicodeScalars.count)
            case .list(let items), .tuple(let items): return .integer(items.count)
            case .dictionary(let dictionary): return .integer(dictionary.count)
            default: throw TemplateError(.evaluation, line: line, "object of type '\(value.typeName)' has no len()")
            }
        case "string": return marked.isMarkup ? marked : .string(try text())
        case "safe": return .markup(try text())
        case "e", "escape", "forceescape":
            return marked.isMarkup && name != "forceescape" ? marked : .markup(htmlEscaped(try text()))
        case "trim":
            var characters: String?
            if case .string(let given)? = call.argument(0, "chars") { characters = given }
            return .string(PythonText.strip(try text(), characters, leading: true, trailing: true))
        case "upper": return .string(try text().uppercased())
        case "lower": return .string(try text().lowercased())
        case "capitalize": return .string(PythonText.capitalize(try text()))
        case "title": return .string(PythonText.title(try text()))
        case "default", "d":
            let fallback = call.argument(0, "default_value") ?? .string("")
            let boolean = call.argument(1, "boolean")?.isTruthy ?? false
            return value.isUndefined || (boolean && !value.isTruthy) ? fallback : value
        case "join":
            let separator = call.argument(0, "d")?.pythonString ?? ""
            var items = try value.items(line: line)
            if case .string(let attribute)? = call.argument(1, "attribute") {
                items = try items.map { item throws(TemplateError) in try TemplateAccess.attribute(attribute, of: item, line: line) }
            }
            return .string(items.map(\.pythonString).joined(separator: separator))
        case "items":
            switch value {
            case .undefined: return .generator([])
            case .dictionary(let dictionary): return .generator(dictionary.entries.map { .tuple([$0.key.value, $0.value]) })
            default: throw TemplateError(.evaluation, line: line, "can only get item pairs from a mapping, not \(value.typeName)")
            }
        case "dictsort":
            guard case .dictionary(let dictionary) = value else { throw TemplateError(.evaluation, line: line, "dictsort needs a mapping") }
            let caseSensitive = call.argument(0, "case_sensitive")?.isTruthy ?? false
            let byValue = call.argument(1, "by")?.pythonString == "value"
            let reverse = call.argument(2, "reverse")?.isTruthy ?? false
            let pairs = dictionary.entries.map { TemplateValue.tuple([$0.key.value, $0.value]) }
            let sorted = try sort(pairs, reverse: reverse, line: line) { pair throws(TemplateError) in
                let part = try TemplateAccess.item(.integer(byValue ? 1 : 0), of: pair, line: line)
                return caseSensitive ? part : folded(part)
            }
            return .list(sorted)
        case "list": return .list(try value.items(line: line))
        case "first":
            return try value.items(line: line).first ?? .undefined("No first item, sequence was empty.")
        case "last":
            return try value.items(line: line).last ?? .undefined("No last item, sequence was empty.")
        case "reverse":
            if case .string(let string) = value { return .string(String(String.UnicodeScalarView(string.unicodeScalars.reversed()))) }
            return .generator(try value.items(line: line).reversed())
        case "replace":
            guard let old = call.argument(0, "old"), let new = call.argument(1, "new") else {
                throw TemplateError(.evaluation, line: line, "replace needs the old and the new text")
            }
            let count = call.argument(2, "count")?.integerValue ?? -1
            return .string(PythonText.replace(try text(), old.pythonString, new.pythonString, count: count))
        case "selectattr", "rejectattr", "select", "reject":
            return .generator(value.isTruthy ? try select(name, value, call, renderer: renderer) : [])
        case "map": return .generator(value.isTruthy ? try map(value, call, renderer: renderer) : [])
        case "unique":
            let caseSensitive = call.argument(0, "case_sensitive")?.isTruthy ?? false
            var seen: [TemplateValue] = []
            var result: [TemplateValue] = []
            for item in try value.items(line: line) {
                let key = try attributeKey(item, call.argument(1, "attribute"), caseSensitive: caseSensitive, line: line)
                if !seen.contains(key) {
                    seen.append(key)
                    result.append(item)
                }
            }
            return .generator(result)
        case "sort":
            let reverse = call.argument(0, "reverse")?.isTruthy ?? false
            let caseSensitive = call.argument(1, "case_sensitive")?.isTruthy ?? false
            let attribute = call.argument(2, "attribute")
            return .list(try sort(try value.items(line: line), reverse: reverse, line: line) { item throws(TemplateError) in
                try attributeKey(item, attribute, caseSensitive: caseSensitive, line: line)
            })
        case "min", "max":
            let caseSensitive = call.argument(0, "case_sensitive")?.isTruthy ?? false
            let attribute = call.argument(1, "attribute")
            let sorted = try sort(try value.items(line: line), reverse: name == "max", line: line) { item throws(TemplateError) in
                try attributeKey(item, attribute, caseSensitive: caseSensitive, line: line)
            }
            return sorted.first ?? .undefined("No aggregated item, sequence was empty.")
        case "sum":
            var total = call.argument(1, "start") ?? .integer(0)
            for item in try value.items(line: line) {
                let part = try attributeKey(item, call.argument(0, "attribute"), caseSensitive: true, line: line)
                total = try PythonOperators.binary("+", total, part, line: line)
            }
            return total
        case "int": return integer(value, fallback: call.argument(0, "default") ?? .integer(0))
        case "float":
            switch value {
            case .float: return value
            case .integer, .bool: return .float(value.number ?? 0)
            case .string(let string): return Double(string.trimmingSpaces).map { .float($0) } ?? call.argument(0, "default") ?? .float(0)
            default: return call.argument(0, "default") ?? .float(0)
            }
        case "abs":
            switch value {
            case .integer(let integer):
                guard integer != .min else { throw TemplateError(.evaluation, line: line, "an integer past 64 bits") }
                return .integer(abs(integer))
            case .float(let number): return .float(abs(number))
            default: throw TemplateError(.evaluation, line: line, "bad operand type for abs(): '\(value.typeName)'")
            }
        case "round":
            guard let number = value.number else { throw TemplateError(.evaluation, line: line, "round needs a number") }
            let precision = call.argument(0, "precision")?.integerValue ?? 0
            let method = call.argument(1, "method")?.pythonString ?? "common"
            let scale = Foundation.pow(10, Double(precision))
            let rule: FloatingPointRoundingRule = method == "ceil" ? .up : method == "floor" ? .down : .toNearestOrAwayFromZero
            return .float((number * scale).rounded(rule) / scale)
        case "indent": return .string(try indent(try text(), call))
        case "wordcount": return .integer(PythonText.split(try text(), separator: nil, maxSplits: -1).count)
        case "attr":
            guard case .string(let attribute)? = call.argument(0, "name") else { throw TemplateError(.evaluation, line: line, "attr needs a name") }
            return try TemplateAccess.attribute(attribute, of: value, line: line)
        default:
            throw TemplateError(.unsupportedConstruct("|\(name)"), line: line, "there is no filter named '\(name)' in jinja2's built-ins that Bridle renders")
        }
    }

    /// Hugging Face's `tojson(x, ensure_ascii=False, indent=None, separators=None, sort_keys=False)`.
    private static func tojson(_ value: TemplateValue, _ call: FunctionCall) throws(TemplateError) -> String {
        var style = TemplateValue.JSONStyle()
        style.asciiOnly = call.argument(0, "ensure_ascii")?.isTruthy ?? false
        switch call.argument(1, "indent") ?? TemplateValue.none {
        case .none: break
        case .integer(let width): style.indent = String(repeating: " ", count: try indentWidth(width, line: call.line))
        case .string(let text): style.indent = text
        case let other: throw TemplateError(.evaluation, line: call.line, "tojson's indent must be an integer or a string, not \(other.typeName)")
        }
        if style.indent != nil { style.itemSeparator = "," }
        if let separators = call.argument(2, "separators"), case .tuple(let parts) = separators, parts.count == 2 {
            style.itemSeparator = parts[0].pythonString
            style.keySeparator = parts[1].pythonString
        } else if let separators = call.argument(2, "separators"), case .list(let parts) = separators, parts.count == 2 {
            style.itemSeparator = parts[0].pythonString
            style.keySeparator = parts[1].pythonString
        }
        style.sortsKeys = call.argument(3, "sort_keys")?.isTruthy ?? false
        return try value.json(style, line: call.line)
    }

    private static func select(_ name: String, _ value: TemplateValue, _ call: FunctionCall, renderer: TemplateRenderer) throws(TemplateError) -> [TemplateValue] {
        let byAttribute = name.hasSuffix("attr")
        let keeps = name.hasPrefix("select")
        var arguments = call.positional
        var attribute: String?
        if byAttribute {
            guard case .string(let given)? = arguments.first else {
                throw TemplateError(.evaluation, line: call.line, "\(name) needs an attribute name")
            }
            attribute = given
            arguments.removeFirst()
        }
        let testName: String? = arguments.first.map(\.pythonString)
        if !arguments.isEmpty { arguments.removeFirst() }
        let testCall = FunctionCall(positional: arguments, named: [], line: call.line, caller: nil)
        var kept: [TemplateValue] = []
        for item in try value.items(line: call.line) {
            var subject = item
            if let attribute { subject = try attributeValue(attribute, of: item, line: call.line) }
            let passes = if let testName { try TemplateTestFunctions.test(testName, subject, testCall, renderer: renderer) } else { subject.isTruthy }
            if passes == keeps { kept.append(item) }
        }
        return kept
    }

    private static func map(_ value: TemplateValue, _ call: FunctionCall, renderer: TemplateRenderer) throws(TemplateError) -> [TemplateValue] {
        let items = try value.items(line: call.line)
        if case .string(let attribute)? = call.named.first(where: { $0.name == "attribute" })?.value {
            let fallback = call.named.first { $0.name == "default" }?.value
            return try items.map { item throws(TemplateError) in
                let found = try attributeValue(attribute, of: item, line: call.line)
                if found.isUndefined, let fallback { return fallback }
                return found
            }
        }
        guard case .string(let filter)? = call.positional.first else {
            throw TemplateError(.evaluation, line: call.line, "map needs a filter name or attribute=")
        }
        let filterCall = FunctionCall(positional: Array(call.positional.dropFirst()), named: call.named, line: call.line, caller: nil)
        return try items.map { item throws(TemplateError) in try apply(filter, to: item, filterCall, renderer: renderer) }
    }

    /// jinja2's `attribute` argument: dotted (`"function.name"`) and integer parts index.
    private static func attributeValue(_ path: String, of item: TemplateValue, line: Int) throws(TemplateError) -> TemplateValue {
        var value = item
        for part in path.split(separator: ".") {
            if let index = Int(part) {
                value = try TemplateAccess.item(.integer(index), of: value, line: line)
            } else {
                value = try TemplateAccess.item(.string(String(part)), of: value, line: line)
            }
            if value.isUndefined { return value }
        }
        return value
    }

    private static func attributeKey(_ item: TemplateValue, _ attribute: TemplateValue?, caseSensitive: Bool, line: Int) throws(TemplateError) -> TemplateValue {
        var key = item
        if case .string(let path)? = attribute { key = try attributeValue(path, of: item, line: line) }
        return caseSensitive ? key : folded(key)
    }

    private static func folded(_ value: TemplateValue) -> TemplateValue {
        if case .string(let text) = value { return .string(text.lowercased()) }
        return value
    }

    /// Python's stable `sorted` by a key.
    private static func sort(_ items: [TemplateValue], reverse: Bool, line: Int, key: (TemplateValue) throws(TemplateError) -> TemplateValue) throws(TemplateError) -> [TemplateValue] {
        var keyed: [(key: TemplateValue, item: TemplateValue)] = []
        for item in items { keyed.append((try key(item), item)) }
        var failure: TemplateError?
        let sorted = keyed.enumerated().sorted { left, right in
            do throws(TemplateError) {
                let order = try PythonOperators.ordering(left.element.key, right.element.key, line: line) ?? 0
                if order != 0 { return reverse ? order > 0 : order < 0 }
            } catch {
                failure = error
            }
            return left.offset < right.offset
        }
        if let failure { throw failure }
        return sorted.map { $0.element.item }
    }

    private static func integer(_ value: TemplateValue, fallback: TemplateValue) -> TemplateValue {
        switch value {
        case .integer: return value
        case .bool(let flag): return .integer(flag ? 1 : 0)
        case .float(let number): return number.isFinite && abs(number) < 9.2e18 ? .integer(Int(number)) : fallback
        case .string(let text):
            let trimmed = text.trimmingSpaces.replacingOccurrences(of: "_", with: "")
            if let integer = Int(trimmed) { return .integer(integer) }
            if let number = Double(trimmed), number.isFinite, abs(number) < 9.2e18 { return .integer(Int(number)) }
            return fallback
        default: return fallback
        }
    }

    /// An indentation is a few spaces; a million is a hostile template, refused.
    private static func indentWidth(_ width: Int, line: Int) throws(TemplateError) -> Int {
        guard width <= 1024 else { throw TemplateError(.evaluation, line: line, "an indentation of \(width) spaces, over 1024") }
        return max(width, 0)
    }

    /// jinja2's `indent(width=4, first=False, blank=False)`.
    private static func indent(_ text: String, _ call: FunctionCall) throws(TemplateError) -> String {
        let indentation: String
        switch call.argument(0, "width") {
        case .string(let given)?: indentation = given
        case let width?: indentation = String(repeating: " ", count: try indentWidth(width.integerValue ?? 4, line: call.line))
        case nil: indentation = "    "
        }
        let first = call.argument(1, "first")?.isTruthy ?? false
        let blank = call.argument(2, "blank")?.isTruthy ?? false
        var lines = PythonText.splitLines(text + "\n")
        var result: String
        if blank {
            result = lines.joined(separator: "\n" + indentation)
        } else {
            result = lines.isEmpty ? "" : lines.removeFirst()
            if !lines.isEmpty {
                result += "\n" + lines.map { $0.isEmpty ? $0 : indentation + $0 }.joined(separator: "\n")
            }
        }
        return first ? indentation + result : result
    }

    static func htmlEscaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&#34;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension String {
    var trimmingSpaces: String { PythonText.strip(self, nil, leading: true, trailing: true) }
}
