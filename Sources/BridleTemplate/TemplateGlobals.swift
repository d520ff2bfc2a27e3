import Foundation

/// The functions a template may call by name: jinja2's `range`, `namespace`, `dict`, and Hugging
/// Face's `raise_exception` and `strftime_now`.
enum TemplateGlobals {
    static func functions(now: Date) -> [String: TemplateValue] {
        var functions: [String: TemplateValue] = [:]
        func define(_ name: String, _ body: @escaping @Sendable (FunctionCall) throws(TemplateError) -> TemplateValue) {
            functions[name] = .function(TemplateFunction(name: name, body: body))
        }
        define("raise_exception") { call throws(TemplateError) in
            throw TemplateError(.raised, line: call.line, call.argument(0, "message")?.pythonString ?? "")
        }
        define("strftime_now") { call throws(TemplateError) in
            guard case .string(let format)? = call.argument(0, "format") else {
                throw TemplateError(.evaluation, line: call.line, "strftime_now needs a format string")
            }
            return .string(PythonDateFormat.format(now, format))
        }
        define("range") { call throws(TemplateError) in
            let numbers = call.positional.compactMap(\.integerValue)
            guard !numbers.isEmpty, numbers.count <= 3, numbers.count == call.positional.count else {
                throw TemplateError(.evaluation, line: call.line, "range takes one to three integers")
            }
            let (start, stop) = numbers.count == 1 ? (0, numbers[0]) : (numbers[0], numbers[1])
            let step = numbers.count == 3 ? numbers[2] : 1
            guard step != 0 else { throw TemplateError(.evaluation, line: call.line, "range() arg 3 must not be zero") }
            // In doubles: the span of two 64-bit bounds can overflow an integer.
            let count = ((Double(stop) - Double(start)) / Double(step)).rounded(.up)
            guard count <= 1_000_000 else { throw TemplateError(.evaluation, line: call.line, "range too big, over 1,000,000 items") }
            return .list(stride(from: start, to: stop, by: step).map { .integer($0) })
        }
        define("namespace") { call throws(TemplateError) in
            var attributes = TemplateDictionary()
            if case .dictionary(let given)? = call.positional.first { attributes = given }
            for (name, value) in call.named { attributes[name] = value }
            return .namespace(TemplateNamespace(attributes))
        }
        define("dict") { call throws(TemplateError) in
            var dictionary = TemplateDictionary()
            if case .dictionary(let given)? = call.positional.first { dictionary = given }
            for (name, value) in call.named { dictionary[name] = value }
            return .dictionary(dictionary)
        }
        return functions
    }
}

/// Python's `datetime.strftime` in the C locale, for the codes templates use (`%Y-%m-%d`,
/// `%d %b %Y`, `%B %d, %Y`, …) and glibc's `-` flag (`%-d`), in the current time zone.
enum PythonDateFormat {
    private static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
    private static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    static func format(_ date: Date, _ format: String) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone.current
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
        let year = parts.year ?? 1970, month = parts.month ?? 1, day = parts.day ?? 1
        let hour = parts.hour ?? 0, minute = parts.minute ?? 0, second = parts.second ?? 0
        let weekday = (parts.weekday ?? 1) - 1
        let dayOfYear = calendar.ordinality(of: .day, in: .year, for: date) ?? 1
        var result = ""
        var scalars = Array(format.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "%", let next = scalars.popFirst() else {
                result.unicodeScalars.append(scalar)
                continue
            }
            var code = next
            var padded = true
            if code == "-", let after = scalars.popFirst() {
                padded = false
                code = after
            }
            func number(_ value: Int, _ width: Int) -> String {
                let digits = String(value)
                return padded ? String(repeating: "0", count: max(0, width - digits.count)) + digits : digits
            }
            switch code {
            case "Y": result += String(year)
            case "y": result += number(year % 100, 2)
            case "m": result += number(month, 2)
            case "d": result += number(day, 2)
            case "e": result += padded ? (day < 10 ? " \(day)" : String(day)) : String(day)
            case "H": result += number(hour, 2)
            case "I": result += number(hour % 12 == 0 ? 12 : hour % 12, 2)
            case "M": result += number(minute, 2)
            case "S": result += number(second, 2)
            case "p": result += hour < 12 ? "AM" : "PM"
            case "j": result += number(dayOfYear, 3)
            case "B": result += months[month - 1]
            case "b", "h": result += String(months[month - 1].prefix(3))
            case "A": result += weekdays[weekday]
            case "a": result += String(weekdays[weekday].prefix(3))
            case "w": result += String(weekday)
            case "%": result += "%"
            default:
                result += "%"
                if !padded { result += "-" }
                result.unicodeScalars.append(code)
            }
        }
        return result
    }
}
