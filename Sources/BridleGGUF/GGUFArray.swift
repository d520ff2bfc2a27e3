/// A homogeneous GGUF metadata array.
///
/// GGUF stores one element type for the whole array, so an array is modelled
/// as one case per element type rather than as `[GGUFValue]`: that makes
/// mixed-type arrays unrepresentable. Arrays of arrays are not included
/// because llama.cpp rejects them.
public enum GGUFArray: Sendable, Equatable {
    case uint8([UInt8])
    case int8([Int8])
    case uint16([UInt16])
    case int16([Int16])
    case uint32([UInt32])
    case int32([Int32])
    case float32([Float])
    case bool([Bool])
    case string([String])
    case uint64([UInt64])
    case int64([Int64])
    case float64([Double])

    /// The type tag written before the element count.
    public var elementType: GGUFValueType {
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
        case .uint64: .uint64
        case .int64: .int64
        case .float64: .float64
        }
    }

    /// The number of elements.
    public var count: Int {
        switch self {
        case .uint8(let elements): elements.count
        case .int8(let elements): elements.count
        case .uint16(let elements): elements.count
        case .int16(let elements): elements.count
        case .uint32(let elements): elements.count
        case .int32(let elements): elements.count
        case .float32(let elements): elements.count
        case .bool(let elements): elements.count
        case .string(let elements): elements.count
        case .uint64(let elements): elements.count
        case .int64(let elements): elements.count
        case .float64(let elements): elements.count
        }
    }
}
