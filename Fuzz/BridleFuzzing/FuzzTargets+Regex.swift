import BridleGrammar
import BridleSchema

extension FuzzTargets {
    /// A `pattern` compiled through the public schema API (so the target does not depend on
    /// where the regex parser lives): the parser and the pattern compiler answer or throw,
    /// and the resulting grammar's samples are its sentences.
    public static func regex(_ bytes: [UInt8]) {
        let pattern = text(bytes.prefix(256))
        let schema = GenerationSchema(root: .string(StringConstraints(pattern: pattern)))
        guard let compiled = try? schema.grammar(options: fuzzOptions) else { return }
        checkCompiled(compiled.grammar, gbnf: compiled.gbnf, seed: UInt64(bytes.count))
    }
}
