import ArgumentParser
import Bridle
import BridleExampleTypes
import Foundation

/// `bridle demo`: the Examples' types, their JSON Schemas, and a value of each decoded
/// from JSON with the type's own `Codable` conformance and checked against its schema.
///
/// Until the llama.cpp backend lands, the JSON comes from a fixed sample per type rather
/// than from a model.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Show the Examples' schemas and decode a typed value for each."
    )

    func run() throws {
        try show(SearchSuggestions.self, sample: #"{"searchTerms":[{"searchTerm":"Beautiful sunsets"},{"searchTerm":"Mountain lakes"},{"searchTerm":"City lights"},{"searchTerm":"Quiet forests"}]}"#)
        try show(CurrentDate.Arguments.self, sample: #"{"dateKind":{"beforeNow":{"seconds":3600}}}"#)
        try show(Reminders.Arguments.self, sample: #"{"status":"incomplete","count":3,"dueBefore":"2026-12-24T18:00:00Z"}"#)
        try show(Contacts.Arguments.self, sample: #"{"generation":"millennial"}"#)
        try show(Films.Arguments.self, sample: #"{"genre":"science fiction","fromYear":1968,"toYear":1982,"keywords":["space"]}"#)
    }

    private func show<Value: Generable>(_ type: Value.Type, sample: String) throws {
        let schema = Value.generationSchema
        try schema.validate()
        print("== \(String(reflecting: type).split(separator: ".").dropFirst().joined(separator: "."))")
        print(schema.jsonSchemaString(prettyPrinted: true))
        let content = try GeneratedContent(json: sample)
        let problems = schema.violations(of: content)
        guard problems.isEmpty else {
            throw ValidationFailure("the sample for \(type) breaks its schema: \(problems)")
        }
        let value = try Value(content)
        print("sample: \(sample)")
        print("decoded: \(value)\n")
    }
}
