/// Checks JSON Schema's `duration` format: RFC 3339 appendix A's ISO 8601 duration grammar,
/// which is stricter than ISO 8601 itself.
///
/// ```
/// duration = "P" (dur-date / dur-time / dur-week)
/// dur-date = (dur-day / dur-month / dur-year) [dur-time]     ; Y, YM, YMD, M, MD or D
/// dur-time = "T" (dur-hour / dur-minute / dur-second)        ; H, HM, HMS, M, MS or S
/// dur-week = 1*DIGIT "W"
/// ```
///
/// Units appear in order and without gaps (`P1Y1D` skips the month: not a duration here),
/// every number is ASCII digits, and no fractions.
enum DurationFormat {
    static func isValid(_ text: String) -> Bool {
        var scalars = Substring(text).unicodeScalars[...]
        guard scalars.popFirst() == "P", !scalars.isEmpty else { return false }
        var parts: [(digits: Int, unit: Unicode.Scalar)] = []
        var inTime = false
        var timeStart: Int?
        while let scalar = scalars.first {
            if scalar == "T" {
                if inTime { return false }
                inTime = true
                timeStart = parts.count
                scalars.removeFirst()
                continue
            }
            var count = 0
            while let digit = scalars.first, ("0"..."9").contains(digit) {
                count += 1
                scalars.removeFirst()
            }
            guard count > 0, let unit = scalars.popFirst() else { return false }
            parts.append((count, inTime ? Unicode.Scalar(unit.value + 0x20) ?? unit : unit))
        }
        // Time units are kept lowercased above, so `M` (month) and `m` (minute) differ.
        let units = String(String.UnicodeScalarView(parts.map(\.unit)))
        let dateUnits = String(units.prefix(timeStart ?? units.count))
        let timeUnits = String(units.dropFirst(timeStart ?? units.count))
        if dateUnits == "W" { return timeStart == nil }
        let dates: Set<String> = ["", "Y", "YM", "YMD", "M", "MD", "D"]
        let times: Set<String> = ["h", "hm", "hms", "m", "ms", "s"]
        guard dates.contains(dateUnits) else { return false }
        if timeStart == nil { return !dateUnits.isEmpty }
        return times.contains(timeUnits)
    }
}
