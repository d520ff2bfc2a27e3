/// Literal conformances, so content can be written the way it reads as JSON:
///
/// ```swift
/// let content: GeneratedContent = [
///     "name": "Ada",
///     "languages": ["en", "fr"],
///     "age": 36,
///     "height": 1.65,
///     "retired": true,
///     "employer": nil,
/// ]
/// content.jsonString
/// // {"name":"Ada","languages":["en","fr"],"age":36,"height":1.65,"retired":true,"employer":null}
/// ```
extension GeneratedContent: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) {
        self.init(value)
    }
}

extension GeneratedContent: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) {
        self.init(value)
    }
}

extension GeneratedContent: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) {
        // A float literal is always finite, so this never produces null in practice; the
        // fallback only exists so there is no crash path.
        if let number = JSONNumber(value) {
            self.init(number)
        } else {
            self = .null
        }
    }
}

extension GeneratedContent: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) {
        self.init(value)
    }
}

extension GeneratedContent: ExpressibleByNilLiteral {
    public init(nilLiteral: ()) {
        self.init(kind: .null)
    }
}

extension GeneratedContent: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: GeneratedContent...) {
        self.init(elements: elements)
    }
}

extension GeneratedContent: ExpressibleByDictionaryLiteral {
    /// Keeps the literal's key order; a repeated key replaces the earlier value in the earlier
    /// position.
    public init(dictionaryLiteral elements: (String, GeneratedContent)...) {
        self.init(properties: elements)
    }
}
