import Bridle

// Four search suggestions, from FoundationModels' "Generating Swift data structures"
// article: a nested generable type, a `GenerationID` the model never writes, `.count(4)`; and
// Bridle's `.uniqueElements()`, so no term repeats an earlier one.
@Generable
public struct SearchSuggestions: Equatable, Sendable {
    @Guide(description: "A list of suggested search terms", .count(4), .uniqueElements())
    public var searchTerms: [SearchTerm]

    @Generable
    public struct SearchTerm: Equatable, Sendable {
        /// Assigned by Bridle after decoding, so it is not part of the schema.
        public var id: GenerationID

        @Guide(description: "A 2 or 3 word search term, like 'Beautiful sunsets'")
        public var searchTerm: String
    }
}
