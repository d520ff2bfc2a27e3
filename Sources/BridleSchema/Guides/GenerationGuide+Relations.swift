import Foundation

// Relations name another property of the same struct by its Swift name; `@Generable` checks at
// compile time that it exists, comes earlier and has a comparable type, and writes its JSON key.
// No grammar can state these rules: in-process decoding masks the later value's tokens by
// feasibility, and every answer is checked again after generation.

extension GenerationGuide where Value: FixedWidthInteger {
    /// The value is at least the earlier property `other`'s.
    ///
    /// ```swift
    /// @Guide(.range(1888...2100), .atLeast("fromYear")) let toYear: Int
    /// // {"type":"integer",…} and on the object: "x-bridle-relations":[{"property":"toYear","atLeast":"fromYear"}]
    /// ```
    public static func atLeast(_ other: String) -> GenerationGuide<Value> { GenerationGuide(.relation(.atLeast, other)) }

    /// The value is at most the earlier property `other`'s.
    public static func atMost(_ other: String) -> GenerationGuide<Value> { GenerationGuide(.relation(.atMost, other)) }

    /// The value is greater than the earlier property `other`'s.
    public static func greaterThan(_ other: String) -> GenerationGuide<Value> { GenerationGuide(.relation(.greaterThan, other)) }

    /// The value is less than the earlier property `other`'s.
    public static func lessThan(_ other: String) -> GenerationGuide<Value> { GenerationGuide(.relation(.lessThan, other)) }

    /// The value differs from the earlier property `other`'s.
    public static func differs(from other: String) -> GenerationGuide<Value> { GenerationGuide(.relation(.notEqual, other)) }
}

extension GenerationGuide where Value == Date {
    /// The date is strictly after the earlier property `other`'s.
    ///
    /// ```swift
    /// let start: Date
    /// @Guide(.after("start")) let end: Date
    /// ```
    public static func after(_ other: String) -> GenerationGuide<Date> { GenerationGuide(.relation(.greaterThan, other)) }

    /// The date is strictly before the earlier property `other`'s.
    public static func before(_ other: String) -> GenerationGuide<Date> { GenerationGuide(.relation(.lessThan, other)) }

    /// The date is the earlier property `other`'s or later.
    public static func notBefore(_ other: String) -> GenerationGuide<Date> { GenerationGuide(.relation(.atLeast, other)) }

    /// The date is the earlier property `other`'s or earlier.
    public static func notAfter(_ other: String) -> GenerationGuide<Date> { GenerationGuide(.relation(.atMost, other)) }

    /// The date is after the moment of the request, and at most `window` seconds after it
    /// when given. The moment is the request's clock (`GenerationOptions.referenceDate`, or
    /// the time the request is made), so the grammar admits only future dates.
    ///
    /// ```swift
    /// @Guide(.afterNow(within: 30 * 86_400)) let due: Date   // in the next 30 days
    /// ```
    public static func afterNow(within window: TimeInterval? = nil) -> GenerationGuide<Date> {
        GenerationGuide(.relativeToNow(RelativeDateBounds(earliest: 0, earliestIsInclusive: false, latest: window)))
    }

    /// The date is before the moment of the request, and at most `window` seconds before it
    /// when given.
    public static func beforeNow(within window: TimeInterval? = nil) -> GenerationGuide<Date> {
        GenerationGuide(.relativeToNow(RelativeDateBounds(earliest: window.map { -$0 }, latest: 0, latestIsInclusive: false)))
    }
}

extension GenerationGuide {
    /// No two elements are equal (JSON Schema's `uniqueItems`; FoundationModels has no such
    /// guide). In-process decoding never lets an element repeat an earlier one: the token that
    /// would complete an equal element is masked, while an element that can still become
    /// different stays allowed.
    ///
    /// ```swift
    /// @Guide(.count(4), .uniqueElements()) var searchTerms: [String]
    /// // {"type":"array","minItems":4,"maxItems":4,"uniqueItems":true,…}
    /// ```
    public static func uniqueElements<Element>() -> GenerationGuide<Value> where Value == [Element] {
        GenerationGuide(.uniqueElements)
    }
}

// `@Guide(.atLeast("fromYear"))` alone gives no type to infer `Value` from; these overloads let
// the attribute type-check, and the generated schema code re-types the guide against the
// property's real type.
extension GenerationGuide where Value == Never {
    public static func atLeast(_ other: String) -> GenerationGuide<Value> { GenerationGuide(.relation(.atLeast, other)) }
    public static func atMost(_ other: String) -> GenerationGuide<Value> { GenerationGuide(.relation(.atMost, other)) }
    public static func greaterThan(_ other: String) -> GenerationGuide<Value> { GenerationGuide(.relation(.greaterThan, other)) }
    public static func lessThan(_ other: String) -> GenerationGuide<Value> { GenerationGuide(.relation(.lessThan, other)) }
    public static func differs(from other: String) -> GenerationGuide<Value> { GenerationGuide(.relation(.notEqual, other)) }
}

extension GenerationGuide where Value == [Never] {
    // See the note on `count` in GenerationGuide+Arrays.swift: the attribute's own overload.
    public static func uniqueElements() -> GenerationGuide<Value> {
        GenerationGuide(.uniqueElements)
    }
}
