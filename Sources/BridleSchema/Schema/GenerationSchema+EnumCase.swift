extension GenerationSchema {
    /// One case of a generable enum, in the JSON shape Swift's synthesized `Codable` uses:
    /// `{"case":{…associated values…}}`, `{"now":{}}` for a case without values.
    ///
    /// ```swift
    /// GenerationSchema.EnumCase(name: "beforeNow", associatedValues: [
    ///     .init(name: "seconds", type: Int.self)
    /// ])
    /// // {"type":"object","properties":{"beforeNow":{"type":"object","properties":{"seconds":…}}}}
    /// ```
    public struct EnumCase: Sendable {
        /// The JSON key: the case name, or its `CodingKeys` raw value.
        public let name: String
        public let description: String?
        /// Labelled `label`, unlabelled `_0`, `_1`… as Swift's `Codable` names them.
        public let associatedValues: [Property]

        public init(name: String, description: String? = nil, associatedValues: [Property] = []) {
            self.name = name
            self.description = description
            self.associatedValues = associatedValues
        }
    }
}
