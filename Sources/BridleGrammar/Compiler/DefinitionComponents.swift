import BridleSchema

/// The strongly connected components of a schema's definitions under `$ref`: definitions
/// that can reach each other (recursion) share a component.
///
/// The compiler compiles a definition once per *recursion context*. Only the definitions on
/// the current path that the definition can reach again change what it compiles to, and
/// those are exactly the ones in its component; keying by the whole path instead compiles a
/// diamond of shared definitions (`L0 → L1, R1`; `R1 → L1`; …) once per path, 2^30 times for
/// thirty levels.
///
/// ```swift
/// let components = DefinitionComponents(schema)
/// components.component(of: "Node") == components.component(of: "Children")   // mutual recursion
/// ```
struct DefinitionComponents {
    private var componentByName: [String: Int] = [:]

    init(_ schema: GenerationSchema) {
        let names = schema.definitions.keys.sorted()
        var edges: [String: [String]] = [:]
        for name in names {
            if let definition = schema.definitions[name] { edges[name] = Self.references(in: definition) }
        }
        componentByName = Self.tarjan(names: names, edges: edges)
    }

    /// The component of `name` (a definition name; unknown names are alone).
    func component(of name: String) -> Int {
        componentByName[name] ?? -1
    }

    /// The definition names `node` refers to, without following them (no recursion: nested
    /// nodes go through an explicit stack).
    static func references(in node: SchemaNode) -> [String] {
        var found: [String] = []
        var pending = [node]
        while let next = pending.popLast() {
            switch next.kind {
            case .reference(let name): found.append(name)
            case .anyOf(let alternatives), .oneOf(let alternatives): pending.append(contentsOf: alternatives)
            case .array(let constraints):
                pending.append(contentsOf: constraints.prefixItems)
                pending.append(constraints.items)
            case .object(let shape):
                pending.append(contentsOf: shape.properties.map(\.node))
                if let additional = shape.additionalProperties { pending.append(additional) }
            default: break
            }
        }
        return found
    }

    /// Tarjan's algorithm with an explicit stack, so a chain of thousands of definitions
    /// cannot overflow the thread's.
    private static func tarjan(names: [String], edges: [String: [String]]) -> [String: Int] {
        var index: [String: Int] = [:]
        var lowLink: [String: Int] = [:]
        var onStack: Set<String> = []
        var stack: [String] = []
        var component: [String: Int] = [:]
        var nextIndex = 0
        var nextComponent = 0
        for start in names where index[start] == nil {
            var work: [(name: String, edge: Int)] = [(start, 0)]
            index[start] = nextIndex
            lowLink[start] = nextIndex
            nextIndex += 1
            stack.append(start)
            onStack.insert(start)
            while let (name, edge) = work.last {
                let targets = edges[name] ?? []
                if edge < targets.count {
                    work[work.count - 1].edge += 1
                    let target = targets[edge]
                    guard edges[target] != nil else { continue }
                    if index[target] == nil {
                        index[target] = nextIndex
                        lowLink[target] = nextIndex
                        nextIndex += 1
                        stack.append(target)
                        onStack.insert(target)
                        work.append((target, 0))
                    } else if onStack.contains(target) {
                        lowLink[name] = min(lowLink[name] ?? 0, index[target] ?? 0)
                    }
                    continue
                }
                work.removeLast()
                if let parent = work.last {
                    lowLink[parent.name] = min(lowLink[parent.name] ?? 0, lowLink[name] ?? 0)
                }
                if lowLink[name] == index[name] {
                    while let member = stack.popLast() {
                        onStack.remove(member)
                        component[member] = nextComponent
                        if member == name { break }
                    }
                    nextComponent += 1
                }
            }
        }
        return component
    }
}
