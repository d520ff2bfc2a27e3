import Foundation

/// Decodes `Decodable` values from `GeneratedContent`, reading numbers from their exact text.
///
/// Going through `JSONDecoder` would re-serialise and re-parse, and lose exactness for
/// numbers beyond `Double`. Rules:
/// - integers of every width decode exactly; a non-integral or out-of-range number throws
///   `DecodingError.dataCorrupted` rather than being truncated or wrapped;
/// - `Float` and `Double` reject numbers beyond their finite range;
/// - `GeneratedContent` is handed over unchanged;
/// - `Decimal` decodes from the number's digits;
/// - `Date` decodes from an RFC 3339 date-time, or a full-date as midnight UTC;
/// - `URL` decodes from a string;
/// - a missing key and `null` both decode as `nil` for optionals.
///
/// ```swift
/// struct Person: Codable { var name: String; var age: Int }
/// let content = try GeneratedContent(json: #"{"name":"Ada","age":36}"#)
/// let person = try GeneratedContentDecoder().decode(Person.self, from: content)
/// ```
///
/// Errors carry the coding path to the problem (e.g. `items[2].name`) and say what was
/// expected and what was found.
public struct GeneratedContentDecoder: Sendable {
    /// Made available to `Decodable` implementations as `Decoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    public init() {}

    /// Decodes a `T` from `content`.
    ///
    /// - Throws: `DecodingError` describing the first mismatch, and whatever `T`'s own
    ///   `init(from:)` throws.
    public func decode<T: Decodable>(_ type: T.Type, from content: GeneratedContent) throws -> T {
        let context = ContentDecodingContext(userInfo: userInfo)
        return try context.decode(T.self, from: content, codingPath: [])
    }
}

// MARK: - Internals

/// Shared by every decoder and container of one `decode(_:from:)` call.
struct ContentDecodingContext {
    let userInfo: [CodingUserInfoKey: Any]

    init(userInfo: [CodingUserInfoKey: any Sendable]) {
        self.userInfo = userInfo
    }

    /// Decodes `T`, intercepting the types whose own `Decodable` conformance expects a
    /// different JSON shape than the one the encoder writes.
    func decode<T: Decodable>(_ type: T.Type, from content: GeneratedContent, codingPath: [any CodingKey]) throws -> T {
        if T.self == GeneratedContent.self {
            // Already JSON: hand it over as is, keeping key order and number text.
            return try cast(content, codingPath: codingPath)
        }
        if T.self == Date.self {
            return try cast(decodeDate(content, codingPath: codingPath), codingPath: codingPath)
        }
        if T.self == Decimal.self {
            return try cast(decodeDecimal(content, codingPath: codingPath), codingPath: codingPath)
        }
        if T.self == URL.self {
            return try cast(decodeURL(content, codingPath: codingPath), codingPath: codingPath)
        }
        return try T(from: ContentDecoder(context: self, content: content, codingPath: codingPath))
    }

