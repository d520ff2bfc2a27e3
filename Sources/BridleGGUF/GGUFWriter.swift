import Foundation

/// Writes a GGUF version 3 file, streaming the tensor data to disk.
///
/// The header (metadata and tensor infos with their offsets) is written when
/// the writer is created; tensor data is then appended in declaration order,
/// in chunks of any size, so a 70 MB model never has to exist in memory at
/// once. The file is written under a temporary name next to `url` and only
/// renamed into place by `finish()`, so an interrupted write never leaves a
/// truncated model where a loader would find it.
///
/// The writer owns an open file and mutable position state, so it is
/// deliberately not `Sendable`: use it from one task.
public final class GGUFWriter {
    public let url: URL
    private let temporaryURL: URL
    private let handle: FileHandle
    private let tensors: [GGUFTensorDeclaration]
    private let elementCounts: [Int]
    private let alignment: Int
    private var currentTensor = 0
    private var elementsWrittenToCurrentTensor = 0
    private var position: Int
    private var isFinished = false

    /// Validates the metadata and tensor declarations, creates the temporary
    /// file and writes the header.
    ///
    /// - Throws: `GGUFError.invalidMetadata` for empty or repeated keys or a
    ///   `general.alignment` that is not a `uint32` power of two,
    ///   `GGUFError.invalidTensor` for names or shapes llama.cpp would reject,
    ///   `GGUFError.writeFailed` if the file cannot be created.
    public init(url: URL, metadata: [GGUFMetadataEntry], tensors: [GGUFTensorDeclaration]) throws(GGUFError) {
        let path = url.path
        let alignment = try Self.alignment(in: metadata, path: path)
        try Self.validate(metadata, path: path)
        let elementCounts = try Self.validate(tensors, path: path)

        var header = GGUFHeaderEncoder()
        header.append(bytes: GGUFFormat.magic)
        header.append(GGUFFormat.writtenVersion)
        header.append(UInt64(tensors.count))
        header.append(UInt64(metadata.count))
        for entry in metadata {
            header.append(entry.key)
            header.append(entry.value)
        }
        var offset = 0
        for (tensor, elementCount) in zip(tensors, elementCounts) {
            header.append(tensor.name)
            header.append(UInt32(tensor.dimensions.count))
            tensor.dimensions.forEach { header.append($0) }
            header.append(GGUFTensorType.f32.rawValue)
            header.append(UInt64(offset))
            offset += GGUFFormat.padded(elementCount * MemoryLayout<Float>.size, to: alignment)
        }
        header.pad(toMultipleOf: alignment)

        let directory = url.deletingLastPathComponent()
        let temporaryURL = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).partial")
        guard FileManager.default.createFile(atPath: temporaryURL.path, contents: nil) else {
            throw .writeFailed(path: path, reason: "cannot create \(temporaryURL.path)")
        }
        let handle: FileHandle
        do {
            handle = try FileHandle(forWritingTo: temporaryURL)
        } catch {
            try? FileManager.default.removeItem(at: temporaryURL)
            throw .writeFailed(path: path, reason: "\(error)")
        }

