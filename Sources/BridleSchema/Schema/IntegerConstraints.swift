/// What a JSON integer may be: inclusive bounds, exact for every Swift integer width.
///
/// `Int128` holds both `Int64.min` and `UInt64.max`, so no width's bounds overflow.
///
/// ```swift
/// IntegerConstraints(minimum: 0, maximum: 255)   // UInt8
/// // {"type":"integer","minimum":0,"maximum":255}
/// ```
public struct IntegerConstraints: Sendable, Hashable {
    public var minimum: Int128?
    public var maximum: Int128?
    /// Every value is a multiple of this positive step (`multipleOf`); a decimal step such as
    /// `2.5` is read as the integer step it implies (here 5).
    public var multipleOf: Int128?
    /// No value is a multiple of any of these positive steps (`not` over `multipleOf`, with
    /// decimal steps read as the integer steps they imply on integers).
    public var excludedMultiples: [Int128]
    /// Values excluded outright (`not` over an `enum`/`const` of integers).
    public var excludedValues: [Int128]

    public init(
        minimum: Int128? = nil, maximum: Int128? = nil, multipleOf: Int128? = nil, excludedMultiples: [Int128] = [],
        excludedValues: [Int128] = []
    ) {
        self.minimum = minimum
        self.maximum = maximum
        self.multipleOf = multipleOf
        self.excludedMultiples = excludedMultiples
        self.excludedValues = excludedValues
    }

    /// The bounds of a fixed-width integer type.
    public init<I: FixedWidthInteger>(of type: I.Type) {
        self.init(minimum: Int128(I.min), maximum: Int128(I.max))
    }

    /// Narrows the bounds to also satisfy `other`.
    package mutating func intersect(minimum newMinimum: Int128?, maximum newMaximum: Int128?) {
        if let newMinimum { minimum = Swift.max(minimum ?? newMinimum, newMinimum) }
        if let newMaximum { maximum = Swift.min(maximum ?? newMaximum, newMaximum) }
    }

    /// Whether `value` lies within the bounds.
    public func contains(_ value: Int128) -> Bool {
        if let minimum, value < minimum { return false }
        if let maximum, value > maximum { return false }
        if let multipleOf, multipleOf > 0, value % multipleOf != 0 { return false }
        return !excludedMultiples.contains { $0 > 0 && value % $0 == 0 } && !excludedValues.contains(value)
    }
}
