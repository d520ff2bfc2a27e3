extension GenerationSchema {
    /// This schema with `values` excluded from its root's language (``SchemaNode/excludedValues``),
    /// beside any it excluded before: a retry that must not write again what failed.
    ///
    /// Values are compared as JSON (key order and number spelling don't matter); a value the
    /// schema admits no matter how it is excluded stays out of every response, whether
    /// decoded in process (the mask engine refuses the token that would complete it) or by a
    /// server (``violations(of:)`` reports it after generation).
    ///
    /// ```swift
    /// let retry = schema.excluding([try GeneratedContent(json: #"{"city": "Oslo"}"#)])
    /// retry.violations(of: try GeneratedContent(json: #"{"city":"Oslo"}"#))
    /// // [#: equals an excluded value; change at least one part of it]
    /// ```
    public func excluding(_ values: [GeneratedContent]) -> GenerationSchema {
        var copy = self
        for value in values where !copy.root.excludedValues.contains(where: { JSONEquality.equal($0, value) }) {
            copy.root.excludedValues.append(value)
        }
        return copy
    }

    /// Whether some node of the schema excludes values.
    var hasExcludedValues: Bool {
        let excludes: (SchemaNode) -> Bool = { !$0.excludedValues.isEmpty }
        return root.contains(where: excludes) || definitions.values.contains { $0.contains(where: excludes) }
    }
}

extension Violation {
    /// The message of a value that equals one its schema excludes (``SchemaNode/excludedValues``).
    public static let excludedValueMessage = "equals an excluded value; change at least one part of it"

    /// Whether this violation is a value equal to an excluded one.
    public var isExcludedValue: Bool { message == Self.excludedValueMessage }
}
