import Foundation

/// Helpers for the `PartiallyGenerated` types `@Generable` writes.
public enum PartialValues {
    /// The date-time at `name`, only once it is whole: a streamed `2026-11-22T09:00:00Z` passes
    /// through `2026-11-22`, which as a full date would read as midnight, a date the model
    /// never meant.
    ///
    /// ```swift
    /// PartialValues.completeDate(in: ["due": "2026-11-22"], forProperty: "due")            // nil
    /// PartialValues.completeDate(in: ["due": "2026-11-22T09:00:00Z"], forProperty: "due")  // 2026-11-22 09:00:00 +0000
    /// ```
    public static func completeDate(in content: GeneratedContent, forProperty name: String) -> Date? {
        guard case .string(let text)? = content[property: name]?.kind else { return nil }
        return RFC3339.parseDateTime(text)
    }
}
