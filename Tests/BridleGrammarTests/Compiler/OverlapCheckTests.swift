import BridleJSONSchema
import BridleSchema
import Testing

@testable import BridleGrammar

/// The `oneOf` overlap check on schemas from strangers: recursive definitions, diamonds of
/// shared definitions and self-similar objects end in an answer, never a stack overflow.
@Suite("oneOf overlap check")
struct OverlapCheckTests {
    @Test("a self-referencing anyOf beside a string compiles (it is null only)")
    func recursiveAnyOf() throws {
        let schema = try GenerationSchema(jsonSchema: ##"{"oneOf":[{"$ref":"#/$defs/D"},{"type":"string"}],"$defs":{"D":{"anyOf":[{"$ref":"#/$defs/D"},{"type":"null"}]}}}"##)
        let compiled = try schema.grammar()
        #expect(try GrammarMatcher.matches(compiled.grammar, "null"))
        #expect(try GrammarMatcher.matches(compiled.grammar, #""x""#))
    }

    @Test("a cycle of definitions through anyOf takes every kind of its members")
    func mutualRecursion() throws {
        // A: anyOf [B, string], B: anyOf [A, null]: both can be a string or null, so a oneOf
        // of B and a string overlaps: compiled as anyOf, exclusivity left to a post-check.
        let schema = try GenerationSchema(jsonSchema: ##"{"oneOf":[{"$ref":"#/$defs/B"},{"type":"string"}],"$defs":{"A":{"anyOf":[{"$ref":"#/$defs/B"},{"type":"string"}]},"B":{"anyOf":[{"$ref":"#/$defs/A"},{"type":"null"}]}}}"##)
        let compiled = try schema.grammar()
        #expect(compiled.postChecks.map(\.kind) == [.exclusiveAlternatives])
    }

    @Test("objects that contain themselves are compared to a depth, then not proven disjoint")
    func selfSimilarObjects() throws {
        // Two alternatives with the same recursive shape: every level looks alike, so the
        // comparison would go on forever; it stops and reports the overlap.
        let node = ##"{"type":"object","properties":{"next":{"$ref":"#/$defs/N"}},"required":["next"]}"##
        let schema = try GenerationSchema(jsonSchema: ##"{"oneOf":[{"$ref":"#/$defs/N"},{"$ref":"#/$defs/M"}],"$defs":{"N":"## + node + ##","M":"## + node.replacingOccurrences(of: "/N", with: "/M") + ##"}}"##)
        #expect(throws: GrammarCompileError.self) { try schema.grammar() }
    }

    @Test("a diamond of 30 levels of shared anyOf definitions is checked in linear work")
    func anyOfDiamond() throws {
        // L_i: anyOf [L_{i+1}, L_{i+1}'] with both halves referring on to L_{i+1}: a walk that
        // did not remember the definitions it had seen would visit 2^30 paths.
        var definitions: [String] = []
        for level in 0..<30 {
            let next = "L\(level + 1)"
            definitions.append(##""L\##(level)":{"anyOf":[{"$ref":"#/$defs/\##(next)"},{"$ref":"#/$defs/R\##(level + 1)"}]}"##)
            definitions.append(##""R\##(level + 1)":{"anyOf":[{"$ref":"#/$defs/\##(next)"},{"type":"boolean"}]}"##)
        }
        definitions.append(#""L30":{"type":"integer","minimum":0,"maximum":9}"#)
        let text = ##"{"oneOf":[{"$ref":"#/$defs/L0"},{"type":"string"}],"$defs":{"## + definitions.joined(separator: ",") + "}}"
        let compiled = try GenerationSchema(jsonSchema: text).grammar()
        #expect(try GrammarMatcher.matches(compiled.grammar, "7"))
        #expect(try GrammarMatcher.matches(compiled.grammar, "true"))
    }
}
