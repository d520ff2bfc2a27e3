extension GenerationGuide {
    /// The array has at least `count` elements.
    public static func minimumCount<Element>(_ count: Int) -> GenerationGuide<Value> where Value == [Element] {
        GenerationGuide(.minimumCount(count))
    }

    /// The array has at most `count` elements.
    public static func maximumCount<Element>(_ count: Int) -> GenerationGuide<Value> where Value == [Element] {
        GenerationGuide(.maximumCount(count))
    }

    /// The array has exactly `count` elements.
    ///
    /// ```swift
    /// .count(4)   // {"type":"array","minItems":4,"maxItems":4,…}
    /// ```
    public static func count<Element>(_ count: Int) -> GenerationGuide<Value> where Value == [Element] {
        GenerationGuide(.minimumCount(count), .maximumCount(count))
    }

    /// The array's element count lies in `counts`.
    public static func count<Element>(_ counts: ClosedRange<Int>) -> GenerationGuide<Value> where Value == [Element] {
        GenerationGuide(.minimumCount(counts.lowerBound), .maximumCount(counts.upperBound))
    }

    /// Every element satisfies `guide`.
    ///
    /// ```swift
    /// .element(.range(1...5))   // {"type":"array","items":{"type":"integer","minimum":1,"maximum":5}}
    /// ```
    public static func element<Element>(_ guide: GenerationGuide<Element>) -> GenerationGuide<Value> where Value == [Element] {
        GenerationGuide(.element(guide.constraints))
    }
}

// Inside `@Guide(…)` the property's type is not known yet, so `.count(4)` has no element
// type to infer. These overloads give the attribute something to type-check; the macro
// then re-types the guide against the property's real array type.
extension GenerationGuide where Value == [Never] {
    public static func minimumCount(_ count: Int) -> GenerationGuide<Value> {
        GenerationGuide(.minimumCount(count))
    }

    public static func maximumCount(_ count: Int) -> GenerationGuide<Value> {
        GenerationGuide(.maximumCount(count))
    }

    public static func count(_ count: Int) -> GenerationGuide<Value> {
        GenerationGuide(.minimumCount(count), .maximumCount(count))
    }

    public static func count(_ counts: ClosedRange<Int>) -> GenerationGuide<Value> {
        GenerationGuide(.minimumCount(counts.lowerBound), .maximumCount(counts.upperBound))
    }
}
