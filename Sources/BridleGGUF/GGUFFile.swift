import Foundation

/// The header of a GGUF file: its metadata and tensor infos, without the
/// tensor data.
///
/// Opening a file checks what llama.cpp's loader checks first (magic,
/// version, value types, alignment, tensor shapes and offsets, and that the
/// tensor data lies inside the file), so a caller can report a typed error
/// instead of handing a bad file to llama.cpp and getting back a null model.
public struct GGUFFile: Sendable {
    public let url: URL
    public let version: UInt32
    /// Every key/value pair, in file order.
    public let metadata: [GGUFMetadataEntry]
    public let tensors: [GGUFTensorInfo]
    /// `general.alignment`, or 32 when the file does not set it.
    public let alignment: Int
    /// Absolute file offset where the tensor data section starts; tensor
    /// offsets are relative to it.
    public let dataOffset: UInt64
    public let fileSize: UInt64
    private let metadataIndex: [String: Int]

    /// Reads and validates the header of the GGUF file at `url`.
    public init(contentsOf url: URL) throws(GGUFError) {
        let path = url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .fileNotFound(path: path)
        }
        guard !isDirectory.boolValue else {
            throw .cannotOpen(path: path, reason: "it is a directory")
        }
        let handle: FileHandle
        let fileSize: UInt64
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw .cannotOpen(path: path, reason: "\(error)")
        }
        defer { try? handle.close() }
        do {
            fileSize = try handle.seekToEnd()
            try handle.seek(toOffset: 0)
        } catch {
            throw .readFailed(path: path, reason: "\(error)")
        }

        var reader = GGUFByteReader(handle: handle, path: path, fileSize: fileSize)
        let version = try Self.readPreamble(&reader)
        let tensorCount = try reader.read(UInt64.self)
        let metadataCount = try reader.read(UInt64.self)

        var metadata: [GGUFMetadataEntry] = []
        var metadataIndex: [String: Int] = [:]
        var entryNumber: UInt64 = 0
        while entryNumber < metadataCount {
            let keyOffset = reader.offset
            let key = try reader.readString()
            guard !key.isEmpty else {
                throw .invalidMetadata(path: path, key: key, reason: "the key at byte offset \(keyOffset) is empty")
            }
            guard metadataIndex[key] == nil else {
                throw .invalidMetadata(path: path, key: key, reason: "the key appears again at byte offset \(keyOffset)")
            }
            metadataIndex[key] = metadata.count
            metadata.append(GGUFMetadataEntry(key, try Self.readValue(for: key, from: &reader)))
            entryNumber += 1
        }

        let alignment = try Self.alignment(in: metadata, index: metadataIndex, path: path)
        let tensors = try Self.readTensorInfos(count: tensorCount, alignment: alignment, from: &reader)
        let remainder = reader.offset % UInt64(alignment)
        let dataOffset = remainder == 0 ? reader.offset : reader.offset + (UInt64(alignment) - remainder)
        try Self.checkDataBounds(of: tensors, dataOffset: dataOffset, fileSize: fileSize, path: path)

        self.url = url
        self.version = version
        self.metadata = metadata
        self.tensors = tensors
        self.alignment = alignment
        self.dataOffset = dataOffset
        self.fileSize = fileSize
        self.metadataIndex = metadataIndex
    }

    /// The value stored under `key`, if any.
    public subscript(key: String) -> GGUFValue? {
        metadataIndex[key].map { metadata[$0].value }
    }

    /// `general.architecture`, e.g. `"llama"`; llama.cpp uses it to find
    /// every other model key.
    public var architecture: String? {
        self["general.architecture"]?.stringValue
    }

    /// `<architecture>.context_length`: the context the model was trained
    /// for, the largest useful `n_ctx`.
    public var contextLength: Int? {
        architecture.flatMap { self["\($0).context_length"]?.integerValue }
    }

    /// Checks the magic and version and returns the version.
    private static func readPreamble(_ reader: inout GGUFByteReader) throws(GGUFError) -> UInt32 {
        let start = try reader.peek(upTo: 16)
        if !start.starts(with: GGUFFormat.magic) {
            // A short file that is a prefix of the magic is a truncated GGUF file.
            guard start.count < GGUFFormat.magic.count, GGUFFormat.magic.starts(with: start) else {
                throw .notGGUF(path: reader.path, firstBytes: Array(start))
            }
        }
        _ = try reader.readBytes(UInt64(GGUFFormat.magic.count))
        let version = try reader.read(UInt32.self)
        guard GGUFFormat.readableVersions.contains(version) else {
            throw .unsupportedVersion(path: reader.path, version: version)
        }
        return version
    }

    private static func readValue(for key: String, from reader: inout GGUFByteReader) throws(GGUFError) -> GGUFValue {
        let typeOffset = reader.offset
        let rawType = try reader.read(UInt32.self)
        guard let type = GGUFValueType(rawValue: rawType) else {
            throw .invalidValueType(path: reader.path, key: key, rawValue: rawType, offset: typeOffset)
        }
        switch type {
        case .uint8: return .uint8(try reader.read())
        case .int8: return .int8(try reader.read())
        case .uint16: return .uint16(try reader.read())
        case .int16: return .int16(try reader.read())
        case .uint32: return .uint32(try reader.read())
        case .int32: return .int32(try reader.read())
        case .float32: return .float32(try reader.readFloat())
        case .bool: return .bool(try reader.readBool())
        case .string: return .string(try reader.readString())
        case .uint64: return .uint64(try reader.read())
        case .int64: return .int64(try reader.read())
        case .float64: return .float64(try reader.readDouble())
        case .array: return .array(try readArray(for: key, from: &reader))
        }
    }

    private static func readArray(for key: String, from reader: inout GGUFByteReader) throws(GGUFError) -> GGUFArray {
        let typeOffset = reader.offset
        let rawType = try reader.read(UInt32.self)
        guard let elementType = GGUFValueType(rawValue: rawType), elementType != .array else {
            throw .invalidValueType(path: reader.path, key: key, rawValue: rawType, offset: typeOffset)
        }
        let countOffset = reader.offset
        let count = try reader.read(UInt64.self)
        // A string element is at least its 8-byte length; every other element
        // is at least one byte.
        let minimumElementSize: UInt64 = elementType == .string ? 8 : 1
        guard reader.canFit(count, elementsOfAtLeast: minimumElementSize), let elementCount = Int(exactly: count) else {
            let (needed, overflow) = count.multipliedReportingOverflow(by: minimumElementSize)
            throw .truncated(path: reader.path, offset: countOffset + 8, needed: overflow ? .max : needed, fileSize: reader.fileSize)
        }

        func elements<Element>(_ readElement: (inout GGUFByteReader) throws(GGUFError) -> Element) throws(GGUFError) -> [Element] {
            var elements: [Element] = []
            elements.reserveCapacity(elementCount)
            for _ in 0..<elementCount {
                elements.append(try readElement(&reader))
            }
            return elements
        }

        switch elementType {
        case .uint8: return .uint8(Array(try reader.readBytes(count)))
        case .int8: return .int8(try elements { reader throws(GGUFError) in try reader.read() })
        case .uint16: return .uint16(try elements { reader throws(GGUFError) in try reader.read() })
        case .int16: return .int16(try elements { reader throws(GGUFError) in try reader.read() })
        case .uint32: return .uint32(try elements { reader throws(GGUFError) in try reader.read() })
        case .int32: return .int32(try elements { reader throws(GGUFError) in try reader.read() })
        case .float32: return .float32(try elements { reader throws(GGUFError) in try reader.readFloat() })
        case .bool: return .bool(try elements { reader throws(GGUFError) in try reader.readBool() })
        case .string: return .string(try elements { reader throws(GGUFError) in try reader.readString() })
        case .uint64: return .uint64(try elements { reader throws(GGUFError) in try reader.read() })
        case .int64: return .int64(try elements { reader throws(GGUFError) in try reader.read() })
        case .float64: return .float64(try elements { reader throws(GGUFError) in try reader.readDouble() })
        case .array:
            throw .invalidValueType(path: reader.path, key: key, rawValue: rawType, offset: typeOffset)
        }
    }

    /// `general.alignment` with llama.cpp's rules: a `uint32` power of two,
    /// 32 when absent.
    private static func alignment(in metadata: [GGUFMetadataEntry], index: [String: Int], path: String) throws(GGUFError) -> Int {
        guard let position = index[GGUFFormat.alignmentKey] else {
            return GGUFFormat.defaultAlignment
        }
        guard case .uint32(let value) = metadata[position].value else {
            throw .invalidMetadata(path: path, key: GGUFFormat.alignmentKey, reason: "must be a uint32, not \(metadata[position].value.type)")
        }
        guard value != 0, value & (value - 1) == 0 else {
            throw .invalidMetadata(path: path, key: GGUFFormat.alignmentKey, reason: "\(value) is not a power of two")
        }
        return Int(value)
    }

    private static func readTensorInfos(count: UInt64, alignment: Int, from reader: inout GGUFByteReader) throws(GGUFError) -> [GGUFTensorInfo] {
        let path = reader.path
        var tensors: [GGUFTensorInfo] = []
        var seenNames = Set<String>()
        var tensorNumber: UInt64 = 0
        while tensorNumber < count {
            let name = try reader.readString()
            guard name.utf8.count < GGUFFormat.maximumNameLength else {
                throw .invalidTensor(path: path, name: name, reason: "the name is longer than \(GGUFFormat.maximumNameLength - 1) bytes")
            }
            guard seenNames.insert(name).inserted else {
                throw .invalidTensor(path: path, name: name, reason: "the name appears more than once")
            }
            let dimensionCount = try reader.read(UInt32.self)
            guard dimensionCount <= GGUFFormat.maximumDimensionCount else {
                throw .invalidTensor(path: path, name: name, reason: "\(dimensionCount) dimensions, at most \(GGUFFormat.maximumDimensionCount) are allowed")
            }
            var dimensions: [UInt64] = []
            for _ in 0..<dimensionCount {
                dimensions.append(try reader.read(UInt64.self))
            }
            let type = GGUFTensorType(rawValue: try reader.read(UInt32.self))
            let offset = try reader.read(UInt64.self)
            guard offset % UInt64(alignment) == 0 else {
                throw .invalidTensor(path: path, name: name, reason: "its offset \(offset) is not a multiple of the alignment \(alignment)")
            }
            tensors.append(GGUFTensorInfo(name: name, dimensions: dimensions, type: type, offset: offset))
            tensorNumber += 1
        }
        return tensors
    }

    /// Reports a truncated file when a tensor's data would end past the end
    /// of the file. For block-quantised types, whose sizes this module does
    /// not track, only the first byte is checked.
    private static func checkDataBounds(of tensors: [GGUFTensorInfo], dataOffset: UInt64, fileSize: UInt64, path: String) throws(GGUFError) {
        for tensor in tensors {
            let needed = tensor.elementCount == 0 ? 0 : tensor.byteCount ?? 1
            let (start, startOverflow) = dataOffset.addingReportingOverflow(tensor.offset)
            let (end, endOverflow) = start.addingReportingOverflow(needed)
            guard !startOverflow, !endOverflow else {
                throw .invalidTensor(path: path, name: tensor.name, reason: "its offset \(tensor.offset) or size is too large")
            }
            if needed > 0, end > fileSize {
                throw .truncated(path: path, offset: start, needed: needed, fileSize: fileSize)
            }
        }
    }
}
