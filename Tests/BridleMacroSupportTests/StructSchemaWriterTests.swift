import Testing

@Suite("@Generable on structs")
struct StructSchemaWriterTests {
    @Test func propertiesGuidesAndDescriptions() {
        expectExpansion(
            """
            @Generable(description: "Search arguments")
            public struct Arguments {
                @Guide(description: "Filter by status", .anyOf(["all", "completed"]))
                public let status: String
                /// How many to return.
                @Guide(.range(1...10))
                public var count: Int?
                var id: GenerationID
                let fixed = 1
                var computed: Int { 2 }
                static var shared = 0
                var a, b: Bool
            }
            """,
            expands: """
            public struct Arguments {
                public let status: String
                /// How many to return.
                public var count: Int?
                var id: GenerationID
                let fixed = 1
                var computed: Int { 2 }
                static var shared = 0
                var a, b: Bool

                public nonisolated static var generationSchema: Bridle.GenerationSchema {
                    Bridle.GenerationSchema(
                        type: Self.self,
                        description: "Search arguments",
                        properties: [
                            Bridle.GenerationSchema.Property(name: "status", description: "Filter by status", type: String.self, guides: [.anyOf(["all", "completed"])]),
                            Bridle.GenerationSchema.Property(name: "count", description: "How many to return.", type: Int?.self, guides: [.range(1 ... 10)]),
                            Bridle.GenerationSchema.Property(name: "a", type: Bool.self),
                            Bridle.GenerationSchema.Property(name: "b", type: Bool.self)
                        ]
                    )
                }

                public nonisolated struct PartiallyGenerated: Bridle.ConvertibleFromGeneratedContent {
                    public var status: String.PartiallyGenerated?
                    public var count: Int?.PartiallyGenerated?
                    public var a: Bool.PartiallyGenerated?
                    public var b: Bool.PartiallyGenerated?

                    public init(_ content: Bridle.GeneratedContent) throws {
                        _ = try content.properties()
                        self.status = try? content.value(String.PartiallyGenerated.self, forProperty: "status")
                        self.count = try? content.value(Int?.PartiallyGenerated.self, forProperty: "count")
                        self.a = try? content.value(Bool.PartiallyGenerated.self, forProperty: "a")
                        self.b = try? content.value(Bool.PartiallyGenerated.self, forProperty: "b")
                    }
                }
            }

            extension Arguments: Bridle.Generable {
            }
            """
        )
    }

