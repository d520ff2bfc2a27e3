extension GeneratedContent {
    /// This content as a value of `type`.
    ///
    /// ```swift
    /// try GeneratedContent(json: "[1,2]").value([Int].self)   // [1, 2]
    /// ```
    public func value<Value: ConvertibleFromGeneratedContent>(_ type: Value.Type = Value.self) throws -> Value {
        try Value(self)
    }

    /// The property `name` of this object as a value of `type`. A missing property reads
    /// as `null`, so an optional `type` gives `nil` and any other type throws.
    ///
    /// ```swift
    /// try GeneratedContent(json: #"{"count":3}"#).value(Int.self, forProperty: "count")   // 3
    /// ```
    public func value<Value: ConvertibleFromGeneratedContent>(
        _ type: Value.Type = Value.self, forProperty name: String
    ) throws -> Value {
        let properties = try properties()
        guard let property = properties[name] else {
            do {
                return try Value(.null)
            } catch {
                throw GeneratedContentError.missingProperty(name)
            }
        }
        return try Value(property)
    }
}
