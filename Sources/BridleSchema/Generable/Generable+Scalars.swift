import Foundation

extension String: Generable {
    public static var generationSchema: GenerationSchema { GenerationSchema(root: .string()) }
}

extension Bool: Generable {
    public static var generationSchema: GenerationSchema { GenerationSchema(root: .boolean) }
}

/// Every fixed-width integer: its bounds are the schema's bounds, so `UInt8` is `0...255`
/// and a generated value always fits.
extension Generable where Self: FixedWidthInteger {
    public static var generationSchema: GenerationSchema {
        GenerationSchema(root: .integer(IntegerConstraints(of: Self.self)))
    }
}

extension Int: Generable {}
extension Int8: Generable {}
extension Int16: Generable {}
extension Int32: Generable {}
extension Int64: Generable {}
extension UInt: Generable {}
extension UInt8: Generable {}
extension UInt16: Generable {}
extension UInt32: Generable {}
extension UInt64: Generable {}

extension Double: Generable {
    public static var generationSchema: GenerationSchema { GenerationSchema(root: .number()) }
}

extension Float: Generable {
    /// Bounded by `Float.greatestFiniteMagnitude`, because a larger JSON number does not
    /// decode into a `Float`.
    public static var generationSchema: GenerationSchema {
        let limit = Decimal.exactly(Float.greatestFiniteMagnitude)
        return GenerationSchema(root: .number(NumberConstraints(minimum: limit.map { -$0 }, maximum: limit)))
    }
}

extension Decimal: Generable {
    public static var generationSchema: GenerationSchema { GenerationSchema(root: .number()) }
}

extension Date: Generable {
    /// An RFC 3339 date-time string (`2026-11-22T04:38:23Z`), the ISO 8601 profile JSON
    /// Schema's `date-time` format names. Decode with ``GeneratedContentDecoder`` or a
    /// `JSONDecoder` whose `dateDecodingStrategy` is `.rfc3339`.
    public static var generationSchema: GenerationSchema {
        GenerationSchema(root: .string(StringConstraints(format: .dateTime)))
    }
}

extension UUID: Generable {
    public static var generationSchema: GenerationSchema {
        GenerationSchema(root: .string(StringConstraints(format: .uuid)))
    }
}

extension GeneratedContent: Generable {
    /// Any JSON value.
    public static var generationSchema: GenerationSchema { GenerationSchema(root: .any) }
}