    /// Always succeeds after the `T.self ==` checks above; throwing instead of force-casting
    /// keeps even an impossible failure from crashing.
    private func cast<Value, T>(_ value: Value, codingPath: [any CodingKey]) throws -> T {
        guard let result = value as? T else {
            throw DecodingError.typeMismatch(T.self, DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "Internal error: decoded \(Value.self) could not be returned as \(T.self)."
            ))
        }
        return result
    }

    private func decodeDate(_ content: GeneratedContent, codingPath: [any CodingKey]) throws -> Date {
        let text = try string(content, as: Date.self, codingPath: codingPath)
        if let date = RFC3339.parseDateTime(text) ?? RFC3339.parseFullDate(text) {
            return date
        }
        throw DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: codingPath,
            debugDescription: "Expected an RFC 3339 date-time such as \"2024-05-01T12:30:00Z\" "
                + "or full-date such as \"2024-05-01\", but found \(content.summary)."
        ))
    }

    private func decodeURL(_ content: GeneratedContent, codingPath: [any CodingKey]) throws -> URL {
        let text = try string(content, as: URL.self, codingPath: codingPath)
        guard let url = URL(string: text) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "Expected a URL but found \(content.summary), which is not a valid URL."
            ))
        }
        return url
    }

    private func decodeDecimal(_ content: GeneratedContent, codingPath: [any CodingKey]) throws -> Decimal {
        let number = try number(content, as: Decimal.self, codingPath: codingPath)
        guard let decimal = number.decimal else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "The number \(number.text) is outside the range of Decimal."
            ))
        }
        return decimal
    }

    // MARK: Primitives

    func bool(_ content: GeneratedContent, codingPath: [any CodingKey]) throws -> Bool {
        guard case .bool(let value) = content.kind else {
            throw mismatch(Bool.self, expected: "a boolean", found: content, codingPath: codingPath)
        }
        return value
    }

    func string<T>(_ content: GeneratedContent, as type: T.Type = String.self, codingPath: [any CodingKey]) throws -> String {
        guard case .string(let value) = content.kind else {
            throw mismatch(T.self, expected: "a string", found: content, codingPath: codingPath)
        }
        return value
    }

    func number<T>(_ content: GeneratedContent, as type: T.Type, codingPath: [any CodingKey]) throws -> JSONNumber {
        guard case .number(let number) = content.kind else {
            throw mismatch(T.self, expected: "a number", found: content, codingPath: codingPath)
        }
        return number
    }

    func integer<I: FixedWidthInteger>(_ content: GeneratedContent, as type: I.Type, codingPath: [any CodingKey]) throws -> I {
        let number = try number(content, as: I.self, codingPath: codingPath)
        if let value = number.exactInteger(I.self) {
            return value
        }
        let problem = number.isIntegral
            ? "is outside the range of \(I.self) (\(I.min)...\(I.max))"
            : "is not a whole number, so it can't be decoded as \(I.self)"
        throw DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: codingPath,
            debugDescription: "The number \(number.text) \(problem)."
        ))
    }

    func double(_ content: GeneratedContent, codingPath: [any CodingKey]) throws -> Double {
        let number = try number(content, as: Double.self, codingPath: codingPath)
        guard let value = number.double else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "The number \(number.text) is outside the finite range of Double."
            ))
        }
        return value
    }

    func float(_ content: GeneratedContent, codingPath: [any CodingKey]) throws -> Float {
        let number = try number(content, as: Float.self, codingPath: codingPath)
        guard let value = number.float else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "The number \(number.text) is outside the finite range of Float "
                    + "(±\(Float.greatestFiniteMagnitude))."
            ))
        }
        return value
    }

    /// `valueNotFound` for null (so callers can tell "missing" from "wrong type"), otherwise
    /// `typeMismatch`.
    func mismatch<T>(_ type: T.Type, expected: String, found content: GeneratedContent, codingPath: [any CodingKey]) -> DecodingError {
        let context = DecodingError.Context(
            codingPath: codingPath,
            debugDescription: "Expected \(expected) but found \(content.summary)."
        )
        if case .null = content.kind {
            return DecodingError.valueNotFound(T.self, context)
        }
        return DecodingError.typeMismatch(T.self, context)
    }
}

struct ContentDecoder: Decoder {
    let context: ContentDecodingContext
    let content: GeneratedContent
    let codingPath: [any CodingKey]

    var userInfo: [CodingUserInfoKey: Any] { context.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .structure(let properties, let orderedKeys) = content.kind else {
            throw context.mismatch([String: Any].self, expected: "an object", found: content, codingPath: codingPath)
        }
        return KeyedDecodingContainer(KeyedContainer<Key>(
            context: context,
            properties: properties,
            orderedKeys: orderedKeys,
            codingPath: codingPath
        ))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = content.kind else {
            throw context.mismatch([Any].self, expected: "an array", found: content, codingPath: codingPath)
        }
        return UnkeyedContainer(context: context, elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(context: context, content: content, codingPath: codingPath)
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let context: ContentDecodingContext
    let properties: [String: GeneratedContent]
    let orderedKeys: [String]
    let codingPath: [any CodingKey]

    var allKeys: [Key] {
        GeneratedContent.orderedEntries(properties: properties, orderedKeys: orderedKeys)
            .compactMap { Key(stringValue: $0.name) }
    }

    func contains(_ key: Key) -> Bool {
        properties[key.stringValue] != nil
    }

    private func value(forKey key: Key) throws -> GeneratedContent {
        guard let value = properties[key.stringValue] else {
            let names = GeneratedContent.orderedEntries(properties: properties, orderedKeys: orderedKeys)
                .prefix(10).map { JSONWriter.quoted($0.name) }
            let available = names.isEmpty ? "The object is empty." : "The object has \(names.joined(separator: ", "))."
            throw DecodingError.keyNotFound(key, DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "No value for key \(JSONWriter.quoted(key.stringValue)). \(available)"
            ))
        }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        if case .null = try value(forKey: key).kind { return true }
        return false
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try context.bool(value(forKey: key), codingPath: codingPath + [key])
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try context.string(value(forKey: key), codingPath: codingPath + [key])
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try context.double(value(forKey: key), codingPath: codingPath + [key])
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try context.float(value(forKey: key), codingPath: codingPath + [key])
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(key) }
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try integer(key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(key) }
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try integer(key) }

