import BridleGrammar

extension GrammarOptions {
    /// For tests whose texts are written compact (`{"a":1}`): what they check is the schema's
    /// meaning, which every layout shares (LayoutGrammarTests checks the layouts themselves).
    static let compactLayout = GrammarOptions(layout: .compact)
}
