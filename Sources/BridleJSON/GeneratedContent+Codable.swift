import Foundation

/// `GeneratedContent` encodes as the JSON it holds, through any `Encoder`.
///
/// Through Bridle's own coders it passes unchanged (key order and number text included);
/// through Foundation's JSON coders numbers travel as `Int64`, `UInt64` or `Decimal`,
/// whichever holds them exactly.
extension GeneratedContent: Codable {
    public func encode(to encoder: any Encoder) throws {
        switch kind {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .number(let number):
            var container = encoder.singleValueContainer()
            if let value = number.exactInteger(Int64.self) {
                try container.encode(value)
            } else if let value = number.exactInteger(UInt64.self) {
                try container.encode(value)
            } else if let value = number.decimal {
                try container.encode(value)
            } else {
                throw EncodingError.invalidValue(
                    number, EncodingError.Context(codingPath: encoder.codingPath, debugDescription: "\(number) is beyond Decimal's range"))
            }
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .structure(let properties, let orderedKeys):
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            for key in orderedKeys {
                if let value = properties[key] { try container.encode(value, forKey: AnyCodingKey(key)) }
            }
        }
    }

    public init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: AnyCodingKey.self) {
            var members: [(String, GeneratedContent)] = []
            for key in container.allKeys {
                members.append((key.stringValue, try container.decode(GeneratedContent.self, forKey: key)))
            }
            self.init(properties: members)
            return
        }
        if var container = try? decoder.unkeyedContainer() {
            var elements: [GeneratedContent] = []
            while !container.isAtEnd { elements.append(try container.decode(GeneratedContent.self)) }
            self.init(elements: elements)
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self.init(value)
        } else if let value = try? container.decode(String.self) {
            self.init(value)
        } else if let value = try? container.decode(Int64.self) {
            self.init(value)
        } else if let value = try? container.decode(UInt64.self) {
            self.init(value)
        } else if let value = try? container.decode(Decimal.self), let number = JSONNumber(value) {
            self.init(number)
        } else {
            let value = try container.decode(Double.self)
            guard let number = JSONNumber(value) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(value) has no JSON form")
            }
            self.init(number)
        }
    }
}

/// A coding key for arbitrary string keys (JSON object members).
package struct AnyCodingKey: CodingKey, Hashable {
    package let stringValue: String
    package let intValue: Int?

    package init(_ string: String) {
        stringValue = string
        intValue = nil
    }

    package init?(stringValue: String) { self.init(stringValue) }

    package init?(intValue: Int) {
        stringValue = "\(intValue)"
        self.intValue = intValue
    }
}
