import Foundation

/// Runs a parsed template: writes text, evaluates expressions, keeps scopes. One renderer
/// serves one `render` call on one thread; it is `Sendable` only so that macros, which are
/// values, can refer back to it.
final class TemplateRenderer: @unchecked Sendable {
    enum Flow { case normal, breakLoop, continueLoop }

    var output = ""
    let now: Date
    let globals: TemplateScope
    /// Macro calls nest; a template that recurses without end is stopped, not the process.
    private var callDepth = 0
    static let maximumCallDepth = 200
    /// Loop iterations and macro calls, all told. A chat template takes thousands; the budget
    /// stops a hostile one (`range` nested in `range`) with an error instead of a hang.
    private var steps = 0
    static let maximumSteps = 100_000
    static let maximumOutputBytes = 16 << 20

    private func step(line: Int) throws(TemplateError) {
        steps += 1
        guard steps <= Self.maximumSteps else {
            throw TemplateError(.evaluation, line: line, "the template ran past its budget of \(Self.maximumSteps) loop iterations and macro calls")
        }
        guard output.utf8.count <= Self.maximumOutputBytes else {
            throw TemplateError(.evaluation, line: line, "the template wrote more than \(Self.maximumOutputBytes >> 20) MiB")
        }
    }

    init(now: Date, variables: [String: TemplateValue]) {
        self.now = now
        globals = TemplateScope(parent: nil)
        for (name, value) in TemplateGlobals.functions(now: now) { globals.set(name, value) }
        for (name, value) in variables { globals.set(name, value) }
    }

    @discardableResult
    func render(_ statements: [Statement], in scope: TemplateScope) throws(TemplateError) -> Flow {
        for statement in statements {
            let flow = try render(statement, in: scope)
            if flow != .normal { return flow }
        }
        return .normal
    }

    private func render(_ statement: Statement, in scope: TemplateScope) throws(TemplateError) -> Flow {
        switch statement {
        case .text(let text):
            output += text
        case .output(let expression):
            output += try evaluate(expression, in: scope).pythonString
        case .if(let branches, let otherwise):
            for branch in branches where try evaluate(branch.condition, in: scope).isTruthy {
                return try render(branch.body, in: scope)
            }
            return try render(otherwise, in: scope)
        case .for(let loop):
            return try render(loop, in: scope)
        case .set(let target, let value, let line):
            try assign(try evaluate(value, in: scope), to: target, in: scope, line: line)
        case .setBlock(let target, let filters, let body, let line):
            var value = TemplateValue.string(try capture(body, in: scope))
            for filter in filters { value = try applyFilter(filter, to: value, in: scope) }
            try assign(value, to: target, in: scope, line: line)
        case .macro(let macro):
            scope.set(macro.name, makeMacro(macro, definedIn: scope))
        case .call(let caller, let call, let line):
            guard case .call(let callee, let arguments) = call.kind else { return .normal }
            let function = try evaluate(callee, in: scope)
            var functionCall = try evaluate(arguments, in: scope, line: line)
            functionCall.caller = makeMacro(caller, definedIn: scope)
            output += try invoke(function, functionCall, line: line).pythonString
        case .filterBlock(let filters, let body, _):
            var value = TemplateValue.string(try capture(body, in: scope))
            for filter in filters { value = try applyFilter(filter, to: value, in: scope) }
            output += value.pythonString
        case .with(let assignments, let body):
            let inner = TemplateScope(parent: scope)
            for assignment in assignments {
                try assign(try evaluate(assignment.value, in: scope), to: assignment.target, in: inner, line: assignment.value.line)
            }
            return try render(body, in: inner)
        case .break:
            return .breakLoop
        case .continue:
            return .continueLoop
        }
        return .normal
    }

    private func render(_ loop: ForLoop, in scope: TemplateScope) throws(TemplateError) -> Flow {
        let inner = TemplateScope(parent: scope)
        var items = try evaluate(loop.iterable, in: scope).items(line: loop.line)
        if let condition = loop.condition {
            var kept: [TemplateValue] = []
            for item in items {
                try assign(item, to: loop.target, in: inner, line: loop.line)
                if try evaluate(condition, in: inner).isTruthy { kept.append(item) }
            }
            items = kept
        }
        for (position, item) in items.enumerated() {
            try step(line: loop.line)
            try assign(item, to: loop.target, in: inner, line: loop.line)
            inner.set("loop", LoopState.value(items: items, position: position))
            if try render(loop.body, in: inner) == .breakLoop { break }
        }
        if items.isEmpty { try render(loop.otherwise, in: scope) }
        return .normal
    }

