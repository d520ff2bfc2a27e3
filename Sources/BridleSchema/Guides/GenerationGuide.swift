/// A constraint on the values generated for a property of type `Value`.
///
/// Guides are typed: `.anyOf` exists only for `String`, `.range` only for numbers and
/// dates, `.count` only for arrays, so a guide that cannot apply does not compile.
/// Every guide is enforced by the grammar (not just described to the model) and
/// re-checked by ``GenerationSchema/check(_:)``.
///
/// ```swift
/// @Guide(description: "How many", .range(1...10)) let count: Int?
/// // {"type":"integer","minimum":1,"maximum":10}
/// ```
public struct GenerationGuide<Value>: Sendable {
    let constraints: [GuideConstraint]

    init(_ constraints: GuideConstraint...) {
        self.constraints = constraints
    }

    init(constraints: [GuideConstraint]) {
        self.constraints = constraints
    }
}
