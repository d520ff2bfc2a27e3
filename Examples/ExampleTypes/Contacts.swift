import Bridle

// Finding contacts by generation: a simple enum, generated as one of its case names.
public enum Contacts {
    @Generable
    public enum Generation: Equatable, CaseIterable, Sendable {
        case babyBoomers
        case genX
        case millennial
        case genZ
    }

    @Generable
    public struct Arguments: Equatable, Sendable {
        @Guide(description: "The generation to find contacts from")
        public let generation: Generation
    }
}
