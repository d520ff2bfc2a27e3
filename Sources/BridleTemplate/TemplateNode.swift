/// A template, parsed: statements that write text, and the expressions they evaluate. Each
/// carries its line for errors.
indirect enum Statement: Sendable {
    case text(String)
    case output(Expression)
    case `if`(branches: [(condition: Expression, body: [Statement])], otherwise: [Statement])
    case `for`(ForLoop)
    case set(target: AssignmentTarget, value: Expression, line: Int)
    case setBlock(target: AssignmentTarget, filters: [FilterCall], body: [Statement], line: Int)
    case macro(Macro)
    case call(caller: Macro, call: Expression, line: Int)
    case filterBlock(filters: [FilterCall], body: [Statement], line: Int)
    case with(assignments: [(target: AssignmentTarget, value: Expression)], body: [Statement])
    case `break`(line: Int)
    case `continue`(line: Int)
}

struct ForLoop: Sendable {
    let target: AssignmentTarget
    let iterable: Expression
    let condition: Expression?
    let body: [Statement]
    let otherwise: [Statement]
    let line: Int
}

struct Macro: Sendable {
    let name: String
    let parameters: [(name: String, defaultValue: Expression?)]
    let body: [Statement]
    let line: Int
}

enum AssignmentTarget: Sendable {
    case name(String)
    case tuple([String])
    /// `{% set ns.count = … %}`: an attribute of a `namespace()`.
    case attribute(object: String, name: String)
}

struct FilterCall: Sendable {
    let name: String
    let arguments: Arguments
    let line: Int
}

struct Arguments: Sendable {
    var positional: [Expression] = []
    var named: [(name: String, value: Expression)] = []
}

struct Expression: Sendable {
    indirect enum Kind: Sendable {
        case literal(TemplateValue)
        case name(String)
        case list([Expression])
        case tuple([Expression])
        case dictionary([(key: Expression, value: Expression)])
        case attribute(Expression, String)
        case index(Expression, Expression)
        case slice(Expression, start: Expression?, stop: Expression?, step: Expression?)
        case call(Expression, Arguments)
        case filter(Expression, FilterCall)
        case test(Expression, name: String, arguments: Arguments, negated: Bool)
        case unary(String, Expression)
        case binary(String, Expression, Expression)
        case and(Expression, Expression)
        case or(Expression, Expression)
        case not(Expression)
        case compare(Expression, [(symbol: String, operand: Expression)])
        case conditional(condition: Expression, then: Expression, otherwise: Expression?)
        case concatenation([Expression])
    }

    let kind: Kind
    let line: Int
}
