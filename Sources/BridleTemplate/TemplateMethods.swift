/// The methods of strings, dictionaries and lists that templates call (`content.strip()`,
/// `message.get('content')`). Methods that would change a value (`append`, `pop`, `update`)
/// are refused, as in Hugging Face's immutable sandbox.
enum TemplateMethods {
    static let mutating: Set<String> = [
        "append", "extend", "insert", "pop", "remove", "clear", "reverse", "sort",
        "update", "setdefault", "popitem", "__setitem__", "__delitem__",
    ]

    static func method(_ name: String, of value: TemplateValue, line: Int) -> TemplateValue? {
        switch value {
        case .list, .tuple, .dictionary:
            if mutating.contains(name) {
                return .refused("access to attribute '\(name)' of '\(value.typeName)' object is unsafe.")
            }
        default: break
        }
        let body: (@Sendable (FunctionCall) throws(TemplateError) -> TemplateValue)?
        switch value {
        case .string(let text): body = stringMethod(name, text)
        case .dictionary(let dictionary): body = dictionaryMethod(name, dictionary)
        case .list(let items), .tuple(let items): body = listMethod(name, items, typeName: value.typeName)
        default: body = nil
        }
        return body.map { .function(TemplateFunction(name: name, body: $0)) }
    }

    private static func string(_ call: FunctionCall, _ position: Int, _ name: String) throws(TemplateError) -> String? {
        guard let value = call.argument(position, name) else { return nil }
        switch value {
        case .none: return nil
        case .string(let text): return text
        default: throw TemplateError(.evaluation, line: call.line, "argument `\(name)` must be str or None, not \(value.typeName)")
        }
    }

    private static func integer(_ call: FunctionCall, _ position: Int, _ name: String, default fallback: Int) throws(TemplateError) -> Int {
        guard let value = call.argument(position, name) else { return fallback }
        guard let integer = value.integerValue else {
            throw TemplateError(.evaluation, line: call.line, "argument `\(name)` must be an integer, not \(value.typeName)")
        }
        return integer
    }

    private static func affixes(_ call: FunctionCall) throws(TemplateError) -> [String] {
        switch call.argument(0, "prefix") ?? call.argument(0, "suffix") {
        case .string(let text): return [text]
        case .tuple(let items), .list(let items):
            return try items.map { item throws(TemplateError) in
                guard case .string(let text) = item else { throw TemplateError(.evaluation, line: call.line, "a tuple of affixes must hold strings") }
                return text
            }
        default: throw TemplateError(.evaluation, line: call.line, "startswith/endswith take a string or a tuple of strings")
        }
    }

    private static func stringMethod(_ name: String, _ text: String) -> (@Sendable (FunctionCall) throws(TemplateError) -> TemplateValue)? {
        switch name {
        case "strip", "lstrip", "rstrip":
            return { call throws(TemplateError) in
                .string(PythonText.strip(text, try string(call, 0, "chars"), leading: name != "rstrip", trailing: name != "lstrip"))
            }
        case "split", "rsplit":
            return { call throws(TemplateError) in
                let separator = try string(call, 0, "sep")
                if separator == "" { throw TemplateError(.evaluation, line: call.line, "empty separator") }
                let pieces = PythonText.split(text, separator: separator, maxSplits: try integer(call, 1, "maxsplit", default: -1), fromEnd: name == "rsplit")
                return .list(pieces.map { .string($0) })
            }
        case "splitlines": return { _ in .list(PythonText.splitLines(text).map { .string($0) }) }
        case "startswith", "endswith":
            return { call throws(TemplateError) in
                let scalars = Array(text.unicodeScalars)
                return .bool(try affixes(call).contains { affix in
                    let part = Array(affix.unicodeScalars)
                    return name == "startswith" ? scalars.starts(with: part) : scalars.reversed().starts(with: part.reversed())
                })
            }
        case "replace":
            return { call throws(TemplateError) in
                guard let old = try string(call, 0, "old"), let new = try string(call, 1, "new") else {
                    throw TemplateError(.evaluation, line: call.line, "replace() takes the old and the new text")
                }
                return .string(PythonText.replace(text, old, new, count: try integer(call, 2, "count", default: -1)))
            }
        case "lower": return { _ in .string(text.lowercased()) }
        case "upper": return { _ in .string(text.uppercased()) }
        case "title": return { _ in .string(PythonText.title(text)) }
        case "capitalize": return { _ in .string(PythonText.capitalize(text)) }
        case "find", "rfind", "index", "rindex", "count":
            return { call throws(TemplateError) in
                guard let part = try string(call, 0, "sub") else { throw TemplateError(.evaluation, line: call.line, "\(name)() needs a string") }
                if name == "count" {
                    return .integer(part.isEmpty ? text.unicodeScalars.count + 1 : PythonText.split(text, separator: part, maxSplits: -1).count - 1)
                }
                let position = PythonText.find(text, part, last: name.hasPrefix("r"))
                if position < 0, name.hasSuffix("index") { throw TemplateError(.evaluation, line: call.line, "substring not found") }
                return .integer(position)
            }
        case "isdigit", "isalpha", "isalnum", "isspace", "islower", "isupper":
            return { _ in
                let scalars = text.unicodeScalars
                guard !scalars.isEmpty else { return .bool(false) }
                switch name {
                case "isdigit": return .bool(scalars.allSatisfy { $0.properties.numericType == .decimal || $0.properties.numericType == .digit })
                case "isalpha": return .bool(scalars.allSatisfy(\.properties.isAlphabetic))
                case "isalnum": return .bool(scalars.allSatisfy { $0.properties.isAlphabetic || $0.properties.numericType != nil })
                case "isspace": return .bool(scalars.allSatisfy(PythonText.isSpace))
                case "islower": return .bool(text == text.lowercased() && text != text.uppercased())
                default: return .bool(text == text.uppercased() && text != text.lowercased())
                }
            }
        case "join":
            return { call throws(TemplateError) in
                let items = try (call.argument(0, "iterable") ?? .list([])).items(line: call.line)
                return .string(try items.map { item throws(TemplateError) in
                    guard case .string(let piece) = item else {
                        throw TemplateError(.evaluation, line: call.line, "sequence item: expected str instance, \(item.typeName) found")
                    }
                    return piece
                }.joined(separator: text))
            }
        case "format":
            return { call throws(TemplateError) in .string(try PythonFormat.format(text, call)) }
        case "removeprefix", "removesuffix":
            return { call throws(TemplateError) in
                guard let affix = try string(call, 0, name == "removeprefix" ? "prefix" : "suffix") else { return .string(text) }
                let scalars = Array(text.unicodeScalars)
                let part = Array(affix.unicodeScalars)
                if name == "removeprefix", scalars.starts(with: part) { return .string(String(String.UnicodeScalarView(scalars.dropFirst(part.count)))) }
                if name == "removesuffix", !part.isEmpty, scalars.reversed().starts(with: part.reversed()) {
                    return .string(String(String.UnicodeScalarView(scalars.dropLast(part.count))))
                }
                return .string(text)
            }
        default: return nil
        }
    }

