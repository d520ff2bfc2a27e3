import Bridle
import BridleExampleTypes
import BridleLlama
import Foundation

/// One of the demo's requests: an Examples type, a prompt a user would write, instructions
/// that help a small model (what the value is for, and one example), and the checks a
/// plausible answer passes beyond what the grammar guarantees.
struct DemoCase: Sendable {
    let name: String
    let prompt: String
    let instructions: String
    /// Requests with their answers, one "User:"/"Assistant:" pair each, shown after the
    /// instructions unless the run leaves them out.
    let examples: String
    let schema: GenerationSchema
    private let generate: @Sendable (LlamaLanguageModel, String, String, Bool, GenerationOptions) async throws -> Outcome

    struct Outcome: Sendable {
        let text: String
        let value: String
        let statistics: GenerationStatistics
        /// Why the value does not answer the prompt (empty when it does).
        let problems: [String]
    }

    func run(on model: LlamaLanguageModel, withExamples: Bool, options: GenerationOptions) async throws -> Outcome {
        try await generate(model, prompt, instructions, withExamples, options)
    }

    /// - Parameter problems: The semantic checks: the type's validator (cross-field rules)
    ///   and whether the value answers the prompt.
    ///   - instructions: One line on what the value is for.
    ///   - examples: Requests and the JSON that answers them, shown as earlier turns of the
    ///     conversation: a base model continues a pattern better than it follows a schema.
    static func make<Value: Generable>(
        _ type: Value.Type, prompt: String, instructions: String, examples: KeyValuePairs<String, String>,
        problems: @escaping @Sendable (Value) -> [String]
    ) -> DemoCase {
        // Examples are written in the grammar's layout, so the model sees the text it must write.
        let layout = GrammarOptions().layout
        let shown = examples.map { example in
            let answer = (try? GeneratedContent(json: example.value))?.jsonString(layout: layout) ?? example.value
            return "User: \(example.key)\nAssistant: \(answer)"
        }.joined(separator: "\n")
        let name = String(reflecting: type).split(separator: ".").dropFirst().joined(separator: ".")
        return DemoCase(
            name: name, prompt: prompt, instructions: instructions, examples: shown, schema: Value.generationSchema
        ) { model, prompt, instructions, withExamples, options in
            // Without examples the model reads the schema instead (FoundationModels' default).
            let response = try await model.respond(
                to: prompt, generating: Value.self, includeSchemaInPrompt: !withExamples,
                instructions: withExamples ? "\(instructions)\n\n\(shown)" : instructions, options: options)
            var found = problems(response.content)
            if let validatable = response.content as? any ValidatableArguments {
                do { try validatable.validate() } catch { found.append("validator: \(error)") }
            }
            return Outcome(text: response.text, value: String(describing: response.content), statistics: response.statistics, problems: found)
        }
    }

