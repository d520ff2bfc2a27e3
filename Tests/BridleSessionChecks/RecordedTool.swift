import Bridle
import Foundation
import Synchronization

// MARK: Recording tools

/// What a wrapped tool can say about arguments, as the session should have checked them.
public protocol CheckedTool: Tool {
    /// Schema violations and decoding failures: what the grammar must make impossible.
    func structuralProblems(_ arguments: GeneratedContent) -> [String]
    /// What the tool's validator refuses, in the session's words; empty for valid arguments.
    func semanticProblems(_ arguments: GeneratedContent) -> [String]
    /// Whether the arguments' grammar admits them, so that only a rule it leaves to the check
    /// after generation (relations, distinct elements: enforced in-process, not on servers)
    /// can refuse them.
    func grammarAdmits(_ arguments: GeneratedContent) -> Bool
}

/// Every call that reached a tool, with what its validator says of the arguments then.
public final class CallLog: Sendable {
    public struct Call: Sendable {
        public let toolName: String
        public let problems: [String]
    }

    private let recorded = Mutex<[Call]>([])
    public init() {}

    public var calls: [Call] { recorded.withLock { $0 } }
    public func append(_ call: Call) { recorded.withLock { $0.append(call) } }
}

/// A tool that runs `base`, logging each call and re-running `base`'s validator on the
/// arguments it was actually called with.
public struct Recorded<Base: Tool>: CheckedTool {
    public let base: Base
    public let log: CallLog

    public init(_ base: Base, log: CallLog) {
        self.base = base
        self.log = log
    }

    public var name: String { base.name }
    public var description: String { base.description }
    public var parameters: GenerationSchema { base.parameters }
    public var includesSchemaInInstructions: Bool { base.includesSchemaInInstructions }
    public var requiresApproval: Bool { base.requiresApproval }

    public func validate(arguments: Base.Arguments, in context: ValidationContext) throws {
        try base.validate(arguments: arguments, in: context)
    }

    public func call(arguments: Base.Arguments) async throws -> Base.Output {
        log.append(CallLog.Call(toolName: name, problems: validationProblems(arguments)))
        return try await base.call(arguments: arguments)
    }

    public func structuralProblems(_ arguments: GeneratedContent) -> [String] {
        let violations = parameters.violations(of: arguments).map(\.description)
        guard violations.isEmpty else { return violations }
        do {
            _ = try Base.Arguments(arguments)
            return []
        } catch {
            return ["does not decode: \(error)"]
        }
    }

    public func grammarAdmits(_ arguments: GeneratedContent) -> Bool {
        guard let compiled = try? parameters.grammar() else { return false }
        let text = parameters.canonicalText(of: arguments, layout: compiled.options.layout)
        return !compiled.postChecks.isEmpty && ((try? GrammarMatcher.matches(compiled.grammar, text)) ?? false)
    }

    public func semanticProblems(_ arguments: GeneratedContent) -> [String] {
        guard let decoded = try? Base.Arguments(arguments) else { return ["does not decode"] }
        return validationProblems(decoded)
    }

    private func validationProblems(_ arguments: Base.Arguments) -> [String] {
        let context = ValidationContext(toolName: name, now: SessionChecks.now, calendar: SessionChecks.calendar)
        do {
            try base.validate(arguments: arguments, in: context)
            return []
        } catch {
            return ["\(error)"]
        }
    }
}
