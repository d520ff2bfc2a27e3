import BridleSchema
import Foundation

extension GenerationSchema {
    /// This schema as a grammar for llama.cpp's sampler: every sentence it admits is JSON
    /// that conforms to the schema (every guide included) and decodes into the type.
    ///
    /// Layout: `options.layout` (spaced by default: `": "` and `", "`), object keys in declaration order. Optional
    /// properties may be left out; additional properties of open objects are never written.
    /// Dates are UTC date-times ending in `Z`. See ``GrammarOptions`` for the caps on
    /// unbounded strings, arrays, numbers and recursion that make every grammar finite.
    ///
    /// ```swift
    /// try GenerationSchema(root: .integer(IntegerConstraints(minimum: 1, maximum: 10))).grammar().gbnf
    /// // root ::= [1-9] | "10"
    /// ```
    ///
    /// Dates bounded relative to now (`.afterNow()`) are bounded at `now` (by default the
    /// moment of the call): a grammar is made for one moment.
    public func grammar(options: GrammarOptions = GrammarOptions(), now: Date = Date()) throws(GrammarCompileError) -> CompiledGrammar {
        do {
            try validate()
        } catch {
            throw GrammarCompileError(pointer: "#", message: error.description)
        }
        var compiler = SchemaGrammarCompiler(schema: resolvingRelativeDates(at: now), options: options)
        return try compiler.compile()
    }
}
