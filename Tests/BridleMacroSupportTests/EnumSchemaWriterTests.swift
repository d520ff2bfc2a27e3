import Testing

@Suite("@Generable on enums")
struct EnumSchemaWriterTests {
    @Test func simpleEnumsAreCodedAsTheirCaseNames() {
        expectExpansion(
            """
            @Generable
            enum Generation {
                case babyBoomers, genX
                /// Born 1981–1996.
                case millennial
            }
            """,
            expands: #"""
            enum Generation {
                case babyBoomers, genX
                /// Born 1981–1996.
                case millennial

                nonisolated static var generationSchema: Bridle.GenerationSchema {
                    Bridle.GenerationSchema(
                        type: Self.self,
                        anyOf: ["babyBoomers", "genX", "millennial"],
                        choiceDescriptions: ["millennial": "Born 1981–1996."]
                    )
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.singleValueContainer()
                    let name = try container.decode(String.self)
                    switch name {
                    case "babyBoomers":
                        self = .babyBoomers
                    case "genX":
                        self = .genX
                    case "millennial":
                        self = .millennial
                    default:
                        throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(name)\" is not a case of Generation; expected one of: babyBoomers, genX, millennial")
                    }
                }

                func encode(to encoder: any Encoder) throws {
                    var container = encoder.singleValueContainer()
                    switch self {
                    case .babyBoomers:
                        try container.encode("babyBoomers")
                    case .genX:
                        try container.encode("genX")
                    case .millennial:
                        try container.encode("millennial")
                    }
                }
            }

            extension Generation: Bridle.Generable {
            }
            """#
        )
    }

    @Test func rawValuesAreTheChoices() {
        expectExpansion(
            """
            @Generable
            enum Mood: String {
                case happy = "😀", sad
            }
            @Generable
            enum Level: Int {
                case low = 1, mid, high = 10, top
            }
            """,
            expands: """
            enum Mood: String {
                case happy = "😀", sad

                nonisolated static var generationSchema: Bridle.GenerationSchema {
                    Bridle.GenerationSchema(
                        type: Self.self,
                        anyOf: ["😀", "sad"]
                    )
                }
            }
            enum Level: Int {
                case low = 1, mid, high = 10, top

                nonisolated static var generationSchema: Bridle.GenerationSchema {
                    Bridle.GenerationSchema(
                        type: Self.self,
                        values: [1, 2, 10, 11]
                    )
                }
            }

            extension Mood: Bridle.Generable {
            }

            extension Level: Bridle.Generable {
            }
            """
        )
    }

    @Test func associatedValuesUseSynthesizedCodableShape() {
        expectExpansion(
            """
            @Generable
            enum DateKind {
                case now
                @Guide(description: "In the past", .range(1...60))
                case beforeNow(seconds: Int)
                @Guide(associatedValue: "_1", description: "Unit", .anyOf(["s", "m"]))
                case afterNow(Int, String)
            }
            """,
            expands: """
            enum DateKind {
                case now
                case beforeNow(seconds: Int)
                case afterNow(Int, String)

                nonisolated static var generationSchema: Bridle.GenerationSchema {
                    Bridle.GenerationSchema(
                        type: Self.self,
                        cases: [
                            Bridle.GenerationSchema.EnumCase(name: "now"),
                            Bridle.GenerationSchema.EnumCase(name: "beforeNow", description: "In the past", associatedValues: [Bridle.GenerationSchema.Property(name: "seconds", type: Int.self, guides: [.range(1 ... 60)])]),
                            Bridle.GenerationSchema.EnumCase(name: "afterNow", associatedValues: [Bridle.GenerationSchema.Property(name: "_0", type: Int.self), Bridle.GenerationSchema.Property(name: "_1", description: "Unit", type: String.self, guides: [.anyOf(["s", "m"])])])
                        ]
                    )
                }
            }

            extension DateKind: Bridle.Generable {
            }
            """
        )
    }
}