        self.url = url
        self.temporaryURL = temporaryURL
        self.handle = handle
        self.tensors = tensors
        self.elementCounts = elementCounts
        self.alignment = alignment
        self.position = 0
        try write(header.data)
        try skipCompletedTensors()
    }

    deinit {
        if !isFinished {
            try? handle.close()
            try? FileManager.default.removeItem(at: temporaryURL)
        }
    }

    /// Appends F32 values to the tensor currently being written. A chunk may
    /// not extend past the end of that tensor; once a tensor is complete the
    /// writer pads to the alignment and moves on to the next one.
    public func append(_ values: [Float]) throws(GGUFError) {
        guard !values.isEmpty else { return }
        guard currentTensor < tensors.count else {
            // Every tensor is already complete: the data overflows the last one.
            let lastCount = elementCounts.last ?? 0
            throw .tensorDataMismatch(path: url.path, name: tensors.last?.name ?? "", expectedElements: lastCount, receivedElements: lastCount + values.count)
        }
        let expected = elementCounts[currentTensor]
        guard elementsWrittenToCurrentTensor + values.count <= expected else {
            throw .tensorDataMismatch(
                path: url.path,
                name: tensors[currentTensor].name,
                expectedElements: expected,
                receivedElements: elementsWrittenToCurrentTensor + values.count
            )
        }
        #if _endian(little)
        let bytes = values.withUnsafeBytes { Data($0) }
        #else
        var encoder = GGUFHeaderEncoder()
        values.forEach { encoder.append($0) }
        let bytes = encoder.data
        #endif
        try write(bytes)
        elementsWrittenToCurrentTensor += values.count
        try skipCompletedTensors()
    }

    /// Checks that every tensor received all its data, closes the file and
    /// moves it to `url`, replacing any file already there.
    public func finish() throws(GGUFError) {
        if currentTensor < tensors.count {
            throw .tensorDataMismatch(
                path: url.path,
                name: tensors[currentTensor].name,
                expectedElements: elementCounts[currentTensor],
                receivedElements: elementsWrittenToCurrentTensor
            )
        }
        do {
            try handle.close()
        } catch {
            throw .writeFailed(path: url.path, reason: "\(error)")
        }
        isFinished = true
        guard rename(temporaryURL.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporaryURL)
            throw .writeFailed(path: url.path, reason: reason)
        }
    }

    /// Advances past every tensor that has all its data (including empty
    /// tensors), writing the zero padding that keeps the next offset aligned.
    private func skipCompletedTensors() throws(GGUFError) {
        while currentTensor < tensors.count, elementsWrittenToCurrentTensor == elementCounts[currentTensor] {
            let paddingCount = GGUFFormat.padded(position, to: alignment) - position
            if paddingCount > 0 {
                try write(Data(count: paddingCount))
            }
            currentTensor += 1
            elementsWrittenToCurrentTensor = 0
        }
    }

    private func write(_ data: Data) throws(GGUFError) {
        do {
            try handle.write(contentsOf: data)
        } catch {
            throw .writeFailed(path: url.path, reason: "\(error)")
        }
        position += data.count
    }

    /// Reads `general.alignment` the way llama.cpp does: it must be a
    /// `uint32` power of two, and defaults to 32 when absent.
    private static func alignment(in metadata: [GGUFMetadataEntry], path: String) throws(GGUFError) -> Int {
        guard let entry = metadata.first(where: { $0.key == GGUFFormat.alignmentKey }) else {
            return GGUFFormat.defaultAlignment
        }
        guard case .uint32(let value) = entry.value else {
            throw .invalidMetadata(path: path, key: entry.key, reason: "must be a uint32, not \(entry.value.type)")
        }
        guard value != 0, value & (value - 1) == 0 else {
            throw .invalidMetadata(path: path, key: entry.key, reason: "\(value) is not a power of two")
        }
        return Int(value)
    }

    private static func validate(_ metadata: [GGUFMetadataEntry], path: String) throws(GGUFError) {
        var seenKeys = Set<String>()
        for entry in metadata {
            guard !entry.key.isEmpty else {
                throw .invalidMetadata(path: path, key: entry.key, reason: "keys must not be empty")
            }
            guard seenKeys.insert(entry.key).inserted else {
                throw .invalidMetadata(path: path, key: entry.key, reason: "the key appears more than once")
            }
        }
    }

    /// Returns each tensor's element count after checking the constraints
    /// llama.cpp's GGUF loader enforces.
    private static func validate(_ tensors: [GGUFTensorDeclaration], path: String) throws(GGUFError) -> [Int] {
        var seenNames = Set<String>()
        var totalBytes = 0
        return try tensors.map { tensor throws(GGUFError) in
            guard !tensor.name.isEmpty, tensor.name.utf8.count < GGUFFormat.maximumNameLength else {
                throw .invalidTensor(path: path, name: tensor.name, reason: "names must be 1 to \(GGUFFormat.maximumNameLength - 1) bytes long")
            }
            guard seenNames.insert(tensor.name).inserted else {
                throw .invalidTensor(path: path, name: tensor.name, reason: "the name appears more than once")
            }
            guard tensor.dimensions.count <= GGUFFormat.maximumDimensionCount else {
                throw .invalidTensor(path: path, name: tensor.name, reason: "\(tensor.dimensions.count) dimensions, at most \(GGUFFormat.maximumDimensionCount) are allowed")
            }
            guard let elementCount = tensor.elementCount,
                  case let (byteCount, false) = elementCount.multipliedReportingOverflow(by: MemoryLayout<Float>.size),
                  case let (total, false) = totalBytes.addingReportingOverflow(byteCount)
            else {
                throw .invalidTensor(path: path, name: tensor.name, reason: "the shape \(tensor.dimensions) is too large")
            }
            totalBytes = total
            return elementCount
        }
    }
}
