/// Format constants shared by the reader and the writer, with the llama.cpp
/// limits that a file must respect to load there.
enum GGUFFormat {
    static let magic: [UInt8] = Array("GGUF".utf8)
    static let writtenVersion: UInt32 = 3
    /// Version 1 used 32-bit counts and is rejected by llama.cpp too.
    static let readableVersions: ClosedRange<UInt32> = 2...3
    static let defaultAlignment = 32
    static let alignmentKey = "general.alignment"
    /// ggml's `GGML_MAX_DIMS`.
    static let maximumDimensionCount = 4
    /// ggml's `GGML_MAX_NAME`, which includes the terminating NUL.
    static let maximumNameLength = 64

    static func padded(_ size: Int, to alignment: Int) -> Int {
        (size + alignment - 1) / alignment * alignment
    }
}
