import BridleJSON

/// One value of a request body and where it sits (`messages[2].content`), so every error
/// about it names the field.
///
/// ```swift
/// let body = try RequestField(body: #"{"n":"two"}"#)
/// try body.optional("n")?.integer()   // EndpointError: "n: expected an integer, found a string"
/// ```
struct RequestField {
    let value: GeneratedContent
    let path: String

    init(_ value: GeneratedContent, path: String) {
        self.value = value
        self.path = path
    }

    /// The body, which must be one JSON object.
    init(body: String) throws(EndpointError) {
        let value: GeneratedContent
        do {
            value = try GeneratedContent(json: body)
        } catch {
            throw .invalidRequest("the body is not JSON: \(error.description)", code: "invalid_json")
        }
        guard case .structure = value.kind else {
            throw .invalidRequest("the body must be a JSON object, found \(value.kind.name)", code: "invalid_json")
        }
        self.init(value, path: "")
    }

    private func child(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func problem(_ message: String) -> EndpointError { .invalidRequest(message, parameter: path.isEmpty ? nil : path) }

    private func expected(_ what: String) -> EndpointError {
        problem("expected \(what), found \(value.kind.name)")
    }

    /// The object's keys, in the body's order.
    func keys() throws(EndpointError) -> [String] {
        guard case .structure(_, let keys) = value.kind else { throw expected("an object") }
        return keys
    }

    /// The member `key`, or `nil` when it is missing or `null` (OpenAI's clients send `null`
    /// for "not given").
    func optional(_ key: String) throws(EndpointError) -> RequestField? {
        guard case .structure(let properties, _) = value.kind else { throw expected("an object") }
        guard let member = properties[key], member.kind != .null else { return nil }
        return RequestField(member, path: child(key))
    }

    func required(_ key: String) throws(EndpointError) -> RequestField {
        guard let member = try optional(key) else {
            throw .invalidRequest("\(child(key)) is required", parameter: child(key))
        }
        return member
    }

    /// Refuses members other than `known`, as OpenAI does ("unrecognized request argument"),
    /// so a field Bridle would not act on is never dropped without a word.
    func refuseUnknownKeys(_ known: Set<String>) throws(EndpointError) {
        for key in try keys() where !known.contains(key) {
            throw .invalidRequest(
                "unrecognized request argument \(key); this endpoint reads \(known.sorted().joined(separator: ", "))",
                parameter: child(key))
        }
    }

    func string() throws(EndpointError) -> String {
        guard case .string(let text) = value.kind else { throw expected("a string") }
        return text
    }

    func bool() throws(EndpointError) -> Bool {
        guard case .bool(let flag) = value.kind else { throw expected("a boolean") }
        return flag
    }

    func integer(in range: ClosedRange<Int>? = nil) throws(EndpointError) -> Int {
        guard case .number(let number) = value.kind, let integer = number.exactInteger(Int.self) else {
            throw expected("an integer")
        }
        if let range, !range.contains(integer) {
            throw problem("\(integer) is out of range: expected \(range.lowerBound) to \(range.upperBound)")
        }
        return integer
    }

    func double(in range: ClosedRange<Double>) throws(EndpointError) -> Double {
        guard case .number(let number) = value.kind, let double = number.double else { throw expected("a number") }
        guard range.contains(double) else {
            throw problem("\(number) is out of range: expected \(range.lowerBound) to \(range.upperBound)")
        }
        return double
    }

    func array() throws(EndpointError) -> [RequestField] {
        guard case .array(let elements) = value.kind else { throw expected("an array") }
        return elements.enumerated().map { RequestField($0.element, path: "\(path)[\($0.offset)]") }
    }

    /// A string that must be one of `choices`.
    func choice(_ choices: [String]) throws(EndpointError) -> String {
        let text = try string()
        guard choices.contains(text) else {
            throw problem("\"\(text)\" is not one of \(choices.joined(separator: ", "))")
        }
        return text
    }
}
