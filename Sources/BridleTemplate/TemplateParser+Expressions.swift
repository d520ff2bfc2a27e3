/// Expressions, with jinja2's precedence from loosest to tightest: `a if c else b`, `or`,
/// `and`, `not`, comparisons and `in`, `+ -`, `~`, `* / // %`, `**`, unary `-`, then
/// postfix (`.name`, `[i]`, `(…)`), filters (`|f`) and tests (`is t`), which bind tightest.
extension TemplateParser {
    /// An expression, or several separated by commas as a tuple (`{% set a, b = 1, 2 %}`).
    mutating func parseTuple(allowsConditional: Bool = true) throws(TemplateError) -> Expression {
        let line = self.line
        let first = allowsConditional ? try parseExpression() : try parseOr()
        guard current.token == .symbol(",") else { return first }
        var items = [first]
        while skipSymbol(",") {
            if startsExpression { items.append(allowsConditional ? try parseExpression() : try parseOr()) } else { break }
        }
        return Expression(kind: .tuple(items), line: line)
    }

    private var startsExpression: Bool {
        switch current.token {
        case .name(let name): return !["in", "if", "else", "recursive"].contains(name)
        case .string, .integer, .float: return true
        case .symbol(let symbol): return ["(", "[", "{", "-", "+"].contains(symbol)
        default: return false
        }
    }

    mutating func parseExpression() throws(TemplateError) -> Expression {
        try nested { parser throws(TemplateError) in try parser.parseConditional() }
    }

    private mutating func parseConditional() throws(TemplateError) -> Expression {
        let line = self.line
        var value = try parseOr()
        while skipName("if") {
            let condition = try parseOr()
            let otherwise: Expression? = skipName("else") ? try parseExpression() : nil
            value = Expression(kind: .conditional(condition: condition, then: value, otherwise: otherwise), line: line)
        }
        return value
    }

    private mutating func parseOr() throws(TemplateError) -> Expression {
        var left = try parseAnd()
        while current.token == .name("or") {
            let line = advance().line
            left = Expression(kind: .or(left, try parseAnd()), line: line)
        }
        return left
    }

    private mutating func parseAnd() throws(TemplateError) -> Expression {
        var left = try parseNot()
        while current.token == .name("and") {
            let line = advance().line
            left = Expression(kind: .and(left, try parseNot()), line: line)
        }
        return left
    }

    private mutating func parseNot() throws(TemplateError) -> Expression {
        if current.token == .name("not") {
            let line = advance().line
            return Expression(kind: .not(try nested { parser throws(TemplateError) in try parser.parseNot() }), line: line)
        }
        return try parseCompare()
    }

    private mutating func parseCompare() throws(TemplateError) -> Expression {
        let line = self.line
        let first = try parseSum()
        var operations: [(symbol: String, operand: Expression)] = []
        while true {
            if case .symbol(let symbol) = current.token, ["==", "!=", "<", ">", "<=", ">="].contains(symbol) {
                _ = advance()
                operations.append((symbol, try parseSum()))
            } else if skipName("in") {
                operations.append(("in", try parseSum()))
            } else if current.token == .name("not"), lexemes[index + 1].token == .name("in") {
                _ = advance()
                _ = advance()
                operations.append(("not in", try parseSum()))
            } else {
                break
            }
        }
        return operations.isEmpty ? first : Expression(kind: .compare(first, operations), line: line)
    }

    private mutating func parseSum() throws(TemplateError) -> Expression {
        var left = try parseConcatenation()
        while case .symbol(let symbol) = current.token, symbol == "+" || symbol == "-" {
            let line = advance().line
            left = Expression(kind: .binary(symbol, left, try parseConcatenation()), line: line)
        }
        return left
    }

    private mutating func parseConcatenation() throws(TemplateError) -> Expression {
        let line = self.line
        var parts = [try parseProduct()]
        while skipSymbol("~") { parts.append(try parseProduct()) }
        return parts.count == 1 ? parts[0] : Expression(kind: .concatenation(parts), line: line)
    }

