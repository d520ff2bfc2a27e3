import Foundation

/// Turns JSON Schema's numeric bounds into inclusive integer bounds, exactly.
package enum IntegerRounding {
    /// The smallest integer ≥ `value` (or > it when `strictly`), clamped into `Int128`;
    /// clamping inward keeps every admitted integer valid.
    package static func smallestInteger(above value: JSONNumber, strictly: Bool) -> Int128 {
        let (floor, isIntegral) = floorAndIntegrality(value)
        if isIntegral { return strictly ? floor.addingClamped(1) : floor }
        return floor.addingClamped(1)
    }

    /// The largest integer ≤ `value` (or < it when `strictly`), clamped into `Int128`.
    package static func largestInteger(below value: JSONNumber, strictly: Bool) -> Int128 {
        let (floor, isIntegral) = floorAndIntegrality(value)
        return isIntegral && strictly ? floor.addingClamped(-1) : floor
    }

    /// ⌊value⌋ clamped into `Int128`, and whether `value` is an integer.
    private static func floorAndIntegrality(_ value: JSONNumber) -> (Int128, Bool) {
        if let exact = value.int128 { return (exact, true) }
        guard let decimal = value.decimal else {
            return (value.isNegative ? .min : .max, true)
        }
        // Decimal prints in plain notation, so its integer part is the text before the point.
        let text = "\(decimal)"
        let parts = text.split(separator: ".", maxSplits: 1)
        let integerText = parts.first.map(String.init) ?? "0"
        let hasFraction = parts.count == 2 && parts[1].contains { $0 != "0" }
        guard let truncated = Int128(integerText) else {
            return (decimal < 0 ? .min : .max, true)
        }
        if !hasFraction { return (truncated, true) }
        return (decimal < 0 ? truncated.addingClamped(-1) : truncated, false)
    }
}

extension Int128 {
    package func addingClamped(_ other: Int128) -> Int128 {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other < 0 ? .min : .max) : sum
    }
}

extension JSONNumber {
    package var isNegative: Bool { text.hasPrefix("-") }

    /// Written as an integer: digits and an optional minus sign, no fraction or exponent.
    package var isIntegerLiteral: Bool { !text.contains { $0 == "." || $0 == "e" || $0 == "E" } }
}
