/// A value while a template renders, with Python's semantics, since jinja2 is Python: `None`,
/// `True`, integers and floats apart, insertion-ordered dictionaries, and `undefined` for a
/// name or key that doesn't exist (printed as nothing, falsy, an error once used further).
public enum TemplateValue: Sendable {
    case undefined(String)
    case none
    case bool(Bool)
    case integer(Int)
    case float(Double)
    case string(String)
    /// Text marked safe (`|safe`, `|escape`): markupsafe's `Markup`. Concatenating plain text to
    /// it HTML-escapes that text, which one real template relies on.
    case markup(String)
    case list([TemplateValue])
    case tuple([TemplateValue])
    /// What jinja2's `map`, `select`, `selectattr`, `reject`, `unique`, `items` and `reverse`
    /// return: a generator, always truthy, without a length, not JSON.
    case generator([TemplateValue])
    case dictionary(TemplateDictionary)
    /// `namespace(…)`: the one mutable object a template can make.
    case namespace(TemplateNamespace)
    case function(TemplateFunction)
    /// A value that raises when used: an attribute the sandbox refuses (`list.append`).
    case refused(String)
}

/// Python's `dict`, in insertion order. Keys are what JSON and templates use: strings, and
/// numbers or `None` from a template's own literals (`{0: 'low'}`); `1`, `1.0` and `True` are
/// one key, as in Python.
public struct TemplateDictionary: Sendable {
    public enum Key: Hashable, Sendable {
        case string(String)
        case integer(Int)
        case float(Double)
        case none

        init?(_ value: TemplateValue) {
            switch value {
            case .string(let text), .markup(let text): self = .string(text)
            case .integer(let integer): self = .integer(integer)
            case .bool(let flag): self = .integer(flag ? 1 : 0)
            case .float(let number):
                if number.rounded() == number, abs(number) < 9.2e18 { self = .integer(Int(number)) } else { self = .float(number) }
            case .none: self = .none
            default: return nil
            }
        }

        var value: TemplateValue {
            switch self {
            case .string(let text): .string(text)
            case .integer(let integer): .integer(integer)
            case .float(let number): .float(number)
            case .none: .none
            }
        }
    }

    public private(set) var keys: [Key] = []
    private var storage: [Key: TemplateValue] = [:]

    public init() {}

    public init(_ entries: [(String, TemplateValue)]) {
        for (key, value) in entries { self[key] = value }
    }

    public subscript(key: String) -> TemplateValue? {
        get { storage[.string(key)] }
        set { self[.string(key)] = newValue }
    }

    public subscript(key: Key) -> TemplateValue? {
        get { storage[key] }
        set {
            if storage[key] == nil, newValue != nil { keys.append(key) }
            if newValue == nil, storage[key] != nil { keys.removeAll { $0 == key } }
            storage[key] = newValue
        }
    }

    public var count: Int { keys.count }
    public var entries: [(key: Key, value: TemplateValue)] { keys.map { ($0, storage[$0] ?? TemplateValue.none) } }
}

public final class TemplateNamespace: @unchecked Sendable {
    // A template renders on one thread; a namespace never outlives its rendering.
    var attributes: TemplateDictionary

    init(_ attributes: TemplateDictionary) {
        self.attributes = attributes
    }
}

/// A callable: a global (`range`, `raise_exception`), a bound method (`"a".split`), a macro.
public struct TemplateFunction: Sendable {
    let name: String
    let body: @Sendable (_ call: FunctionCall) throws(TemplateError) -> TemplateValue
}

struct FunctionCall {
    var positional: [TemplateValue]
    var named: [(name: String, value: TemplateValue)]
    let line: Int
    /// For macros: the body of a `{% call %}` block, as `caller()`.
    var caller: TemplateValue?

    func argument(_ position: Int, _ name: String) -> TemplateValue? {
        if position < positional.count { return positional[position].unmarked }
        return named.first { $0.name == name }?.value.unmarked
    }
}

extension TemplateValue {
    /// Markup as the plain string it is for everything but `+`.
    var unmarked: TemplateValue {
        if case .markup(let text) = self { return .string(text) }
        return self
    }

    var isMarkup: Bool {
        if case .markup = self { return true }
        return false
    }

    var isUndefined: Bool {
        if case .undefined = self { return true }
        return false
    }

    /// Python's truth: empty, zero, `None` and undefined are false.
    var isTruthy: Bool {
        switch self {
        case .undefined, .none: false
        case .bool(let value): value
        case .integer(let value): value != 0
        case .float(let value): value != 0
        case .string(let value), .markup(let value): !value.isEmpty
        case .list(let items), .tuple(let items): !items.isEmpty
        case .dictionary(let dictionary): dictionary.count > 0
        case .generator, .namespace, .function, .refused: true
        }
    }

    /// Python's type name, for error messages as jinja2 words them.
    var typeName: String {
        switch self {
        case .undefined: "Undefined"
        case .none: "NoneType"
        case .bool: "bool"
        case .integer: "int"
        case .float: "float"
        case .string: "str"
        case .markup: "Markup"
        case .list: "list"
        case .tuple: "tuple"
        case .generator: "generator"
        case .dictionary: "dict"
        case .namespace: "Namespace"
        case .function: "function"
        case .refused: "Undefined"
        }
    }

    /// Numbers as Python compares them: `True == 1 == 1.0`.
    var number: Double? {
        switch self {
        case .bool(let value): value ? 1 : 0
        case .integer(let value): Double(value)
        case .float(let value): value
        default: nil
        }
    }

    var integerValue: Int? {
        switch self {
        case .bool(let value): value ? 1 : 0
        case .integer(let value): value
        default: nil
        }
    }

    /// What `for` walks: a list's items, a dictionary's keys, a string's characters.
    func items(line: Int) throws(TemplateError) -> [TemplateValue] {
        switch unmarked {
        case .undefined: return []
        case .list(let items), .tuple(let items), .generator(let items): return items
        case .dictionary(let dictionary): return dictionary.keys.map(\.value)
        case .string(let text): return text.unicodeScalars.map { .string(String($0)) }
        case .refused(let reason): throw TemplateError(.evaluation, line: line, reason)
        default: throw TemplateError(.evaluation, line: line, "'\(typeName)' object is not iterable")
        }
    }
}

extension TemplateValue: Equatable {
    /// Python's `==`.
    public static func == (left: TemplateValue, right: TemplateValue) -> Bool {
        switch (left.unmarked, right.unmarked) {
        case (.undefined, .undefined), (.none, .none): return true
        case (.string(let a), .string(let b)): return a.unicodeScalars.elementsEqual(b.unicodeScalars)
        case (.list(let a), .list(let b)), (.tuple(let a), .tuple(let b)): return a == b
        case (.dictionary(let a), .dictionary(let b)):
            return a.count == b.count && a.entries.allSatisfy { b[$0.key] == $0.value }
        case (.namespace(let a), .namespace(let b)): return a === b
        default:
            if let a = left.number, let b = right.number { return a == b }
            return false
        }
    }
}
