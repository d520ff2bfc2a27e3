import BridleSchema

/// `contains`/`minContains`/`maxContains`, and post-check bookkeeping.
///
/// A grammar cannot intersect two element schemas, so `contains` compiles exactly in the
/// shapes where no intersection is needed:
/// - the contained schema describes every element (`contains` equals `items`, or is `{}`):
///   the element count is bounded by the contains counts;
/// - `items` admits anything: the first `minContains` elements come from `contains`; with
///   `maxContains`, every element does (so the count is bounded again), else the rest are free.
/// Anything else (a `prefixItems` tuple, or `items` and `contains` that differ with
/// `maxContains`) is an error. (`items` and a different `contains` without `maxContains`
/// never get here: the reader lays the contained elements out as `prefixItems`.)
extension SchemaGrammarCompiler {
    /// Elements `minContains` may force into the grammar one by one.
    static let containsPrefixLimit = 64

    mutating func declare(_ check: PostCheck) {
        if !postChecks.contains(check) { postChecks.append(check) }
    }

    mutating func containing(_ constraints: ArrayConstraints, at pointer: String, hint: String) throws(GrammarCompileError) -> GrammarExpression? {
        guard let contained = constraints.contains else { return try array(constraints, at: pointer, hint: hint) }
        var plain = constraints
        plain.contains = nil
        plain.uniqueItems = false
        let minimum = constraints.minimumContains
        let maximum = constraints.maximumContains
        if minimum == 0 && maximum == nil { return try array(plain, at: pointer, hint: hint) }
        guard constraints.prefixItems.isEmpty else {
            throw GrammarCompileError(
                pointer: "\(pointer)/contains",
                message: "contains beside prefixItems is not supported (a grammar cannot intersect element schemas); describe the tuple's elements instead")
        }
        let items = resolved(constraints.items)
        let target = resolved(contained)
        if target.kind == .any || target.kind == items.kind {
            // Every element matches contains: the contains counts bound the element count.
            plain.minimumCount = max(plain.minimumCount, minimum)
            if let maximum { plain.maximumCount = min(plain.maximumCount ?? maximum, maximum) }
            return try array(plain, at: pointer, hint: hint)
        }
        guard items.kind == .any else {
            throw GrammarCompileError(
                pointer: "\(pointer)/contains",
                message: "contains with a schema other than items is not supported (a grammar cannot intersect element schemas); make items admit any value, or contains equal items")
        }
        guard minimum <= Self.containsPrefixLimit else {
            throw GrammarCompileError(
                pointer: "\(pointer)/minContains",
                message: "minContains \(minimum) is above \(Self.containsPrefixLimit), the most elements Bridle lays out one by one; lower it")
        }
        if let maximum {
            // Only contained elements, so their count is the element count.
            plain.items = contained
            plain.minimumCount = max(plain.minimumCount, minimum)
            plain.maximumCount = min(plain.maximumCount ?? maximum, maximum)
            return try array(plain, at: pointer, hint: hint)
        }
        plain.prefixItems = Array(repeating: contained, count: minimum)
        plain.minimumCount = max(plain.minimumCount, minimum)
        if let count = plain.maximumCount, count < minimum { return nil }
        return try array(plain, at: pointer, hint: hint)
    }

    /// The node a chain of references ends at (or the last one, for a cycle).
    func resolved(_ node: SchemaNode) -> SchemaNode {
        var node = node
        var seen: Set<String> = []
        while case .reference(let name) = node.kind, seen.insert(name).inserted, let target = schema.definitions[name] { node = target }
        return node
    }
}
