import Foundation

extension GenerationGuide where Value: FixedWidthInteger {
    /// The value is at least `value`.
    public static func minimum(_ value: Value) -> GenerationGuide<Value> {
        GenerationGuide(.integerMinimum(Int128(value)))
    }

    /// The value is at most `value`.
    public static func maximum(_ value: Value) -> GenerationGuide<Value> {
        GenerationGuide(.integerMaximum(Int128(value)))
    }

    /// The value lies in `range`.
    ///
    /// ```swift
    /// .range(1...10)   // {"type":"integer","minimum":1,"maximum":10}
    /// ```
    public static func range(_ range: ClosedRange<Value>) -> GenerationGuide<Value> {
        GenerationGuide(.integerMinimum(Int128(range.lowerBound)), .integerMaximum(Int128(range.upperBound)))
    }
}

extension GenerationGuide where Value: BinaryFloatingPoint {
    /// The value is at least `value`.
    public static func minimum(_ value: Value) -> GenerationGuide<Value> {
        // Every number is at least -infinity: that bound says nothing.
        if value == -.infinity { return GenerationGuide(constraints: []) }
        guard let bound = Decimal.exactly(value) else { return GenerationGuide(.unsatisfiable(".minimum(\(value))")) }
        return GenerationGuide(.numberMinimum(bound))
    }

    /// The value is at most `value`.
    public static func maximum(_ value: Value) -> GenerationGuide<Value> {
        if value == .infinity { return GenerationGuide(constraints: []) }
        guard let bound = Decimal.exactly(value) else { return GenerationGuide(.unsatisfiable(".maximum(\(value))")) }
        return GenerationGuide(.numberMaximum(bound))
    }

    /// The value lies in `range`.
    ///
    /// ```swift
    /// .range(0.0...1.0)   // {"type":"number","minimum":0,"maximum":1}
    /// ```
    public static func range(_ range: ClosedRange<Value>) -> GenerationGuide<Value> {
        minimum(range.lowerBound).merged(with: maximum(range.upperBound))
    }
}

extension GenerationGuide where Value == Decimal {
    /// The value is at least `value`.
    public static func minimum(_ value: Decimal) -> GenerationGuide<Decimal> {
        GenerationGuide(.numberMinimum(value))
    }

    /// The value is at most `value`.
    public static func maximum(_ value: Decimal) -> GenerationGuide<Decimal> {
        GenerationGuide(.numberMaximum(value))
    }

    /// The value lies in `range`.
    public static func range(_ range: ClosedRange<Decimal>) -> GenerationGuide<Decimal> {
        GenerationGuide(.numberMinimum(range.lowerBound), .numberMaximum(range.upperBound))
    }
}

extension GenerationGuide {
    func merged(with other: GenerationGuide<Value>) -> GenerationGuide<Value> {
        GenerationGuide(constraints: constraints + other.constraints)
    }
}

extension Decimal {
    /// The exact decimal value of a binary floating-point number, when `Decimal` can hold
    /// it. Goes through the shortest round-tripping text, so `0.1` stays one tenth.
    static func exactly<F: BinaryFloatingPoint>(_ value: F) -> Decimal? {
        guard value.isFinite else { return nil }
        return Decimal(string: "\(Double(value))", locale: Locale(identifier: "en_US_POSIX"))
    }
}