    @Test func codingKeysAndRegexLiterals() {
        expectExpansion(
            """
            @Generable
            struct Ticket {
                enum CodingKeys: String, CodingKey {
                    case code = "ticket_code"
                    case title
                }
                @Guide(/[A-Z]{3}-[0-9]+/)
                var code: String
                @Guide(description: "Title", .pattern(#/\\w+ "x"/#))
                var title: String
                var skipped: Int = 0
            }
            """,
            expands: #"""
            struct Ticket {
                enum CodingKeys: String, CodingKey {
                    case code = "ticket_code"
                    case title
                }
                var code: String
                var title: String
                var skipped: Int = 0

                nonisolated static var generationSchema: Bridle.GenerationSchema {
                    Bridle.GenerationSchema(
                        type: Self.self,
                        properties: [
                            Bridle.GenerationSchema.Property(name: "ticket_code", type: String.self, guides: [.pattern("[A-Z]{3}-[0-9]+")]),
                            Bridle.GenerationSchema.Property(name: "title", description: "Title", type: String.self, guides: [.pattern("\\w+ \"x\"")])
                        ]
                    )
                }

                nonisolated struct PartiallyGenerated: Bridle.ConvertibleFromGeneratedContent {
                    var code: String.PartiallyGenerated?
                    var title: String.PartiallyGenerated?

                    init(_ content: Bridle.GeneratedContent) throws {
                        _ = try content.properties()
                        self.code = try? content.value(String.PartiallyGenerated.self, forProperty: "ticket_code")
                        self.title = try? content.value(String.PartiallyGenerated.self, forProperty: "title")
                    }
                }
            }

            extension Ticket: Bridle.Generable {
            }
            """#
        )
    }

    @Test func relationsNameTheJSONKeyOfTheirProperty() {
        let expansion = Diagnosed(source: """
            @Generable
            struct Span {
                enum CodingKeys: String, CodingKey {
                    case from = "from_year"
                    case to
                }
                var from: Int
                @Guide(.atLeast("from")) var to: Int
            }
            """)
        #expect(expansion.messages.isEmpty, "\(expansion.messages)")
        #expect(expansion.expanded.contains(#"Bridle.GenerationSchema.Property(name: "to", type: Int.self, guides: [.atLeast("from_year")])"#), "\(expansion.expanded)")
    }

    @Test func aPartialDateShowsOnlyOnceWhole() {
        expectExpansion(
            """
            @Generable
            struct Event {
                var start: Date
                var end: Date?
            }
            """,
            expands: """
            struct Event {
                var start: Date
                var end: Date?

                nonisolated static var generationSchema: Bridle.GenerationSchema {
                    Bridle.GenerationSchema(
                        type: Self.self,
                        properties: [
                            Bridle.GenerationSchema.Property(name: "start", type: Date.self),
                            Bridle.GenerationSchema.Property(name: "end", type: Date?.self)
                        ]
                    )
                }

                nonisolated struct PartiallyGenerated: Bridle.ConvertibleFromGeneratedContent {
                    var start: Date.PartiallyGenerated?
                    var end: Date?.PartiallyGenerated?

                    init(_ content: Bridle.GeneratedContent) throws {
                        _ = try content.properties()
                        self.start = Bridle.PartialValues.completeDate(in: content, forProperty: "start")
                        self.end = Bridle.PartialValues.completeDate(in: content, forProperty: "end")
                    }
                }
            }

            extension Event: Bridle.Generable {
            }
            """
        )
    }

    @Test func aPartialTypeTheUserWroteIsKept() {
        expectExpansion(
            """
            @Generable
            struct Custom {
                var `default`: Int
                typealias PartiallyGenerated = Custom
            }
            """,
            expands: """
            struct Custom {
                var `default`: Int
                typealias PartiallyGenerated = Custom

                nonisolated static var generationSchema: Bridle.GenerationSchema {
                    Bridle.GenerationSchema(
                        type: Self.self,
                        properties: [
                            Bridle.GenerationSchema.Property(name: "default", type: Int.self)
                        ]
                    )
                }
            }

            extension Custom: Bridle.Generable {
            }
            """
        )
    }

    @Test func aSchemaTheUserWroteIsKept() {
        expectExpansion(
            """
            @Generable
            struct Manual {
                var name: String
                static var generationSchema: GenerationSchema { String.generationSchema }
            }
            """,
            expands: """
            struct Manual {
                var name: String
                static var generationSchema: GenerationSchema { String.generationSchema }
            }

            extension Manual: Bridle.Generable {
            }
            """
        )
    }

    @Test func nestedTypesExtendTheirQualifiedName() {
        expectExpansion(
            """
            struct Outer {
                @Generable
                struct Inner {
                    var value: [String: Double]
                }
            }
            """,
            expands: """
            struct Outer {
                struct Inner {
                    var value: [String: Double]

                    nonisolated static var generationSchema: Bridle.GenerationSchema {
                        Bridle.GenerationSchema(
                            type: Self.self,
                            properties: [
                                Bridle.GenerationSchema.Property(name: "value", type: [String: Double].self)
                            ]
                        )
                    }

                    nonisolated struct PartiallyGenerated: Bridle.ConvertibleFromGeneratedContent {
                        var value: [String: Double].PartiallyGenerated?

                        init(_ content: Bridle.GeneratedContent) throws {
                            _ = try content.properties()
                            self.value = try? content.value([String: Double].PartiallyGenerated.self, forProperty: "value")
                        }
                    }
                }
            }

            extension Outer.Inner: Bridle.Generable {
            }
            """
        )
    }
}
