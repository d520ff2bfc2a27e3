import Foundation

/// Serialises the GGUF header (magic, counts, metadata, tensor infos) into
/// memory. The header of even a 128k-token model is only a few megabytes;
/// tensor data never passes through here.
struct GGUFHeaderEncoder {
    private(set) var data = Data()

    mutating func append<Integer: FixedWidthInteger>(_ value: Integer) {
        withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }

    mutating func append(bytes: [UInt8]) {
        data.append(contentsOf: bytes)
    }

    mutating func append(_ value: Float) {
        append(value.bitPattern)
    }

    mutating func append(_ value: Double) {
        append(value.bitPattern)
    }

    mutating func append(_ value: Bool) {
        append(UInt8(value ? 1 : 0))
    }

    /// GGUF strings are a `uint64` byte count followed by UTF-8 bytes, with
    /// no terminator.
    mutating func append(_ value: String) {
        let utf8 = value.utf8
        append(UInt64(utf8.count))
        data.append(contentsOf: utf8)
    }

    mutating func append(_ value: GGUFValue) {
        append(value.type.rawValue)
        switch value {
        case .uint8(let scalar): append(scalar)
        case .int8(let scalar): append(scalar)
        case .uint16(let scalar): append(scalar)
        case .int16(let scalar): append(scalar)
        case .uint32(let scalar): append(scalar)
        case .int32(let scalar): append(scalar)
        case .float32(let scalar): append(scalar)
        case .bool(let scalar): append(scalar)
        case .string(let scalar): append(scalar)
        case .uint64(let scalar): append(scalar)
        case .int64(let scalar): append(scalar)
        case .float64(let scalar): append(scalar)
        case .array(let array): append(array)
        }
    }

    mutating func append(_ array: GGUFArray) {
        append(array.elementType.rawValue)
        append(UInt64(array.count))
        switch array {
        case .uint8(let elements): data.append(contentsOf: elements)
        case .int8(let elements): elements.forEach { append($0) }
        case .uint16(let elements): elements.forEach { append($0) }
        case .int16(let elements): elements.forEach { append($0) }
        case .uint32(let elements): elements.forEach { append($0) }
        case .int32(let elements): elements.forEach { append($0) }
        case .float32(let elements): elements.forEach { append($0) }
        case .bool(let elements): elements.forEach { append($0) }
        case .string(let elements): elements.forEach { append($0) }
        case .uint64(let elements): elements.forEach { append($0) }
        case .int64(let elements): elements.forEach { append($0) }
        case .float64(let elements): elements.forEach { append($0) }
        }
    }

    /// Appends zero bytes until the length is a multiple of `alignment`.
    mutating func pad(toMultipleOf alignment: Int) {
        let remainder = data.count % alignment
        if remainder != 0 {
            data.append(contentsOf: repeatElement(0, count: alignment - remainder))
        }
    }
}
