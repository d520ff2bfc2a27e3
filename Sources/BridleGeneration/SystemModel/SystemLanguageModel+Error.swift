extension SystemLanguageModel {
    /// Why the default model cannot respond, in FoundationModels 27's shape (thrown under
    /// ``ErrorConvention/foundationModels27``).
    public enum Error: Swift.Error, CustomStringConvertible {
        /// No model is configured (``SystemLanguageModel/configure(_:)``).
        case assetsUnavailable(AssetsUnavailable)

        public struct AssetsUnavailable: Sendable {
            public var debugDescription: String

            public init(debugDescription: String) {
                self.debugDescription = debugDescription
            }
        }

        public var description: String {
            switch self {
            case .assetsUnavailable(let details): details.debugDescription
            }
        }
    }
}