    private func integer<I: FixedWidthInteger>(_ key: Key) throws -> I {
        try context.integer(value(forKey: key), as: I.self, codingPath: codingPath + [key])
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try context.decode(T.self, from: value(forKey: key), codingPath: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type,
        forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder(forKey: key).container(keyedBy: NestedKey.self)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder(forKey: key).unkeyedContainer()
    }

    private func decoder(forKey key: Key) throws -> ContentDecoder {
        ContentDecoder(context: context, content: try value(forKey: key), codingPath: codingPath + [key])
    }

    /// Like `JSONDecoder`, a missing super key decodes as `null` rather than failing here, so
    /// the superclass's `init(from:)` reports what it actually needed.
    func superDecoder() throws -> any Decoder {
        ContentDecoder(
            context: context,
            content: properties[ContentCodingKey.superKey.stringValue] ?? .null,
            codingPath: codingPath + [ContentCodingKey.superKey]
        )
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        ContentDecoder(context: context, content: properties[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let context: ContentDecodingContext
    let elements: [GeneratedContent]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(context: ContentDecodingContext, elements: [GeneratedContent], codingPath: [any CodingKey]) {
        self.context = context
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private var currentPath: [any CodingKey] { codingPath + [ContentCodingKey.index(currentIndex)] }

    /// The next element, without advancing: a failed decode leaves the container where it was,
    /// as `JSONDecoder` does, so callers can retry with another type.
    private func peek<T>(_ type: T.Type) throws -> GeneratedContent {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(T.self, DecodingError.Context(
                codingPath: currentPath,
                debugDescription: "Expected \(T.self) but the array has only \(elements.count) elements."
            ))
        }
        return elements[currentIndex]
    }

    private mutating func next<T>(_ decode: (GeneratedContent, [any CodingKey]) throws -> T) throws -> T {
        let value = try decode(peek(T.self), currentPath)
        currentIndex += 1
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard case .null = try peek(Never?.self).kind else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool {
        try next { [context] in try context.bool($0, codingPath: $1) }
    }

    mutating func decode(_ type: String.Type) throws -> String {
        try next { [context] in try context.string($0, codingPath: $1) }
    }

    mutating func decode(_ type: Double.Type) throws -> Double {
        try next { [context] in try context.double($0, codingPath: $1) }
    }

    mutating func decode(_ type: Float.Type) throws -> Float {
        try next { [context] in try context.float($0, codingPath: $1) }
    }

    mutating func decode(_ type: Int.Type) throws -> Int { try integer() }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
    mutating func decode(_ type: Int128.Type) throws -> Int128 { try integer() }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer() }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try integer() }

    private mutating func integer<I: FixedWidthInteger>() throws -> I {
        try next { [context] in try context.integer($0, as: I.self, codingPath: $1) }
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try next { [context] in try context.decode(T.self, from: $0, codingPath: $1) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next { [context] in
            try ContentDecoder(context: context, content: $0, codingPath: $1).container(keyedBy: NestedKey.self)
        }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next { [context] in
            try ContentDecoder(context: context, content: $0, codingPath: $1).unkeyedContainer()
        }
    }

    mutating func superDecoder() throws -> any Decoder {
        try next { [context] in ContentDecoder(context: context, content: $0, codingPath: $1) }
    }
}

private struct SingleValueContainer: SingleValueDecodingContainer {
    let context: ContentDecodingContext
    let content: GeneratedContent
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool {
        if case .null = content.kind { return true }
        return false
    }

    func decode(_ type: Bool.Type) throws -> Bool { try context.bool(content, codingPath: codingPath) }
    func decode(_ type: String.Type) throws -> String { try context.string(content, codingPath: codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try context.double(content, codingPath: codingPath) }
    func decode(_ type: Float.Type) throws -> Float { try context.float(content, codingPath: codingPath) }
    func decode(_ type: Int.Type) throws -> Int { try integer() }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
    func decode(_ type: Int128.Type) throws -> Int128 { try integer() }
    func decode(_ type: UInt.Type) throws -> UInt { try integer() }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }
    func decode(_ type: UInt128.Type) throws -> UInt128 { try integer() }

    private func integer<I: FixedWidthInteger>() throws -> I {
        try context.integer(content, as: I.self, codingPath: codingPath)
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try context.decode(T.self, from: content, codingPath: codingPath)
    }
}
