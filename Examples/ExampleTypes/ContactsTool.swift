import Bridle

/// Finds contacts by the generation they were born in.
public struct ContactsTool: Tool {
    public let name = "findContacts"
    public let description = "Finds the user's contacts born in a given generation."
    public let contacts: [Contacts.Generation: [String]]

    public init(contacts: [Contacts.Generation: [String]] = ContactsTool.sample) {
        self.contacts = contacts
    }

    public func call(arguments: Contacts.Arguments) async throws -> ToolOutput {
        let names = contacts[arguments.generation] ?? []
        guard !names.isEmpty else { return .failure("No contacts from that generation.") }
        return ToolOutput(names.joined(separator: ", "))
    }

    public static let sample: [Contacts.Generation: [String]] = [
        .babyBoomers: ["Margaret Hamilton"],
        .genX: ["Tim Berners-Lee", "Radia Perlman"],
        .millennial: ["Ada Chen"],
    ]
}
