/// A tensor that `GGUFWriter` will write: its name and shape.
///
/// Every tensor the writer produces is F32, which is all the tiny test models
/// need; the offsets are computed by the writer, so they cannot be wrong.
public struct GGUFTensorDeclaration: Sendable, Equatable {
    public var name: String
    /// ggml order: `dimensions[0]` is `ne[0]`, the fastest-varying dimension.
    public var dimensions: [UInt64]

    public init(name: String, dimensions: [UInt64]) {
        self.name = name
        self.dimensions = dimensions
    }

    /// The number of F32 elements the writer expects for this tensor, or
    /// `nil` if it does not fit in an `Int`.
    public var elementCount: Int? {
        var count = 1
        for dimension in dimensions {
            guard let factor = Int(exactly: dimension) else { return nil }
            let (product, overflow) = count.multipliedReportingOverflow(by: factor)
            if overflow { return nil }
            count = product
        }
        return count
    }
}
