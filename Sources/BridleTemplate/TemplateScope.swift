/// Where names live while rendering. A loop, a macro call and `with` open a child scope, so
/// what they set stays inside (jinja2's rule, which is why templates use `namespace()`); `if`
/// does not.
// Confined to the one render call that made it, like the renderer.
final class TemplateScope: @unchecked Sendable {
    private var variables: [String: TemplateValue] = [:]
    private let parent: TemplateScope?

    init(parent: TemplateScope?) {
        self.parent = parent
    }

    func lookup(_ name: String) -> TemplateValue? {
        var scope: TemplateScope? = self
        while let current = scope {
            if let value = current.variables[name] { return value }
            scope = current.parent
        }
        return nil
    }

    func set(_ name: String, _ value: TemplateValue) {
        variables[name] = value
    }
}
