import BridleEndpoint
import BridleSchema
import Foundation

/// Readings of an ``EndpointResponse``'s JSON for the tests.
enum EndpointBody {
    struct ErrorBody {
        let message: String
        let type: String
        let param: String?
        let code: String?
    }

    static func json(of response: EndpointResponse) -> GeneratedContent? {
        guard case .json(let content) = response.body else { return nil }
        return content
    }

    static func error(of response: EndpointResponse) -> ErrorBody? {
        json(of: response).flatMap(error(in:))
    }

    static func error(in content: GeneratedContent) -> ErrorBody? {
        guard let error = content["error"], let message = error["message"]?.text, let type = error["type"]?.text else { return nil }
        return ErrorBody(message: message, type: type, param: error["param"]?.text, code: error["code"]?.text)
    }
}

extension GeneratedContent {
    subscript(key: String) -> GeneratedContent? {
        guard case .structure(let properties, _) = kind else { return nil }
        return properties[key]
    }

    subscript(index: Int) -> GeneratedContent? {
        guard case .array(let elements) = kind, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    var text: String? {
        guard case .string(let text) = kind else { return nil }
        return text
    }

    var count: Int {
        guard case .array(let elements) = kind else { return 0 }
        return elements.count
    }
}
