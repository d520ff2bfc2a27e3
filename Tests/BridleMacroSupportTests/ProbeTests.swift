import Testing

@Test func probe() {
    expectExpansion(
        """
        @Generable
        struct SearchSuggestions {
            @Guide(description: "A list of suggested search terms", .count(4))
            var searchTerms: [SearchTerm]

            @Generable
            struct SearchTerm {
                var id: GenerationID
                /// A 2 or 3 word search term
                var searchTerm: String
            }
        }
        @Generable enum DateKind { case now, beforeNow(seconds: Int), afterNow(seconds: Int) }
        @Generable enum Generation { case babyBoomers, genX }
        """, expands: "")
}
