import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// Every impossible declaration or guide is a compile-time error that says what to do.
@Suite("@Generable and @Guide diagnostics")
struct GenerableDiagnosticTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let source: String
        let message: String
        let line: Int
        let column: Int
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "class", source: "@Generable\nclass C {}",
             message: "'@Generable' cannot be applied to a class; use a struct or an enum", line: 1, column: 1),
        Case(name: "actor", source: "@Generable\nactor A {}",
             message: "'@Generable' cannot be applied to an actor; use a struct or an enum", line: 1, column: 1),
        Case(name: "missing type", source: "@Generable\nstruct S {\n    var count = 1\n}",
             message: "'@Generable' needs the type of 'count' written out; add a type annotation such as 'count: String'", line: 3, column: 9),
        Case(name: "function type", source: "@Generable\nstruct S {\n    var run: () -> Void\n}",
             message: "'run' has type '() -> Void', which has no JSON shape; use a Generable type (String, numbers, Bool, Date, UUID, arrays, optionals, [String: V], or a @Generable type)", line: 3, column: 14),
        Case(name: "empty range", source: "@Generable\nstruct S {\n    @Guide(.range(5...1)) var n: Int\n}",
             message: "'.range(5...1)' allows no value: its lower bound 5 is above its upper bound 1; swap them", line: 3, column: 12),
        Case(name: "empty negative range", source: "@Generable\nstruct S {\n    @Guide(.range(-1.5 ... -3)) var n: Double\n}",
             message: "'.range(-1.5 ... -3)' allows no value: its lower bound -1.5 is above its upper bound -3; swap them", line: 3, column: 12),
        Case(name: "empty anyOf", source: "@Generable\nstruct S {\n    @Guide(.anyOf([])) var s: String\n}",
             message: "'.anyOf([])' allows no value; list at least one choice", line: 3, column: 12),
        Case(name: "count on a string", source: "@Generable\nstruct S {\n    @Guide(.count(3)) var s: String\n}",
             message: "'.count(3)' does not apply to 's' of type 'String'; it applies to array properties", line: 3, column: 12),
        Case(name: "range on a string", source: "@Generable\nstruct S {\n    @Guide(.range(1...3)) var s: String?\n}",
             message: "'.range(1...3)' does not apply to 's' of type 'String?'; it applies to integer, Double, Float, Decimal and Date properties", line: 3, column: 12),
        Case(name: "anyOf on an integer", source: "@Generable\nstruct S {\n    @Guide(.anyOf([\"a\"])) var n: Int\n}",
             message: "'.anyOf([\"a\"])' does not apply to 'n' of type 'Int'; it applies to String properties", line: 3, column: 12),
        Case(name: "regex on an array", source: "@Generable\nstruct S {\n    @Guide(/a+/) var n: [String]\n}",
             message: "'.pattern(\"a+\")' does not apply to 'n' of type '[String]'; it applies to String properties", line: 3, column: 12),
        Case(name: "element guide on the wrong element", source: "@Generable\nstruct S {\n    @Guide(.element(.anyOf([\"x\"]))) var n: [Int]\n}",
             message: "'.anyOf([\"x\"])' does not apply to 'n[]' of type 'element of [Int]'; it applies to String properties", line: 3, column: 21),
        Case(name: "negative count", source: "@Generable\nstruct S {\n    @Guide(.count(-1)) var n: [Int]\n}",
             message: "'.count(-1)' asks for -1 elements; counts start at 0", line: 3, column: 12),
        Case(name: "conflicting bounds", source: "@Generable\nstruct S {\n    @Guide(.minimum(10), .maximum(1)) var n: Int\n}",
             message: "'.minimum(10)' and '.maximum(1)' together allow no value; the lower bound is above the upper bound", line: 3, column: 26),
        Case(name: "case guide without a value", source: "@Generable\nenum E {\n    @Guide(.range(1...2)) case a\n    case b\n}",
             message: "guides on case 'a' need exactly one associated value to apply to, and it has 0; use '@Guide(associatedValue: \"label\", …)' to name one", line: 3, column: 5),
        Case(name: "case guide with two values", source: "@Generable\nenum E {\n    @Guide(.range(1...2)) case a(Int, Int)\n}",
             message: "guides on case 'a' need exactly one associated value to apply to, and it has 2; use '@Guide(associatedValue: \"label\", …)' to name one", line: 3, column: 5),
        Case(name: "unknown associated value", source: "@Generable\nenum E {\n    @Guide(associatedValue: \"x\", description: \"d\") case a(y: Int)\n}",
             message: "case 'a' has no associated value named 'x'", line: 3, column: 5),
        Case(name: "floating-point raw values", source: "@Generable\nenum E: Double {\n    case a = 1.5\n}",
             message: "'@Generable' enums may have String or integer raw values, not 'Double'", line: 2, column: 9),
        Case(name: "relation to an unknown property", source: "@Generable\nstruct S {\n    var from: Int\n    @Guide(.atLeast(\"start\")) var to: Int\n}",
             message: "'.atLeast(\"start\")' names 'start', which is not an earlier stored property of this type; use one of 'from'", line: 4, column: 12),
        Case(name: "relation to a later property", source: "@Generable\nstruct S {\n    @Guide(.atMost(\"to\")) var from: Int\n    var to: Int\n}",
             message: "'.atMost(\"to\")' names 'to', which comes after 'from'; values are written in declaration order, so put the guide on 'to' with the comparison reversed, or declare 'to' first", line: 3, column: 12),
        Case(name: "relation between an integer and a date", source: "@Generable\nstruct S {\n    var start: Date\n    @Guide(.atLeast(\"start\")) var count: Int\n}",
             message: "'.atLeast(\"start\")' compares 'count' of type 'Int' with 'start' of type 'Date'; both must be integers or both Dates", line: 4, column: 12),
        Case(name: "relation without a name", source: "@Generable\nstruct S {\n    var from: Int\n    @Guide(.atLeast(name)) var to: Int\n}",
             message: "'.atLeast(name)' needs the name of an earlier property as a string literal, such as .atLeast(\"start\")", line: 4, column: 12),
        Case(name: "integer relation on a double", source: "@Generable\nstruct S {\n    var a: Double\n    @Guide(.greaterThan(\"a\")) var b: Double\n}",
             message: "'.greaterThan(\"a\")' does not apply to 'b' of type 'Double'; it applies to integer properties", line: 4, column: 12),
        Case(name: "afterNow on a string", source: "@Generable\nstruct S {\n    @Guide(.afterNow()) var due: String\n}",
             message: "'.afterNow()' does not apply to 'due' of type 'String'; it applies to Date properties", line: 3, column: 12),
        Case(name: "uniqueElements on a string", source: "@Generable\nstruct S {\n    @Guide(.uniqueElements()) var s: String\n}",
             message: "'.uniqueElements()' does not apply to 's' of type 'String'; it applies to array properties", line: 3, column: 12),
        Case(name: "guide on a computed property", source: "@Generable\nstruct S {\n    @Guide(description: \"d\") var n: Int { 1 }\n}",
             message: "'@Guide' on 'n' has no effect: computed properties are not generated; remove it or make 'n' a stored property", line: 3, column: 5),
    ]

    @Test(arguments: cases)
    func diagnoses(_ testCase: Case) {
        let expansion = Diagnosed(source: testCase.source)
        #expect(expansion.messages.contains(where: { $0.message == testCase.message && $0.line == testCase.line && $0.column == testCase.column }),
                "\(expansion.messages)")
    }

    @Test func guideOnAStaticPropertyIsMisplaced() {
        expectExpansion(
            "struct S {\n    @Guide(description: \"d\") static var n: Int = 1\n}",
            expands: "struct S {\n    static var n: Int = 1\n}",
            diagnostics: [
                DiagnosticSpec(
                    message: "'@Guide' can only be applied to stored properties and enum cases of a '@Generable' type",
                    line: 2, column: 5)
            ])
    }
}
