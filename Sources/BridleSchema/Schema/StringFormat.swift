/// A textual format Bridle knows how to constrain and check.
public enum StringFormat: String, Sendable, Hashable, CaseIterable {
    /// RFC 3339 `full-date`: `2026-11-22`.
    case date
    /// RFC 3339 `date-time`: `2026-11-22T04:38:23Z`. What `Date` properties use.
    case dateTime = "date-time"
    /// RFC 3339 `full-time`: `04:38:23Z`.
    case time
    /// `8-4-4-4-12` hexadecimal digits: what `UUID` encodes to.
    case uuid
}
