import SwiftSyntax

/// What the macro can tell about a property's type from its spelling alone. Type aliases
/// and user types are `.named`: the macro then leaves the checking to the compiler.
indirect enum TypeShape: Equatable {
    case string
    case bool
    case integer
    case floatingPoint
    case decimal
    case date
    case uuid
    case generationID
    case array(TypeShape)
    case optional(TypeShape)
    case dictionary(TypeShape)
    case named(String)
    case unsupported(String)

    init(_ type: TypeSyntax) {
        if let optional = type.as(OptionalTypeSyntax.self) {
            self = .optional(TypeShape(optional.wrappedType))
        } else if let array = type.as(ArrayTypeSyntax.self) {
            self = .array(TypeShape(array.element))
        } else if let dictionary = type.as(DictionaryTypeSyntax.self) {
            self = .dictionary(TypeShape(dictionary.value))
        } else if let identifier = type.as(IdentifierTypeSyntax.self) {
            self = TypeShape(name: identifier.name.text, arguments: identifier.genericArgumentClause)
        } else if let member = type.as(MemberTypeSyntax.self) {
            let base = member.baseType.trimmedDescription
            let knownModules = ["Swift", "Foundation", "Bridle", "BridleSchema"]
            self = knownModules.contains(base)
                ? TypeShape(name: member.name.text, arguments: member.genericArgumentClause)
                : .named(member.trimmedDescription)
        } else if type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) || type.is(FunctionTypeSyntax.self)
            || type.is(SomeOrAnyTypeSyntax.self) || type.is(TupleTypeSyntax.self) || type.is(MetatypeTypeSyntax.self)
        {
            self = .unsupported(type.trimmedDescription)
        } else if let attributed = type.as(AttributedTypeSyntax.self) {
            self = TypeShape(attributed.baseType)
        } else {
            self = .named(type.trimmedDescription)
        }
    }

    private init(name: String, arguments: GenericArgumentClauseSyntax?) {
        let generic = arguments?.arguments.compactMap { $0.argument.as(TypeSyntax.self) } ?? []
        switch (name, generic.count) {
        case ("String", 0): self = .string
        case ("Bool", 0): self = .bool
        case ("Int", 0), ("Int8", 0), ("Int16", 0), ("Int32", 0), ("Int64", 0),
            ("UInt", 0), ("UInt8", 0), ("UInt16", 0), ("UInt32", 0), ("UInt64", 0):
            self = .integer
        case ("Double", 0), ("Float", 0): self = .floatingPoint
        case ("Decimal", 0): self = .decimal
        case ("Date", 0): self = .date
        case ("UUID", 0): self = .uuid
        case ("GenerationID", 0): self = .generationID
        case ("Array", 1): self = .array(TypeShape(generic[0]))
        case ("Optional", 1): self = .optional(TypeShape(generic[0]))
        case ("Dictionary", 2): self = .dictionary(TypeShape(generic[1]))
        default: self = .named(name)
        }
    }

    /// The type without one level of `Optional`.
    var unwrapped: TypeShape {
        if case .optional(let wrapped) = self { return wrapped }
        return self
    }

    var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }
}
