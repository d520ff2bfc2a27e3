/// A typed GGUF metadata value.
///
/// Each case corresponds to exactly one on-disk type tag, so the writer never
/// has to guess whether `32` should be stored as `uint32` or `int32`: llama.cpp
/// is strict about the types of some keys (`general.alignment` must be
/// `uint32`, for example).
public enum GGUFValue: Sendable, Equatable {
    case uint8(UInt8)
    case int8(Int8)
    case uint16(UInt16)
    case int16(Int16)
    case uint32(UInt32)
    case int32(Int32)
    case float32(Float)
    case bool(Bool)
    case string(String)
    case array(GGUFArray)
    case uint64(UInt64)
    case int64(Int64)
    case float64(Double)

    /// The type tag written before the value.
    public var type: GGUFValueType {
        switch self {
        case .uint8: .uint8
        case .int8: .int8
        case .uint16: .uint16
        case .int16: .int16
        case .uint32: .uint32
        case .int32: .int32
        case .float32: .float32
        case .bool: .bool
        case .string: .string
        case .array: .array
        case .uint64: .uint64
        case .int64: .int64
        case .float64: .float64
        }
    }

    /// The value as an `Int` when it is an integer of any width that fits.
    ///
    /// Converters disagree on the width of keys such as
    /// `<arch>.context_length` (`uint32` in most files, `uint64` in some), so
    /// callers that only need a count should not have to care.
    public var integerValue: Int? {
        switch self {
        case .uint8(let value): Int(value)
        case .int8(let value): Int(value)
        case .uint16(let value): Int(value)
        case .int16(let value): Int(value)
        case .uint32(let value): Int(exactly: value)
        case .int32(let value): Int(value)
        case .uint64(let value): Int(exactly: value)
        case .int64(let value): Int(exactly: value)
        case .float32, .float64, .bool, .string, .array: nil
        }
    }

    /// The value when it is a string.
    public var stringValue: String? {
        if case .string(let value) = self { value } else { nil }
    }
}
