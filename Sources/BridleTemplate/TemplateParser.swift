/// Reads a template's lexemes into statements: jinja2's tags (`if`, `for`, `set`, `macro`,
/// `call`, `filter`, `with`, `generation`, `break`, `continue`). Tags that need other files
/// (`include`, `extends`, `import`) are refused by name.
struct TemplateParser {
    var lexemes: [Lexeme]
    var index = 0
    /// How deep tags and expressions nest now. Real templates stay under 20; the limit keeps a
    /// hostile one from exhausting the stack.
    var depth = 0
    static let maximumDepth = 100

    mutating func nested<Value>(_ body: (inout TemplateParser) throws(TemplateError) -> Value) throws(TemplateError) -> Value {
        guard depth < Self.maximumDepth else {
            throw TemplateError(.syntax, line: line, "tags or expressions nest deeper than \(Self.maximumDepth) levels")
        }
        depth += 1
        defer { depth -= 1 }
        return try body(&self)
    }

    static func parse(_ source: String) throws(TemplateError) -> [Statement] {
        var parser = TemplateParser(lexemes: try TemplateLexer.lexemes(of: source))
        let (body, _) = try parser.parseBody(until: [])
        return body
    }

    var current: Lexeme { lexemes[index] }
    var line: Int { current.line }

    mutating func advance() -> Lexeme {
        defer { if index < lexemes.count - 1 { index += 1 } }
        return lexemes[index]
    }

    /// Statements until a block tag named in `endings` (left unread past its name, which is
    /// returned) or, with no endings, the template's end.
    mutating func parseBody(until endings: Set<String>) throws(TemplateError) -> ([Statement], String) {
        var body: [Statement] = []
        while true {
            let lexeme = advance()
            switch lexeme.token {
            case .text(let text):
                body.append(.text(text))
            case .variableBegin:
                let value = try parseTuple()
                try expect(.variableEnd, "`}}` to close the expression")
                body.append(.output(value))
            case .blockBegin:
                guard case .name(let tag) = current.token else {
                    throw TemplateError(.syntax, line: line, "expected a tag name after `{%`")
                }
                if endings.contains(tag) {
                    _ = advance()
                    return (body, tag)
                }
                _ = advance()
                body.append(contentsOf: try nested { parser throws(TemplateError) in try parser.parseStatement(tag, line: lexeme.line) })
            case .end:
                guard endings.isEmpty else {
                    let names = endings.sorted().map { "`\($0)`" }.joined(separator: " or ")
                    throw TemplateError(.syntax, line: lexeme.line, "the template ended where \(names) was expected")
                }
                return (body, "")
            default:
                throw TemplateError(.syntax, line: lexeme.line, "unexpected \(describe(lexeme.token))")
            }
        }
    }

    private mutating func parseStatement(_ tag: String, line: Int) throws(TemplateError) -> [Statement] {
        switch tag {
        case "if": return [try parseIf()]
        case "for": return [try parseFor(line: line)]
        case "set": return [try parseSet(line: line)]
        case "macro": return [.macro(try parseMacro(line: line))]
        case "call": return [try parseCall(line: line)]
        case "filter":
            let filters = try parseFilterChain(required: true)
            try expectBlockEnd()
            let (body, _) = try parseBody(until: ["endfilter"])
            try expectBlockEnd()
            return [.filterBlock(filters: filters, body: body, line: line)]
        case "with": return [try parseWith()]
        case "generation":
            try expectBlockEnd()
            let (body, _) = try parseBody(until: ["endgeneration"])
            try expectBlockEnd()
            return body
        case "break", "continue":
            try expectBlockEnd()
            return [tag == "break" ? .break(line: line) : .continue(line: line)]
        case "include", "extends", "import", "from", "block":
            throw TemplateError(.unsupportedConstruct(tag), line: line, "a chat template is rendered on its own, without other template files")
        default:
            throw TemplateError(.syntax, line: line, "unknown tag `\(tag)`")
        }
    }

    private mutating func parseIf() throws(TemplateError) -> Statement {
        var branches: [(condition: Expression, body: [Statement])] = []
        var condition = try parseTuple()
        while true {
            try expectBlockEnd()
            let (body, ending) = try parseBody(until: ["elif", "else", "endif"])
            branches.append((condition, body))
            switch ending {
            case "elif":
                condition = try parseTuple()
            case "else":
                try expectBlockEnd()
                let (otherwise, _) = try parseBody(until: ["endif"])
                try expectBlockEnd()
                return .if(branches: branches, otherwise: otherwise)
            default:
                try expectBlockEnd()
                return .if(branches: branches, otherwise: [])
            }
        }
    }

    private mutating func parseFor(line: Int) throws(TemplateError) -> Statement {
        let target = try parseAssignmentTarget(allowsAttribute: false)
        try expectName("in")
        let iterable = try parseTuple(allowsConditional: false)
        var condition: Expression?
        if skipName("if") { condition = try parseExpression() }
        if case .name("recursive") = current.token {
            throw TemplateError(.unsupportedConstruct("recursive"), line: self.line, "recursive loops are not implemented")
        }
        try expectBlockEnd()
        let (body, ending) = try parseBody(until: ["else", "endfor"])
        var otherwise: [Statement] = []
        try expectBlockEnd()
        if ending == "else" {
            (otherwise, _) = try parseBody(until: ["endfor"])
            try expectBlockEnd()
        }
        return .for(ForLoop(target: target, iterable: iterable, condition: condition, body: body, otherwise: otherwise, line: line))
    }

