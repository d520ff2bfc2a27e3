/// Smart constructors that keep compiled expressions small and canonical.
extension GrammarExpression {
    static let empty = GrammarExpression.sequence([])

    /// The parts in order, flattening nested sequences and dropping empty ones.
    static func all(_ parts: [GrammarExpression]) -> GrammarExpression {
        var flat: [GrammarExpression] = []
        for part in parts {
            if case .sequence(let inner) = part { flat += inner } else { flat.append(part) }
        }
        var merged: [GrammarExpression] = []
        for part in flat {
            if case .literal(let next) = part, case .literal(let previous)? = merged.last {
                merged[merged.count - 1] = .literal(previous + next)
            } else {
                merged.append(part)
            }
        }
        return merged.count == 1 ? merged[0] : .sequence(merged)
    }

    /// Any one of the parts, flattening nested alternatives and removing duplicates.
    static func either(_ parts: [GrammarExpression]) -> GrammarExpression {
        var flat: [GrammarExpression] = []
        // A set, not a scan of `flat`: a 100,000-value enum must cost linear work, not pairs.
        var present: Set<GrammarExpression> = []
        for part in parts {
            let inner: [GrammarExpression]
            if case .alternatives(let nested) = part { inner = nested } else { inner = [part] }
            for candidate in inner where present.insert(candidate).inserted { flat.append(candidate) }
        }
        return flat.count == 1 ? flat[0] : .alternatives(flat)
    }

    /// `self` zero or one time.
    var optional: GrammarExpression { .repetition(self, minimum: 0, maximum: 1) }

    /// `self` between `minimum` and `maximum` times, simplified for 0…0 and 1…1.
    func repeated(_ minimum: Int, _ maximum: Int) -> GrammarExpression {
        if maximum == 0 { return .empty }
        if minimum == 1 && maximum == 1 { return self }
        return .repetition(self, minimum: minimum, maximum: maximum)
    }
}