    private static func dictionaryMethod(_ name: String, _ dictionary: TemplateDictionary) -> (@Sendable (FunctionCall) throws(TemplateError) -> TemplateValue)? {
        switch name {
        case "get":
            return { call throws(TemplateError) in
                guard let key = call.argument(0, "key").flatMap(TemplateDictionary.Key.init) else { return call.argument(1, "default") ?? TemplateValue.none }
                return dictionary[key] ?? call.argument(1, "default") ?? TemplateValue.none
            }
        case "items": return { _ in .list(dictionary.entries.map { .tuple([$0.key.value, $0.value]) }) }
        case "keys": return { _ in .list(dictionary.keys.map(\.value)) }
        case "values": return { _ in .list(dictionary.entries.map(\.value)) }
        case "copy": return { _ in .dictionary(dictionary) }
        default: return nil
        }
    }

    private static func listMethod(_ name: String, _ items: [TemplateValue], typeName: String) -> (@Sendable (FunctionCall) throws(TemplateError) -> TemplateValue)? {
        switch name {
        case "index":
            return { call throws(TemplateError) in
                guard let target = call.argument(0, "value"), let position = items.firstIndex(of: target) else {
                    throw TemplateError(.evaluation, line: call.line, "the value is not in the \(typeName)")
                }
                return .integer(position)
            }
        case "count":
            return { call in
                guard let target = call.argument(0, "value") else { return .integer(0) }
                return .integer(items.filter { $0 == target }.count)
            }
        case "copy": return { _ in .list(items) }
        default: return nil
        }
    }
}

/// `str.format`: `{}`, `{0}`, `{name}`, and `{{`/`}}` for braces. A format spec after `:` is
/// refused by name rather than ignored.
enum PythonFormat {
    static func format(_ text: String, _ call: FunctionCall) throws(TemplateError) -> String {
        var result = ""
        var scalars = Array(text.unicodeScalars)[...]
        var automatic = 0
        while let scalar = scalars.popFirst() {
            if scalar == "}" {
                guard scalars.first == "}" else { throw TemplateError(.evaluation, line: call.line, "Single '}' encountered in format string") }
                scalars.removeFirst()
                result += "}"
                continue
            }
            guard scalar == "{" else {
                result.unicodeScalars.append(scalar)
                continue
            }
            if scalars.first == "{" {
                scalars.removeFirst()
                result += "{"
                continue
            }
            var field = ""
            while let next = scalars.popFirst(), next != "}" { field.unicodeScalars.append(next) }
            if field.contains(":") || field.contains("!") {
                throw TemplateError(.unsupportedConstruct("format spec"), line: call.line, "`{\(field)}` in str.format")
            }
            let value: TemplateValue?
            if field.isEmpty {
                value = automatic < call.positional.count ? call.positional[automatic] : nil
                automatic += 1
            } else if let position = Int(field) {
                value = position < call.positional.count ? call.positional[position] : nil
            } else {
                value = call.named.first { $0.name == field }?.value
            }
            guard let value else { throw TemplateError(.evaluation, line: call.line, "no argument for `{\(field)}` in str.format") }
            result += value.pythonString
        }
        return result
    }
}