    private mutating func parseProduct() throws(TemplateError) -> Expression {
        var left = try parsePower()
        while case .symbol(let symbol) = current.token, ["*", "/", "//", "%"].contains(symbol) {
            let line = advance().line
            left = Expression(kind: .binary(symbol, left, try parsePower()), line: line)
        }
        return left
    }

    private mutating func parsePower() throws(TemplateError) -> Expression {
        var left = try parseUnary(withFilters: true)
        while current.token == .symbol("**") {
            let line = advance().line
            left = Expression(kind: .binary("**", left, try parseUnary(withFilters: true)), line: line)
        }
        return left
    }

    private mutating func parseUnary(withFilters: Bool) throws(TemplateError) -> Expression {
        let line = self.line
        var value: Expression
        if case .symbol(let symbol) = current.token, symbol == "-" || symbol == "+" {
            _ = advance()
            value = Expression(kind: .unary(symbol, try nested { parser throws(TemplateError) in try parser.parseUnary(withFilters: false) }), line: line)
        } else {
            value = try parsePostfix(try parsePrimary())
        }
        return withFilters ? try parseFiltersAndTests(value) : value
    }

    private mutating func parsePrimary() throws(TemplateError) -> Expression {
        let lexeme = advance()
        let line = lexeme.line
        switch lexeme.token {
        case .name(let name):
            switch name {
            case "true", "True": return Expression(kind: .literal(.bool(true)), line: line)
            case "false", "False": return Expression(kind: .literal(.bool(false)), line: line)
            case "none", "None": return Expression(kind: .literal(.none), line: line)
            default: return Expression(kind: .name(name), line: line)
            }
        case .string(var text):
            while case .string(let more) = current.token {
                _ = advance()
                text += more
            }
            return Expression(kind: .literal(.string(text)), line: line)
        case .integer(let value): return Expression(kind: .literal(.integer(value)), line: line)
        case .float(let value): return Expression(kind: .literal(.float(value)), line: line)
        case .symbol("("):
            if skipSymbol(")") { return Expression(kind: .tuple([]), line: line) }
            let value = try nested { parser throws(TemplateError) in try parser.parseTuple() }
            try expect(.symbol(")"), "`)`")
            return value
        case .symbol("["):
            var items: [Expression] = []
            while !skipSymbol("]") {
                if !items.isEmpty {
                    try expect(.symbol(","), "`,` or `]` in the list")
                    if skipSymbol("]") { break }
                }
                items.append(try parseExpression())
            }
            return Expression(kind: .list(items), line: line)
        case .symbol("{"):
            var entries: [(key: Expression, value: Expression)] = []
            while !skipSymbol("}") {
                if !entries.isEmpty {
                    try expect(.symbol(","), "`,` or `}` in the dictionary")
                    if skipSymbol("}") { break }
                }
                let key = try parseExpression()
                try expect(.symbol(":"), "`:` after a dictionary key")
                entries.append((key, try parseExpression()))
            }
            return Expression(kind: .dictionary(entries), line: line)
        default:
            throw TemplateError(.syntax, line: line, "expected a value, found \(describe(lexeme.token))")
        }
    }

    private mutating func parsePostfix(_ start: Expression) throws(TemplateError) -> Expression {
        var value = start
        while true {
            let line = self.line
            if skipSymbol(".") {
                switch advance().token {
                case .name(let name): value = Expression(kind: .attribute(value, name), line: line)
                case .integer(let position): value = Expression(kind: .index(value, Expression(kind: .literal(.integer(position)), line: line)), line: line)
                case let token: throw TemplateError(.syntax, line: line, "expected an attribute name after `.`, found \(describe(token))")
                }
            } else if skipSymbol("[") {
                value = try parseSubscript(of: value, line: line)
            } else if skipSymbol("(") {
                value = Expression(kind: .call(value, try parseArguments()), line: line)
            } else {
                return value
            }
        }
    }

