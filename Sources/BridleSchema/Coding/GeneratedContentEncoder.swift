import Foundation

/// Encodes `Encodable` values as `GeneratedContent`, keeping properties in the order they are
/// encoded (declaration order for synthesized `Codable`) and integers exact at every width.
///
/// `JSONEncoder` would lose both: its output's key order is unspecified and it has no way to
/// hand back an ordered value. Special cases:
/// - `Decimal` becomes a number with its exact digits (not `Decimal`'s own keyed form);
/// - `GeneratedContent` passes through unchanged;
/// - `Date` becomes an RFC 3339 date-time string (years 0000-9999; others throw);
/// - `URL` becomes its absolute string;
/// - non-finite `Double`/`Float` values throw, since JSON has no NaN or infinity.
///
/// ```swift
/// struct Person: Codable { var name: String; var age: Int }
/// let content = try GeneratedContentEncoder().encode(Person(name: "Ada", age: 36))
/// content.jsonString   // {"name":"Ada","age":36}
/// ```
public struct GeneratedContentEncoder: Sendable {
    /// Made available to `Encodable` implementations as `Encoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    public init() {}

    /// Encodes `value`.
    ///
    /// - Throws: `EncodingError.invalidValue` for non-finite floating-point values, NaN
    ///   decimals, values that encode nothing, or containers used inconsistently; and whatever
    ///   `value`'s own `encode(to:)` throws.
    public func encode<T: Encodable>(_ value: T) throws -> GeneratedContent {
        let state = ContentEncodingState(userInfo: userInfo)
        let root = ContentEncodingNode()
        try state.encode(value, into: root, codingPath: [])
        if let error = state.deferredError {
            throw error
        }
        if case .empty = root.kind {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: [],
                debugDescription: "Top-level \(T.self) did not encode any values."
            ))
        }
        return root.content
    }
}

// MARK: - Internals

/// Shared by every encoder and container of one `encode(_:)` call.
final class ContentEncodingState {
    let userInfo: [CodingUserInfoKey: Any]
    /// Container misuse (such as asking for a keyed container after encoding a single value)
    /// is reported by `Encoder` methods that can't throw; the first such error is thrown once
    /// encoding finishes.
    private(set) var deferredError: EncodingError?

    init(userInfo: [CodingUserInfoKey: any Sendable]) {
        self.userInfo = userInfo
    }

    func report(_ error: EncodingError) {
        if deferredError == nil { deferredError = error }
    }

    /// Encodes `value` into `node`, intercepting the types whose own `Encodable` conformance
    /// gives the wrong JSON shape.
    func encode<T: Encodable>(_ value: T, into node: ContentEncodingNode, codingPath: [any CodingKey]) throws {
        if let special = try specialContent(value, codingPath: codingPath) {
            node.kind = .value(special)
            return
        }
        try value.encode(to: ContentEncoder(state: self, node: node, codingPath: codingPath))
    }

    private func specialContent(_ value: Any, codingPath: [any CodingKey]) throws -> GeneratedContent? {
        switch value {
        case let content as GeneratedContent:
            // Already JSON: pass it through so key order and number text survive untouched.
            return content
        case let date as Date:
            guard let text = RFC3339.formatDateTime(date) else {
                throw EncodingError.invalidValue(date, EncodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "Unable to encode \(date) as an RFC 3339 date-time: only years 0000 through 9999 can be written."
                ))
            }
            return GeneratedContent(text)
        case let decimal as Decimal:
            guard let number = JSONNumber(decimal) else {
                throw EncodingError.invalidValue(decimal, EncodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "Unable to encode Decimal.nan: JSON has no NaN. Replace it (for example with nil) before encoding."
                ))
            }
            return GeneratedContent(number)
        case let url as URL:
            return GeneratedContent(url.absoluteString)
        default:
            return nil
        }
    }

    func content(_ value: Double, codingPath: [any CodingKey]) throws -> GeneratedContent {
        guard let number = JSONNumber(value) else {
            throw Self.nonFiniteError(value, codingPath: codingPath)
        }
        return GeneratedContent(number)
    }

    func content(_ value: Float, codingPath: [any CodingKey]) throws -> GeneratedContent {
        guard let number = JSONNumber(value) else {
            throw Self.nonFiniteError(value, codingPath: codingPath)
        }
        return GeneratedContent(number)
    }

    private static func nonFiniteError<F: BinaryFloatingPoint>(_ value: F, codingPath: [any CodingKey]) -> EncodingError {
        EncodingError.invalidValue(value, EncodingError.Context(
            codingPath: codingPath,
            debugDescription: "Unable to encode \(F.self)(\(value)): JSON has no NaN or Infinity. "
                + "Replace non-finite values (for example with nil) before encoding."
        ))
    }
}

/// A value under construction. Containers hold references to their nodes so that nested
/// containers and super-encoders can keep writing after they've been attached.
final class ContentEncodingNode {
    enum Kind {
        /// Nothing encoded yet.
        case empty
        case value(GeneratedContent)
        case array
        case object
    }

