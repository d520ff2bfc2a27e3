/// Everything that can go wrong reading or writing a GGUF file.
///
/// Each case carries the path and, where there is one, the byte offset, so a
/// caller can report *what* is wrong and *where* without llama.cpp ever
/// seeing the file (llama.cpp's own failure is a null pointer and a log
/// line).
public enum GGUFError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing exists at `path`.
    case fileNotFound(path: String)
    /// The file exists but could not be opened or is not a regular file.
    case cannotOpen(path: String, reason: String)
    /// The operating system reported an error while reading.
    case readFailed(path: String, reason: String)
    /// The operating system reported an error while writing.
    case writeFailed(path: String, reason: String)
    /// The file does not start with the `GGUF` magic. `firstBytes` holds up
    /// to 16 bytes from the start of the file, which usually identify what it
    /// is instead (an HTML error page, a safetensors header, a Git LFS pointer).
    case notGGUF(path: String, firstBytes: [UInt8])
    /// The version is not 2 or 3. A value such as `0x03000000` means the file
    /// was written big-endian.
    case unsupportedVersion(path: String, version: UInt32)
    /// Reading `needed` bytes at `offset` would run past the end of the file,
    /// which is `fileSize` bytes long: typically an interrupted download.
    case truncated(path: String, offset: UInt64, needed: UInt64, fileSize: UInt64)
    /// A metadata value (or array element) type tag at `offset` is not a
    /// GGUF value type, or is a nested array, which llama.cpp rejects.
    case invalidValueType(path: String, key: String, rawValue: UInt32, offset: UInt64)
    /// A metadata key is empty, repeated, or has a value llama.cpp rejects
    /// (for example a `general.alignment` that is not a `uint32` power of two).
    case invalidMetadata(path: String, key: String, reason: String)
    /// A tensor's name, shape or offset is invalid.
    case invalidTensor(path: String, name: String, reason: String)
    /// The tensor data given to `GGUFWriter` does not match the declared shapes.
    case tensorDataMismatch(path: String, name: String, expectedElements: Int, receivedElements: Int)

    public var description: String {
        switch self {
        case .fileNotFound(let path):
            return "No file at \(path)."
        case .cannotOpen(let path, let reason):
            return "Cannot open \(path): \(reason)."
        case .readFailed(let path, let reason):
            return "Reading \(path) failed: \(reason)."
        case .writeFailed(let path, let reason):
            return "Writing \(path) failed: \(reason)."
        case .notGGUF(let path, let firstBytes):
            let hex = firstBytes.map { byte in
                let digits = String(byte, radix: 16)
                return digits.count == 1 ? "0" + digits : digits
            }.joined(separator: " ")
            let text = String(decoding: firstBytes.map { (0x20..<0x7F).contains($0) ? $0 : UInt8(ascii: ".") }, as: UTF8.self)
            return "\(path) is not a GGUF file: it starts with \(hex) (\"\(text)\") instead of \"GGUF\"."
        case .unsupportedVersion(let path, let version):
            if version & 0xFFFF == 0 {
                return "\(path) has GGUF version \(version) (0x\(String(version, radix: 16))), which looks like a big-endian file; only little-endian versions 2 and 3 are supported."
            }
            return "\(path) has GGUF version \(version); only versions 2 and 3 are supported."
        case .truncated(let path, let offset, let needed, let fileSize):
            return "\(path) is truncated: \(needed) bytes are needed at byte offset \(offset), but the file ends at byte \(fileSize)."
        case .invalidValueType(let path, let key, let rawValue, let offset):
            return "\(path) has an invalid value type \(rawValue) for key '\(key)' at byte offset \(offset)."
        case .invalidMetadata(let path, let key, let reason):
            return "Metadata key '\(key)' in \(path) is invalid: \(reason)."
        case .invalidTensor(let path, let name, let reason):
            return "Tensor '\(name)' in \(path) is invalid: \(reason)."
        case .tensorDataMismatch(let path, let name, let expectedElements, let receivedElements):
            return "Tensor '\(name)' in \(path) expects \(expectedElements) elements but \(receivedElements) were written."
        }
    }
}
