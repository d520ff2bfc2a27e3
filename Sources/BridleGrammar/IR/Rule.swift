/// One named rule of a ``Grammar``: `name ::= body`.
public struct Rule: Sendable, Hashable {
    /// Letters, digits and `-` only: what llama.cpp's GBNF parser accepts.
    public var name: String
    public var body: GrammarExpression

    public init(name: String, body: GrammarExpression) {
        self.name = name
        self.body = body
    }
}
