/// A tensor's header entry as read from a GGUF file: where its data is and
/// what shape it has. The data itself is never loaded.
public struct GGUFTensorInfo: Sendable, Equatable {
    public var name: String
    /// ggml order: `dimensions[0]` is `ne[0]`, the fastest-varying dimension.
    public var dimensions: [UInt64]
    public var type: GGUFTensorType
    /// Offset of the first byte relative to the start of the data section
    /// (`GGUFFile.dataOffset`), not to the start of the file.
    public var offset: UInt64

    public init(name: String, dimensions: [UInt64], type: GGUFTensorType, offset: UInt64) {
        self.name = name
        self.dimensions = dimensions
        self.type = type
        self.offset = offset
    }

    /// The number of elements, or `nil` if it overflows `UInt64`.
    public var elementCount: UInt64? {
        var count: UInt64 = 1
        for dimension in dimensions {
            let (product, overflow) = count.multipliedReportingOverflow(by: dimension)
            if overflow { return nil }
            count = product
        }
        return count
    }

    /// The size of the tensor's data in bytes when the type's element size is
    /// known (see `GGUFTensorType.bytesPerElement`) and the size fits.
    public var byteCount: UInt64? {
        guard let elementCount, let bytesPerElement = type.bytesPerElement else { return nil }
        let (size, overflow) = elementCount.multipliedReportingOverflow(by: UInt64(bytesPerElement))
        return overflow ? nil : size
    }
}
