import Foundation

extension JSONDecoder.DateDecodingStrategy {
    /// Decodes a date from an RFC 3339 `date-time` string (any offset, `T`/`t`, `Z`/`z`, any
    /// number of fraction digits, leap seconds at 23:59:60 UTC), or from a bare `full-date`,
    /// read as midnight UTC. This is what JSON Schema's `date-time` format admits, which
    /// `.iso8601` does not fully: it rejects fractional seconds and lowercase separators.
    ///
    /// ```swift
    /// let decoder = JSONDecoder()
    /// decoder.dateDecodingStrategy = .rfc3339
    /// try decoder.decode([Date].self, from: Data(#"["2026-11-22T05:38:23.5+01:00"]"#.utf8))
    /// // [2026-11-22 04:38:23 +0000], whose timeIntervalSince1970 is 1795322303.5
    /// ```
    ///
    /// Anything else throws `DecodingError.dataCorrupted` at the value's coding path.
    public static var rfc3339: Self {
        .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = RFC3339.parseDateTime(text) ?? RFC3339.parseFullDate(text) else {
                // Quote a bounded prefix: the value may be arbitrarily long model output.
                let shown = text.count > 64 ? "\(text.prefix(64))…" : text
                throw DecodingError.dataCorruptedError(
                    in: container,
                    debugDescription: "expected an RFC 3339 date-time such as 2026-11-22T04:38:23Z, found \"\(shown)\"")
            }
            return date
        }
    }
}

extension JSONEncoder.DateEncodingStrategy {
    /// Encodes a date as an RFC 3339 `date-time` string in UTC, with fraction digits only
    /// when the second is not whole, and only as many as `.rfc3339` decoding needs to get the
    /// same `Date` back (whole milliseconds use at most three).
    ///
    /// ```swift
    /// let encoder = JSONEncoder()
    /// encoder.dateEncodingStrategy = .rfc3339
    /// String(decoding: try encoder.encode([Date(timeIntervalSince1970: 1795322303.25)]), as: UTF8.self)
    /// // ["2026-11-22T04:38:23.25Z"]
    /// ```
    ///
    /// A date whose UTC year is outside 0000...9999 (four digits cannot write it), or that is
    /// not finite, throws `EncodingError.invalidValue` rather than being clamped: a clamped
    /// date would decode to a different instant without anyone noticing.
    public static var rfc3339: Self {
        .custom { date, encoder in
            guard let text = RFC3339.formatDateTime(date) else {
                // Foundation's Date.description traps on NaN, and printing this error would call
                // it, so a NaN date is reported as its raw time interval instead.
                let value: Any = date.timeIntervalSinceReferenceDate.isNaN ? date.timeIntervalSinceReferenceDate : date
                throw EncodingError.invalidValue(
                    value,
                    EncodingError.Context(
                        codingPath: encoder.codingPath,
                        debugDescription:
                            "RFC 3339 can only write years 0000 through 9999; this date (\(date.timeIntervalSince1970) seconds since 1970) is outside them"
                    ))
            }
            var container = encoder.singleValueContainer()
            try container.encode(text)
        }
    }
}
