import BridleGGUF
import Foundation

extension FuzzTargets {
    /// The bytes as a GGUF file, read by `GGUFFile(contentsOf:)`: a header or a typed error.
    public static func gguf(_ bytes: [UInt8]) {
        let url = scratchFile
        guard FileManager.default.createFile(atPath: url.path, contents: Data(bytes.prefix(maximumInputLength))) else { return }
        defer { try? FileManager.default.removeItem(at: url) }
        guard let file = try? GGUFFile(contentsOf: url) else { return }
        for entry in file.metadata { _ = file[entry.key] }
        _ = (file.architecture, file.contextLength, file.tensors.count)
    }

    /// One file per process, written for each input and removed after it (GGUFFile reads
    /// files, not memory).
    private static let scratchFile = FileManager.default.temporaryDirectory
        .appendingPathComponent("bridle-fuzz-gguf-\(ProcessInfo.processInfo.processIdentifier).bin")
}