    private mutating func parseSet(line: Int) throws(TemplateError) -> Statement {
        let target = try parseAssignmentTarget(allowsAttribute: true)
        if skipSymbol("=") {
            let value = try parseTuple()
            try expectBlockEnd()
            return .set(target: target, value: value, line: line)
        }
        let filters = try parseFilterChain(required: false)
        try expectBlockEnd()
        let (body, _) = try parseBody(until: ["endset"])
        try expectBlockEnd()
        return .setBlock(target: target, filters: filters, body: body, line: line)
    }

    private mutating func parseMacro(line: Int) throws(TemplateError) -> Macro {
        let name = try expectAnyName()
        let parameters = try parseParameters()
        try expectBlockEnd()
        let (body, _) = try parseBody(until: ["endmacro"])
        if case .name = current.token { _ = advance() }
        try expectBlockEnd()
        return Macro(name: name, parameters: parameters, body: body, line: line)
    }

    private mutating func parseCall(line: Int) throws(TemplateError) -> Statement {
        let parameters: [(name: String, defaultValue: Expression?)] = current.token == .symbol("(") ? try parseParameters() : []
        let call = try parseExpression()
        guard case .call = call.kind else {
            throw TemplateError(.syntax, line: line, "`{% call %}` needs a macro call, such as `{% call render(x) %}`")
        }
        try expectBlockEnd()
        let (body, _) = try parseBody(until: ["endcall"])
        try expectBlockEnd()
        return .call(caller: Macro(name: "caller", parameters: parameters, body: body, line: line), call: call, line: line)
    }

    private mutating func parseWith() throws(TemplateError) -> Statement {
        var assignments: [(target: AssignmentTarget, value: Expression)] = []
        while current.token != .blockEnd {
            if !assignments.isEmpty { try expect(.symbol(","), "`,` between assignments") }
            let target = try parseAssignmentTarget(allowsAttribute: false)
            try expect(.symbol("="), "`=` in `with`")
            assignments.append((target, try parseExpression()))
        }
        try expectBlockEnd()
        let (body, _) = try parseBody(until: ["endwith"])
        try expectBlockEnd()
        return .with(assignments: assignments, body: body)
    }

    private mutating func parseParameters() throws(TemplateError) -> [(name: String, defaultValue: Expression?)] {
        try expect(.symbol("("), "`(` before the parameters")
        var parameters: [(name: String, defaultValue: Expression?)] = []
        while !skipSymbol(")") {
            if !parameters.isEmpty { try expect(.symbol(","), "`,` between parameters") }
            if skipSymbol(")") { break }
            let name = try expectAnyName()
            let defaultValue: Expression? = skipSymbol("=") ? try parseExpression() : nil
            parameters.append((name, defaultValue))
        }
        return parameters
    }

    private mutating func parseAssignmentTarget(allowsAttribute: Bool) throws(TemplateError) -> AssignmentTarget {
        let parenthesized = skipSymbol("(")
        let first = try expectAnyName()
        if allowsAttribute, !parenthesized, skipSymbol(".") {
            return .attribute(object: first, name: try expectAnyName())
        }
        var names = [first]
        while skipSymbol(",") {
            if case .name(let name) = current.token, name != "in" {
                _ = advance()
                names.append(name)
            } else {
                break
            }
        }
        if parenthesized { try expect(.symbol(")"), "`)` after the names") }
        return names.count == 1 && !parenthesized ? .name(first) : .tuple(names)
    }

    func describe(_ token: TemplateToken) -> String {
        switch token {
        case .text: "text"
        case .variableBegin: "`{{`"
        case .variableEnd: "`}}`"
        case .blockBegin: "`{%`"
        case .blockEnd: "`%}`"
        case .name(let name): "`\(name)`"
        case .string(let value): "the string \"\(value.prefix(20))\""
        case .integer(let value): "the number \(value)"
        case .float(let value): "the number \(value)"
        case .symbol(let symbol): "`\(symbol)`"
        case .end: "the end of the template"
        }
    }

    mutating func expect(_ token: TemplateToken, _ what: String) throws(TemplateError) {
        guard current.token == token else {
            throw TemplateError(.syntax, line: line, "expected \(what), found \(describe(current.token))")
        }
        _ = advance()
    }

    mutating func expectBlockEnd() throws(TemplateError) {
        try expect(.blockEnd, "`%}` to close the tag")
    }

    mutating func expectName(_ name: String) throws(TemplateError) {
        try expect(.name(name), "`\(name)`")
    }

    mutating func expectAnyName() throws(TemplateError) -> String {
        guard case .name(let name) = current.token else {
            throw TemplateError(.syntax, line: line, "expected a name, found \(describe(current.token))")
        }
        _ = advance()
        return name
    }

    mutating func skipSymbol(_ symbol: String) -> Bool {
        guard current.token == .symbol(symbol) else { return false }
        _ = advance()
        return true
    }

    mutating func skipName(_ name: String) -> Bool {
        guard current.token == .name(name) else { return false }
        _ = advance()
        return true
    }
}
