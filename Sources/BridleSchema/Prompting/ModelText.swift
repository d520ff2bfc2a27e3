/// How a value reads to a model: a string as its text, anything else as compact JSON.
package enum ModelText {
    package static func of(_ value: any ConvertibleToGeneratedContent) -> String {
        let content = GeneratedContent.converting(value)
        if case .string(let text) = content.kind { return text }
        return content.jsonString
    }
}
