@_exported import BridleGeneration
@_exported import BridleGrammar
@_exported import BridleJSONSchema
@_exported import BridleSchema

/// Makes a struct or enum `Generable`: its `generationSchema` describes exactly the JSON
/// its `Codable` conformance reads, with every `@Guide` applied. A struct also gets a
/// `PartiallyGenerated` type (every property optional) for streamed snapshots.
///
/// ```swift
/// @Generable(description: "Arguments for a reminders search")
/// struct Arguments {
///     @Guide(description: "Filter by status", .anyOf(["all", "completed", "incomplete"])) let status: String
///     @Guide(description: "How many", .range(1...10)) let count: Int?
/// }
/// ```
///
/// Beyond FoundationModels: enums with associated values use Swift's synthesized `Codable`
/// shape, `@Guide` works on enum cases, `CodingKeys` raw values become the JSON keys, doc
/// comments become descriptions, and impossible guides (`.range(5...1)`, `.anyOf([])`,
/// `.count` on a `String`) are compile-time errors.
@attached(member, names: named(generationSchema), named(init(from:)), named(encode(to:)), named(PartiallyGenerated))
@attached(extension, conformances: Generable)
public macro Generable(description: String? = nil) = #externalMacro(module: "BridleMacros", type: "GenerableMacro")

/// Describes and constrains a stored property (or an enum case's associated value).
///
/// ```swift
/// @Guide(description: "How many", .range(1...10)) let count: Int?
/// ```
@attached(peer)
public macro Guide<T>(description: String? = nil, _ guides: GenerationGuide<T>...) =
    #externalMacro(module: "BridleMacros", type: "GuideMacro")

/// Describes a stored property or an enum case.
@attached(peer)
public macro Guide(description: String) = #externalMacro(module: "BridleMacros", type: "GuideMacro")

/// Constrains a `String` property to match a regex literal, read from source.
///
/// ```swift
/// @Guide(description: "A ticket id", /[A-Z]{3}-[0-9]{4}/) let ticket: String
/// ```
@attached(peer)
public macro Guide<RegexOutput>(description: String? = nil, _ guides: Regex<RegexOutput>) =
    #externalMacro(module: "BridleMacros", type: "GuideMacro")

/// Describes and constrains one associated value of an enum case, by its label
/// (`_0`, `_1`… for unlabelled values).
///
/// ```swift
/// @Guide(associatedValue: "seconds", description: "Seconds from now", .range(0...86_400))
/// case afterNow(seconds: Int)
/// ```
@attached(peer)
public macro Guide<T>(associatedValue: String, description: String? = nil, _ guides: GenerationGuide<T>...) =
    #externalMacro(module: "BridleMacros", type: "GuideMacro")

/// Describes one associated value of an enum case, by its label.
@attached(peer)
public macro Guide(associatedValue: String, description: String) =
    #externalMacro(module: "BridleMacros", type: "GuideMacro")