    private mutating func parseSubscript(of value: Expression, line: Int) throws(TemplateError) -> Expression {
        var parts: [Expression?] = []
        var current: Expression?
        var sawColon = false
        while true {
            if skipSymbol("]") {
                parts.append(current)
                break
            }
            if skipSymbol(":") {
                sawColon = true
                parts.append(current)
                current = nil
                continue
            }
            guard current == nil else { throw TemplateError(.syntax, line: line, "expected `:` or `]` in a subscript") }
            current = try parseExpression()
        }
        if !sawColon {
            guard let key = parts.first ?? nil else { throw TemplateError(.syntax, line: line, "an empty subscript `[]`") }
            return Expression(kind: .index(value, key), line: line)
        }
        guard parts.count <= 3 else { throw TemplateError(.syntax, line: line, "a slice has at most three parts") }
        let padded = parts + Array(repeating: nil, count: 3 - parts.count)
        return Expression(kind: .slice(value, start: padded[0], stop: padded[1], step: padded[2]), line: line)
    }

    /// After `(`: positional arguments, then `name=value` ones, up to `)`.
    mutating func parseArguments() throws(TemplateError) -> Arguments {
        var arguments = Arguments()
        var first = true
        while !skipSymbol(")") {
            if !first {
                try expect(.symbol(","), "`,` or `)` in the arguments")
                if skipSymbol(")") { break }
            }
            first = false
            if current.token == .symbol("*") || current.token == .symbol("**") {
                throw TemplateError(.unsupportedConstruct("*args"), line: line, "unpacking arguments with `*` or `**` is not implemented")
            }
            if case .name(let name) = current.token, lexemes[index + 1].token == .symbol("=") {
                _ = advance()
                _ = advance()
                arguments.named.append((name, try parseExpression()))
            } else {
                guard arguments.named.isEmpty else {
                    throw TemplateError(.syntax, line: line, "a positional argument after a named one")
                }
                arguments.positional.append(try parseExpression())
            }
        }
        return arguments
    }

    private mutating func parseFiltersAndTests(_ start: Expression) throws(TemplateError) -> Expression {
        var value = start
        while true {
            let line = self.line
            if skipSymbol("|") {
                value = Expression(kind: .filter(value, try parseFilter(line: line)), line: line)
            } else if skipName("is") {
                let negated = skipName("not")
                let name = try expectAnyName()
                var arguments = Arguments()
                if skipSymbol("(") {
                    arguments = try parseArguments()
                } else if takesBareTestArgument {
                    arguments.positional = [try parsePostfix(try parsePrimary())]
                }
                value = Expression(kind: .test(value, name: name, arguments: arguments, negated: negated), line: line)
            } else if skipSymbol("(") {
                value = Expression(kind: .call(value, try parseArguments()), line: line)
            } else {
                return value
            }
        }
    }

    /// `x is divisibleby 3`, `x is sameas false`: a test takes one argument without parentheses.
    private var takesBareTestArgument: Bool {
        switch current.token {
        case .name(let name): return !["else", "or", "and", "if", "in", "not"].contains(name)
        case .string, .integer, .float: return true
        case .symbol(let symbol): return symbol == "[" || symbol == "{"
        default: return false
        }
    }

    private mutating func parseFilter(line: Int) throws(TemplateError) -> FilterCall {
        var name = try expectAnyName()
        while skipSymbol(".") { name += "." + (try expectAnyName()) }
        let arguments = skipSymbol("(") ? try parseArguments() : Arguments()
        return FilterCall(name: name, arguments: arguments, line: line)
    }

    /// `{% filter upper %}` and `{% set x | trim %}`: one or more filters, without a value.
    mutating func parseFilterChain(required: Bool) throws(TemplateError) -> [FilterCall] {
        var filters: [FilterCall] = []
        if required {
            filters.append(try parseFilter(line: line))
        }
        while skipSymbol("|") { filters.append(try parseFilter(line: line)) }
        return filters
    }
}
