/// A context-free grammar in llama.cpp's GBNF model: named rules over Unicode text.
///
/// This typed IR is what Bridle's passes share: the schema compiler builds it, the
/// optimiser rewrites it, the printer turns it into GBNF text llama.cpp accepts, the
/// parser reads GBNF back into it, and the matcher and the sentence generator run it.
///
/// ```swift
/// Grammar(rules: [Rule(name: "root", body: .sequence([.literal("a"), .reference("b")])),
///                 Rule(name: "b", body: .repetition(.characterClass(CharacterClass("0"..."9")), minimum: 1, maximum: 3))])
/// // root ::= "a" b
/// // b ::= [0-9]{1,3}
/// ```
public struct Grammar: Sendable, Hashable {
    /// In order; names are unique. The printer writes them in this order.
    public var rules: [Rule]
    /// The rule a sentence must match: `root` unless said otherwise.
    public var rootName: String

    public init(rules: [Rule], rootName: String = "root") {
        self.rules = rules
        self.rootName = rootName
    }

    /// The rule named `name`, if any.
    public func rule(named name: String) -> Rule? {
        rules.first { $0.name == name }
    }
}