    static let all: [DemoCase] = [
        make(
            SearchSuggestions.self,
            prompt: "Suggest four searches about sunsets.",
            instructions: "Write four different web searches on the user's topic, each of two or three words.",
            examples: [
                "Suggest four searches about mountain lakes.": #"{"searchTerms":[{"searchTerm":"mountain lake hikes"},{"searchTerm":"best mountain lakes"},{"searchTerm":"mountain lake camping"},{"searchTerm":"mountain lake photos"}]}"#,
                "Suggest four searches about bread.": #"{"searchTerms":[{"searchTerm":"bread recipes"},{"searchTerm":"bread baking tips"},{"searchTerm":"rye bread"},{"searchTerm":"bread flour types"}]}"#,
                "Suggest four searches about owls.": #"{"searchTerms":[{"searchTerm":"owl facts"},{"searchTerm":"owl calls"},{"searchTerm":"barn owl nests"},{"searchTerm":"owl drawings"}]}"#,
            ]
        ) { value in
            let terms = value.searchTerms.map { $0.searchTerm.lowercased() }
            var problems: [String] = []
            for term in terms where !(2...3).contains(term.split(separator: " ").count) {
                problems.append("\(term.debugDescription) is not two or three words")
            }
            if Set(terms).count != terms.count { problems.append("repeated terms") }
            if !terms.contains(where: { $0.contains("sunset") }) { problems.append("no term is about sunsets") }
            return problems
        },
        make(
            CurrentDate.Arguments.self,
            prompt: "What was the date a week ago?",
            instructions: "Say which moment the user asks about: now, or a number of seconds before or after now (an hour is 3600 seconds, a day 86400, a week 604800).",
            examples: [
                "What will the date be in three days?": #"{"dateKind":{"afterNow":{"seconds":259200}}}"#,
                "What was the time three hours ago?": #"{"dateKind":{"beforeNow":{"seconds":10800}}}"#,
                "What will the date be in a week?": #"{"dateKind":{"afterNow":{"seconds":604800}}}"#,
                "What was the date yesterday?": #"{"dateKind":{"beforeNow":{"seconds":86400}}}"#,
            ]
        ) { value in
            guard case .beforeNow(let seconds) = value.dateKind else { return ["a week ago is before now, not \(value.dateKind)"] }
            return (6 * 86_400...8 * 86_400).contains(seconds) ? [] : ["\(seconds) seconds is not about a week"]
        },
        make(
            Reminders.Arguments.self,
            prompt: "Show my five most recent incomplete reminders.",
            instructions: "Turn the user's request into a search of their reminders: the status (all, completed or incomplete) and how many to show.",
            examples: [
                "List my three latest completed reminders.": #"{"status":"completed","count":3}"#,
                "What are my two most recent reminders?": #"{"status":"all","count":2}"#,
                "Show eight reminders I still have to do.": #"{"status":"incomplete","count":8}"#,
                "List my incomplete reminders, at most four.": #"{"status":"incomplete","count":4}"#,
            ]
        ) { value in
            var problems: [String] = []
            if value.status != "incomplete" { problems.append("status \(value.status), not incomplete") }
            if value.count != 5 { problems.append("count \(value.count.map(String.init) ?? "missing"), not 5") }
            return problems
        },
        make(
            Contacts.Arguments.self,
            prompt: "Find my contacts born in the nineties.",
            instructions: "Say which generation the user's contacts were born in: babyBoomers (1946-1964), genX (1965-1980), millennial (1981-1996) or genZ (1997-2012).",
            examples: [
                "Find my friends born in the seventies.": #"{"generation":"genX"}"#,
                "Who among my contacts was born in the fifties?": #"{"generation":"babyBoomers"}"#,
                "Contacts born after 2000, please.": #"{"generation":"genZ"}"#,
            ]
        ) { value in
            // 1990-1996 are millennials, 1997-1999 generation Z.
            [.millennial, .genZ].contains(value.generation) ? [] : ["\(value.generation) were not born in the nineties"]
        },
        make(
            Films.Arguments.self,
            prompt: "Dramas from the fifties, please.",
            instructions: "Turn the user's request into a film search: a genre (comedy, drama, horror or science fiction), the first and the last year, and up to three keywords.",
            examples: [
                "Eighties comedies about school.": #"{"genre":"comedy","fromYear":1980,"toYear":1989,"keywords":["school"]}"#,
                "Horror films from the seventies.": #"{"genre":"horror","fromYear":1970,"toYear":1979,"keywords":[]}"#,
                "Science fiction about robots, 2000 to 2015.": #"{"genre":"science fiction","fromYear":2000,"toYear":2015,"keywords":["robots"]}"#,
            ]
        ) { value in
            var problems: [String] = []
            if value.genre != "drama" { problems.append("genre \(value.genre), not drama") }
            if !(1950...1959).contains(value.fromYear) || !(1950...1959).contains(value.toYear) {
                problems.append("years \(value.fromYear)-\(value.toYear) are not in the fifties")
            }
            return problems
        },
    ]
}
