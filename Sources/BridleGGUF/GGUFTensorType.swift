/// A ggml tensor element type, as stored in a GGUF tensor info.
///
/// This is a raw-value wrapper rather than a closed enum because ggml keeps
/// adding quantisation types; a reader that rejected unknown types would
/// refuse files that llama.cpp itself loads.
public struct GGUFTensorType: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public var rawValue: UInt32

    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    public static let f32 = GGUFTensorType(rawValue: 0)
    public static let f16 = GGUFTensorType(rawValue: 1)
    public static let bf16 = GGUFTensorType(rawValue: 30)

    /// Bytes per element for the unquantised types (block size 1), `nil` for
    /// block-quantised types whose size this module does not track.
    ///
    /// Used to check that a tensor's data actually lies inside the file.
    public var bytesPerElement: Int? {
        switch rawValue {
        case 0: 4 // F32
        case 1: 2 // F16
        case 24: 1 // I8
        case 25: 2 // I16
        case 26: 4 // I32
        case 27: 8 // I64
        case 28: 8 // F64
        case 30: 2 // BF16
        default: nil
        }
    }

    public var description: String {
        switch rawValue {
        case 0: "F32"
        case 1: "F16"
        case 24: "I8"
        case 25: "I16"
        case 26: "I32"
        case 27: "I64"
        case 28: "F64"
        case 30: "BF16"
        default: "ggml type \(rawValue)"
        }
    }
}
