/// The type tags GGUF writes in front of every metadata value.
///
/// The raw values are part of the on-disk format (GGUF version 3), so they
/// must never be renumbered.
public enum GGUFValueType: UInt32, Sendable, CaseIterable {
    case uint8 = 0
    case int8 = 1
    case uint16 = 2
    case int16 = 3
    case uint32 = 4
    case int32 = 5
    case float32 = 6
    case bool = 7
    case string = 8
    case array = 9
    case uint64 = 10
    case int64 = 11
    case float64 = 12
}
