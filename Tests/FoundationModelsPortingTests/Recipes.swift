// FoundationModels-style code, written as Apple's articles write it, with only the import
// changed. This target exists so that a change which breaks source compatibility fails CI;
// the tests beside it run the code on a scripted model.
import Bridle
import Foundation

@Generable
struct Recipe {
    @Guide(description: "The recipe's name")
    let name: String
    @Guide(description: "Minutes to cook", .range(1...240))
    let minutes: Int
}

/// A tool without a `name`: FoundationModels names it after the type.
struct FindRecipes: Tool {
    let description = "Finds recipes by ingredient"

    @Generable
    struct Arguments {
        @Guide(description: "An ingredient")
        let ingredient: String
    }

    func call(arguments: Arguments) async throws -> some PromptRepresentable {
        let soup = Recipe(name: "\(arguments.ingredient.capitalized) soup", minutes: 20)
        let count = 1
        return GeneratedContent(properties: ["ingredient": arguments.ingredient, "recipes": [soup], "count": count])
    }
}

/// A tool that returns a `@Generable` value, read back from the transcript's segments.
struct SuggestRecipe: Tool {
    let name = "suggestRecipe"
    let description = "Suggests one recipe"

    @Generable
    struct Arguments {
        let cuisine: String
    }

    func call(arguments: Arguments) async throws -> Recipe {
        Recipe(name: "\(arguments.cuisine) stew", minutes: 45)
    }
}

/// A tool that fails.
struct BrokenOven: Tool {
    let description = "Preheats the oven"

    @Generable
    struct Arguments {
        let degrees: Int
    }

    struct OvenError: Error {}

    func call(arguments: Arguments) async throws -> String {
        throw OvenError()
    }
}