    func capture(_ body: [Statement], in scope: TemplateScope) throws(TemplateError) -> String {
        let saved = output
        output = ""
        defer { output = saved }
        try render(body, in: scope)
        return output
    }

    private func assign(_ value: TemplateValue, to target: AssignmentTarget, in scope: TemplateScope, line: Int) throws(TemplateError) {
        switch target {
        case .name(let name):
            scope.set(name, value)
        case .tuple(let names):
            let items = try value.items(line: line)
            guard items.count == names.count else {
                throw TemplateError(.evaluation, line: line, "cannot unpack \(items.count) values into \(names.count) names")
            }
            for (name, item) in zip(names, items) { scope.set(name, item) }
        case .attribute(let object, let name):
            guard case .namespace(let namespace) = scope.lookup(object) ?? .undefined(object) else {
                throw TemplateError(.evaluation, line: line, "cannot assign attribute on non-namespace object `\(object)`")
            }
            namespace.attributes[name] = value
        }
    }

    private func makeMacro(_ macro: Macro, definedIn scope: TemplateScope) -> TemplateValue {
        .function(TemplateFunction(name: macro.name) { [unowned self] call throws(TemplateError) in
            try self.run(macro, call, definedIn: scope)
        })
    }

    private func run(_ macro: Macro, _ call: FunctionCall, definedIn scope: TemplateScope) throws(TemplateError) -> TemplateValue {
        guard callDepth < Self.maximumCallDepth else {
            throw TemplateError(.evaluation, line: call.line, "macro `\(macro.name)` nests deeper than \(Self.maximumCallDepth) calls")
        }
        try step(line: call.line)
        callDepth += 1
        defer { callDepth -= 1 }
        guard call.positional.count <= macro.parameters.count else {
            throw TemplateError(.evaluation, line: call.line, "macro '\(macro.name)' takes not more than \(macro.parameters.count) argument(s)")
        }
        let inner = TemplateScope(parent: scope)
        for (position, parameter) in macro.parameters.enumerated() {
            if let value = call.argument(position, parameter.name) {
                inner.set(parameter.name, value)
            } else if let defaultValue = parameter.defaultValue {
                inner.set(parameter.name, try evaluate(defaultValue, in: inner))
            } else {
                inner.set(parameter.name, .undefined("parameter '\(parameter.name)' was not provided"))
            }
        }
        for (name, _) in call.named where !macro.parameters.contains(where: { $0.name == name }) {
            throw TemplateError(.evaluation, line: call.line, "macro '\(macro.name)' takes no keyword argument '\(name)'")
        }
        if let caller = call.caller { inner.set("caller", caller) }
        return .string(try capture(macro.body, in: inner))
    }
}

/// jinja2's `loop` variable.
enum LoopState {
    static func value(items: [TemplateValue], position: Int) -> TemplateValue {
        let count = items.count
        var loop = TemplateDictionary()
        loop["index"] = .integer(position + 1)
        loop["index0"] = .integer(position)
        loop["revindex"] = .integer(count - position)
        loop["revindex0"] = .integer(count - position - 1)
        loop["first"] = .bool(position == 0)
        loop["last"] = .bool(position == count - 1)
        loop["length"] = .integer(count)
        loop["depth"] = .integer(1)
        loop["depth0"] = .integer(0)
        loop["previtem"] = position > 0 ? items[position - 1] : .undefined("there is no previous item")
        loop["nextitem"] = position + 1 < count ? items[position + 1] : .undefined("there is no next item")
        loop["cycle"] = .function(TemplateFunction(name: "cycle") { call throws(TemplateError) in
            guard !call.positional.isEmpty else { throw TemplateError(.evaluation, line: call.line, "no items for cycling given") }
            return call.positional[position % call.positional.count]
        })
        return .namespace(TemplateNamespace(loop))
    }
}