    var kind: Kind = .empty
    var elements: [ContentEncodingNode] = []
    var keys: [String] = []
    var children: [String: ContentEncodingNode] = [:]

    init() {}

    init(_ content: GeneratedContent) {
        kind = .value(content)
    }

    /// The finished value. A nested value that encoded nothing becomes `{}`, as with
    /// `JSONEncoder`.
    var content: GeneratedContent {
        switch kind {
        case .empty:
            return GeneratedContent(kind: .structure(properties: [:], orderedKeys: []))
        case .value(let content):
            return content
        case .array:
            return GeneratedContent(kind: .array(elements.map(\.content)))
        case .object:
            return GeneratedContent(kind: .structure(properties: children.mapValues(\.content), orderedKeys: keys))
        }
    }

    /// Sets (or replaces, keeping its position) the child for `key`.
    func setChild(_ child: ContentEncodingNode, forKey key: String) {
        if children.updateValue(child, forKey: key) == nil {
            keys.append(key)
        }
    }

    var kindName: String {
        switch kind {
        case .empty: return "nothing"
        case .value: return "a single value"
        case .array: return "an unkeyed container"
        case .object: return "a keyed container"
        }
    }
}

/// `CodingKey`s the encoder and decoder create themselves.
struct ContentCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = "Index \(intValue)"
        self.intValue = intValue
    }

    /// Matches the key `JSONEncoder` uses for an array element.
    static func index(_ index: Int) -> ContentCodingKey {
        ContentCodingKey(intValue: index)
    }

    /// The key under which `superEncoder()`/`superDecoder()` store the superclass.
    static let superKey = ContentCodingKey(stringValue: "super")
}

struct ContentEncoder: Encoder {
    let state: ContentEncodingState
    let node: ContentEncodingNode
    let codingPath: [any CodingKey]

