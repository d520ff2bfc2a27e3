import Synchronization

/// Keeps track of the named types whose schemas are being built, so that a type that
/// contains itself (directly or through others) becomes a reference instead of an
/// endless recursion.
///
/// `Node.generationSchema` asks for `[Node].generationSchema`, which asks for
/// `Node.generationSchema` again: the inner request finds `Node` in progress, marks it
/// referenced and returns `$ref`; the outer one then files `Node` under `$defs`.
enum SchemaResolution {
    final class Frame: Sendable {
        let type: ObjectIdentifier
        let name: String
        let isReferenced = Mutex(false)

        init(type: ObjectIdentifier, name: String) {
            self.type = type
            self.name = name
        }
    }

    @TaskLocal static var inProgress: [Frame] = []

    /// The schema of the named type `type`, built by `body` unless `type` is already being
    /// built further up, in which case it is a reference to it.
    static func named(
        _ type: Any.Type, description: String?, body: () -> GenerationSchema
    ) -> GenerationSchema {
        let identifier = ObjectIdentifier(type)
        let name = definitionName(of: type)
        if let frame = inProgress.first(where: { $0.type == identifier }) {
            frame.isReferenced.withLock { $0 = true }
            return GenerationSchema(root: .reference(frame.name))
        }
        let frame = Frame(type: identifier, name: name)
        var schema = $inProgress.withValue(inProgress + [frame], operation: body)
        schema.root.title = simpleName(of: type)
        if let description { schema.root.description = description }
        if frame.isReferenced.withLock({ $0 }) {
            schema.definitions[name] = schema.root
            schema.root = .reference(name)
        }
        return schema
    }

    /// `Outer.Inner<Int>` for a type `Module.Outer.Inner<Swift.Int>`: unique within a
    /// program in practice, and safe inside a JSON pointer.
    static func definitionName(of type: Any.Type) -> String {
        // Private and local types print an "(unknown context at $…)" component: drop it
        // with the module name, so the name reads as the source spells the type.
        let components = String(reflecting: type).split(separator: ".").dropFirst().filter { !$0.hasPrefix("(") }
        let name = components.isEmpty ? simpleName(of: type) : components.joined(separator: ".")
        return String(name.map { $0.isLetter || $0.isNumber || "._-".contains($0) ? $0 : "_" })
    }

    static func simpleName(of type: Any.Type) -> String {
        String(describing: type)
    }
}
