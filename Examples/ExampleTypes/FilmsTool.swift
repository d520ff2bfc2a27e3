import Bridle

/// Looks up films of a genre released within a range of years.
public struct FilmsTool: Tool {
    public let name = "findFilms"
    public let description = "Finds films of a genre released from one year to another."

    public init() {}

    public func call(arguments: Films.Arguments) async throws -> ToolOutput {
        let films = Self.catalogue.filter {
            // Not a `ClosedRange`: built from reversed years it would trap, and `call` should not
            // rely on the validator to stay safe.
            $0.genre == arguments.genre && arguments.fromYear <= $0.year && $0.year <= arguments.toYear
        }
        guard !films.isEmpty else {
            return .failure("No \(arguments.genre) films from \(arguments.fromYear) to \(arguments.toYear) in the catalogue.")
        }
        return ToolOutput(films.map { "\($0.title) (\($0.year))" }.joined(separator: "; "))
    }

    static let catalogue: [(title: String, genre: String, year: Int)] = [
        ("Metropolis", "science fiction", 1927),
        ("Modern Times", "comedy", 1936),
        ("Tokyo Story", "drama", 1953),
        ("Psycho", "horror", 1960),
        ("Alien", "science fiction", 1979),
        ("Ran", "drama", 1985),
        ("Groundhog Day", "comedy", 1993),
        ("Arrival", "science fiction", 2016),
    ]
}