    var userInfo: [CodingUserInfoKey: Any] { state.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        switch node.kind {
        case .empty:
            node.kind = .object
        case .object:
            break
        case .value, .array:
            reportMisuse(requested: "a keyed container")
            // Keep the caller working on a detached node; the deferred error fails the encode.
            let detached = ContentEncodingNode()
            detached.kind = .object
            return KeyedEncodingContainer(KeyedContainer(state: state, node: detached, codingPath: codingPath))
        }
        return KeyedEncodingContainer(KeyedContainer(state: state, node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        switch node.kind {
        case .empty:
            node.kind = .array
        case .array:
            break
        case .value, .object:
            reportMisuse(requested: "an unkeyed container")
            let detached = ContentEncodingNode()
            detached.kind = .array
            return UnkeyedContainer(state: state, node: detached, codingPath: codingPath)
        }
        return UnkeyedContainer(state: state, node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(state: state, node: node, codingPath: codingPath)
    }

    private func reportMisuse(requested: String) {
        state.report(EncodingError.invalidValue(requested, EncodingError.Context(
            codingPath: codingPath,
            debugDescription: "Requested \(requested) for a value that already encoded \(node.kindName); "
                + "an encode(to:) implementation must use one kind of container per value."
        )))
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let state: ContentEncodingState
    let node: ContentEncodingNode
    let codingPath: [any CodingKey]

    private func set(_ content: GeneratedContent, forKey key: Key) {
        node.setChild(ContentEncodingNode(content), forKey: key.stringValue)
    }

    mutating func encodeNil(forKey key: Key) throws { set(.null, forKey: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(GeneratedContent(value), forKey: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(GeneratedContent(value), forKey: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        set(try state.content(value, codingPath: codingPath + [key]), forKey: key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        set(try state.content(value, codingPath: codingPath + [key]), forKey: key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(GeneratedContent(value), forKey: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(GeneratedContent(value), forKey: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(GeneratedContent(value), forKey: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(GeneratedContent(value), forKey: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(GeneratedContent(value), forKey: key) }
    mutating func encode(_ value: Int128, forKey key: Key) throws { set(GeneratedContent(JSONNumber(value)), forKey: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(GeneratedContent(value), forKey: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(GeneratedContent(value), forKey: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(GeneratedContent(value), forKey: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(GeneratedContent(value), forKey: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(GeneratedContent(value), forKey: key) }
    mutating func encode(_ value: UInt128, forKey key: Key) throws { set(GeneratedContent(JSONNumber(value)), forKey: key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        let child = ContentEncodingNode()
        try state.encode(value, into: child, codingPath: codingPath + [key])
        node.setChild(child, forKey: key.stringValue)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = ContentEncodingNode()
        child.kind = .object
        node.setChild(child, forKey: key.stringValue)
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(state: state, node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = ContentEncodingNode()
        child.kind = .array
        node.setChild(child, forKey: key.stringValue)
        return UnkeyedContainer(state: state, node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        superEncoder(stringKey: ContentCodingKey.superKey.stringValue, codingKey: ContentCodingKey.superKey)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(stringKey: key.stringValue, codingKey: key)
    }

    private func superEncoder(stringKey: String, codingKey: any CodingKey) -> any Encoder {
        let child = ContentEncodingNode()
        node.setChild(child, forKey: stringKey)
        return ContentEncoder(state: state, node: child, codingPath: codingPath + [codingKey])
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let state: ContentEncodingState
    let node: ContentEncodingNode
    let codingPath: [any CodingKey]

    var count: Int { node.elements.count }

    private var nextPath: [any CodingKey] { codingPath + [ContentCodingKey.index(count)] }

    private func append(_ content: GeneratedContent) {
        node.elements.append(ContentEncodingNode(content))
    }

    mutating func encodeNil() throws { append(.null) }
    mutating func encode(_ value: Bool) throws { append(GeneratedContent(value)) }
    mutating func encode(_ value: String) throws { append(GeneratedContent(value)) }
    mutating func encode(_ value: Double) throws { append(try state.content(value, codingPath: nextPath)) }
    mutating func encode(_ value: Float) throws { append(try state.content(value, codingPath: nextPath)) }
    mutating func encode(_ value: Int) throws { append(GeneratedContent(value)) }
    mutating func encode(_ value: Int8) throws { append(GeneratedContent(value)) }
    mutating func encode(_ value: Int16) throws { append(GeneratedContent(value)) }
    mutating func encode(_ value: Int32) throws { append(GeneratedContent(value)) }
    mutating func encode(_ value: Int64) throws { append(GeneratedContent(value)) }
    mutating func encode(_ value: Int128) throws { append(GeneratedContent(JSONNumber(value))) }
    mutating func encode(_ value: UInt) throws { append(GeneratedContent(value)) }
    mutating func encode(_ value: UInt8) throws { append(GeneratedContent(value)) }
    mutating func encode(_ value: UInt16) throws { append(GeneratedContent(value)) }
    mutating func encode(_ value: UInt32) throws { append(GeneratedContent(value)) }
    mutating func encode(_ value: UInt64) throws { append(GeneratedContent(value)) }
    mutating func encode(_ value: UInt128) throws { append(GeneratedContent(JSONNumber(value))) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let child = ContentEncodingNode()
        try state.encode(value, into: child, codingPath: nextPath)
        node.elements.append(child)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = nextPath
        let child = ContentEncodingNode()
        child.kind = .object
        node.elements.append(child)
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(state: state, node: child, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = nextPath
        let child = ContentEncodingNode()
        child.kind = .array
        node.elements.append(child)
        return UnkeyedContainer(state: state, node: child, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let path = nextPath
        let child = ContentEncodingNode()
        node.elements.append(child)
        return ContentEncoder(state: state, node: child, codingPath: path)
    }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
    let state: ContentEncodingState
    let node: ContentEncodingNode
    let codingPath: [any CodingKey]

    private func set(_ content: GeneratedContent) {
        switch node.kind {
        case .empty, .value:
            node.kind = .value(content)
        case .array, .object:
            state.report(EncodingError.invalidValue(content.jsonString, EncodingError.Context(
                codingPath: codingPath,
                debugDescription: "Encoded a single value for a value that already encoded \(node.kindName); "
                    + "an encode(to:) implementation must use one kind of container per value."
            )))
        }
    }

    mutating func encodeNil() throws { set(.null) }
    mutating func encode(_ value: Bool) throws { set(GeneratedContent(value)) }
    mutating func encode(_ value: String) throws { set(GeneratedContent(value)) }
    mutating func encode(_ value: Double) throws { set(try state.content(value, codingPath: codingPath)) }
    mutating func encode(_ value: Float) throws { set(try state.content(value, codingPath: codingPath)) }
    mutating func encode(_ value: Int) throws { set(GeneratedContent(value)) }
    mutating func encode(_ value: Int8) throws { set(GeneratedContent(value)) }
    mutating func encode(_ value: Int16) throws { set(GeneratedContent(value)) }
    mutating func encode(_ value: Int32) throws { set(GeneratedContent(value)) }
    mutating func encode(_ value: Int64) throws { set(GeneratedContent(value)) }
    mutating func encode(_ value: Int128) throws { set(GeneratedContent(JSONNumber(value))) }
    mutating func encode(_ value: UInt) throws { set(GeneratedContent(value)) }
    mutating func encode(_ value: UInt8) throws { set(GeneratedContent(value)) }
    mutating func encode(_ value: UInt16) throws { set(GeneratedContent(value)) }
    mutating func encode(_ value: UInt32) throws { set(GeneratedContent(value)) }
    mutating func encode(_ value: UInt64) throws { set(GeneratedContent(value)) }
    mutating func encode(_ value: UInt128) throws { set(GeneratedContent(JSONNumber(value))) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let child = ContentEncodingNode()
        try state.encode(value, into: child, codingPath: codingPath)
        switch child.kind {
        case .empty:
            set(child.content)
        case .value(let content):
            set(content)
        case .array, .object:
            // Adopt the child's container wholesale so later nested writes still land.
            switch node.kind {
            case .empty, .value:
                node.kind = child.kind
                node.elements = child.elements
                node.keys = child.keys
                node.children = child.children
            case .array, .object:
                set(child.content)
            }
        }
    }
}
