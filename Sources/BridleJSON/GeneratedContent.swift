/// A JSON value that remembers the order of object keys and the exact text of numbers.
///
/// Structured output is read by people and fed back to models, so the key order a schema asks
/// for (and a model produced) is part of the content, and `Dictionary`-based JSON values or
/// `JSONSerialization` would scramble it; likewise numbers stay exact text (`JSONNumber`)
/// instead of being squeezed through `Double`.
///
/// ```swift
/// let content = try GeneratedContent(json: #"{"name": "Ada", "age": 36}"#)
/// content[property: "name"]            // "Ada"
/// content.jsonString                   // {"name":"Ada","age":36}
///
/// let built: GeneratedContent = ["b": 1, "a": [true, nil]]
/// built.jsonString                     // {"b":1,"a":[true,null]}
/// ```
///
/// Equality compares key order as well as keys and values, so a value equals what it parses
/// back to from its own `jsonString`; numbers compare numerically (`1.0 == 1`).
public struct GeneratedContent: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The shape and value of a JSON value.
    public enum Kind: Sendable, Hashable {
        case null
        case bool(Bool)
        case number(JSONNumber)
        case string(String)
        case array([GeneratedContent])
        /// Keys in document order; `properties` holds the same keys.
        ///
        /// Because `kind` can be set directly, the two can disagree. Readers then use
        /// `orderedKeys` that are in `properties` (first occurrence wins), followed by any
        /// remaining `properties` keys in sorted order, so output stays deterministic.
        case structure(properties: [String: GeneratedContent], orderedKeys: [String])
    }

    /// The value itself; switch over it to read content of any shape.
    public var kind: Kind

    /// Wraps a kind; `.structure` should list each key of `properties` once in `orderedKeys`.
    public init(kind: Kind) {
        self.kind = kind
    }

    /// JSON `null`.
    public static let null = GeneratedContent(kind: .null)

    // MARK: - Parsing

    /// Parses one JSON value (surrounding whitespace allowed) under strict RFC 8259 rules:
    /// no comments, trailing commas, `NaN`, leading zeros, lone surrogates or duplicate keys.
    ///
    /// ```swift
    /// let content = try GeneratedContent(json: "[1, 2.50, \"x\"]")
    /// content.jsonString   // [1,2.50,"x"]
    /// ```
    ///
    /// - Throws: `JSONSyntaxError`, whose `description` points at the problem.
    public init(json: String) throws(JSONSyntaxError) {
        var source = json
        self = try source.withUTF8 { JSONParser.parse($0) }.get()
    }

    /// Parses one JSON value from UTF-8 bytes; invalid UTF-8 is a `JSONSyntaxError` too.
    ///
    /// ```swift
    /// let content = try GeneratedContent(jsonData: Array(#"{"ok":true}"#.utf8))
    /// ```
    public init(jsonData: some Collection<UInt8>) throws(JSONSyntaxError) {
        let result = jsonData.withContiguousStorageIfAvailable { JSONParser.parse($0) }
            ?? Array(jsonData).withUnsafeBufferPointer { JSONParser.parse($0) }
        self = try result.get()
    }

    // MARK: - Printing

    /// Compact JSON: no whitespace, keys in order, numbers as their exact text.
    public var jsonString: String {
        JSONWriter.string(for: self, prettyPrinted: false)
    }

    /// JSON text; pretty output indents by two spaces, writes `"key": value`, and keeps empty
    /// arrays and objects on one line.
    ///
    /// ```swift
    /// let content: GeneratedContent = ["a": [1], "b": [:]]
    /// print(content.jsonString(prettyPrinted: true))
    /// // {
    /// //   "a": [
    /// //     1
    /// //   ],
    /// //   "b": {}
    /// // }
    /// ```
    public func jsonString(prettyPrinted: Bool) -> String {
        JSONWriter.string(for: self, prettyPrinted: prettyPrinted)
    }

    /// JSON text on one line, in `layout`: the text a grammar compiled with that layout
    /// admits for this value (``JSONLayout/flexible`` is written spaced).
    ///
    /// ```swift
    /// let content: GeneratedContent = ["a": [1, 2]]
    /// content.jsonString(layout: .spaced)   // {"a": [1, 2]}
    /// ```
    public func jsonString(layout: JSONLayout) -> String {
        JSONWriter.string(for: self, layout: layout)
    }

    /// The compact JSON text.
    public var description: String { jsonString }

    /// The pretty-printed JSON text.
    public var debugDescription: String { jsonString(prettyPrinted: true) }

    // MARK: - Building

    /// An object with properties in the given order. A repeated key replaces the earlier value
    /// but keeps the earlier position, as assigning to an ordered dictionary's key does.
    public init(properties: [(String, GeneratedContent)]) {
        var values: [String: GeneratedContent] = [:]
        values.reserveCapacity(properties.count)
        var keys: [String] = []
        keys.reserveCapacity(properties.count)
        for (key, value) in properties where values.updateValue(value, forKey: key) == nil {
            keys.append(key)
        }
        self.init(kind: .structure(properties: values, orderedKeys: keys))
    }

    /// An array.
    public init(elements: [GeneratedContent]) {
        self.init(kind: .array(elements))
    }

    /// A string.
    public init(_ value: String) {
        self.init(kind: .string(value))
    }

    /// A boolean.
    public init(_ value: Bool) {
        self.init(kind: .bool(value))
    }

    /// A number.
    public init(_ value: JSONNumber) {
        self.init(kind: .number(value))
    }

    /// A number with the integer's exact value.
    public init<I: BinaryInteger>(_ value: I) {
        self.init(kind: .number(JSONNumber(value)))
    }

    // MARK: - Reading

    /// The properties of an object.
    ///
    /// - Throws: `GeneratedContentError.notAStructure` when this isn't an object.
    public func properties() throws -> [String: GeneratedContent] {
        guard case .structure(let properties, _) = kind else {
            throw GeneratedContentError.notAStructure(found: summary)
        }
        return properties
    }

    /// The properties of an object in order, or `nil` when this isn't an object.
    ///
    /// ```swift
    /// let content = try GeneratedContent(json: #"{"z": 1, "a": 2}"#)
    /// content.orderedProperties?.map(\.name)   // ["z", "a"]
    /// ```
    public var orderedProperties: [(name: String, value: GeneratedContent)]? {
        guard case .structure(let properties, let orderedKeys) = kind else { return nil }
        return Self.orderedEntries(properties: properties, orderedKeys: orderedKeys)
    }

    /// The elements of an array.
    ///
    /// - Throws: `GeneratedContentError.notAnArray` when this isn't an array.
    public func elements() throws -> [GeneratedContent] {
        guard case .array(let elements) = kind else {
            throw GeneratedContentError.notAnArray(found: summary)
        }
        return elements
    }

    /// The value of an object's property, or `nil` when there is no such property or this
    /// isn't an object.
    public subscript(property name: String) -> GeneratedContent? {
        guard case .structure(let properties, _) = kind else { return nil }
        return properties[name]
    }

    /// The value of an object's property, for callers that need to know why it's missing.
    ///
    /// ```swift
    /// let name = try content.value(forProperty: "name")
    /// ```
    ///
    /// - Throws: `GeneratedContentError.notAStructure` when this isn't an object, or
    ///   `GeneratedContentError.missingProperty` when it has no such property.
    public func value(forProperty name: String) throws -> GeneratedContent {
        guard let value = try properties()[name] else {
            throw GeneratedContentError.missingProperty(name)
        }
        return value
    }

    // MARK: - Internal helpers

    /// The entries of a structure in output order, tolerating `properties` and `orderedKeys`
    /// that disagree (see `Kind.structure`).
    package static func orderedEntries(
        properties: [String: GeneratedContent],
        orderedKeys: [String]
    ) -> [(name: String, value: GeneratedContent)] {
        var entries: [(name: String, value: GeneratedContent)] = []
        entries.reserveCapacity(properties.count)
        var seen = Set<String>(minimumCapacity: orderedKeys.count)
        for key in orderedKeys {
            if let value = properties[key], seen.insert(key).inserted {
                entries.append((key, value))
            }
        }
        if entries.count < properties.count {
            for key in properties.keys.sorted() where !seen.contains(key) {
                if let value = properties[key] {
                    entries.append((key, value))
                }
            }
        }
        return entries
    }

    /// A short phrase naming this value for error messages, e.g. `the string "abc"` or
    /// `an array of 3 elements`; long values are abbreviated.
    package var summary: String {
        switch kind {
        case .null:
            return "null"
        case .bool(let value):
            return "the boolean \(value)"
        case .number(let number):
            return "the number \(Self.abbreviated(number.text))"
        case .string(let string):
            return "the string \(Self.abbreviated(JSONWriter.quoted(string)))"
        case .array(let elements):
            switch elements.count {
            case 0: return "an empty array"
            case 1: return "an array of 1 element"
            default: return "an array of \(elements.count) elements"
            }
        case .structure(let properties, let orderedKeys):
            let names = Self.orderedEntries(properties: properties, orderedKeys: orderedKeys).map(\.name)
            if names.isEmpty { return "an empty object" }
            let shown = names.prefix(5).map { JSONWriter.quoted($0) }.joined(separator: ", ")
            let more = names.count > 5 ? ", …" : ""
            return "an object with \(names.count == 1 ? "key" : "keys") \(shown)\(more)"
        }
    }

    private static func abbreviated(_ text: String) -> String {
        text.count > 60 ? text.prefix(57) + "…" : text
    }
}
