/// What llama.cpp accepts as a rule name: one or more of `a-z`, `A-Z`, `0-9` and `-`
/// (`is_word_char` in `llama-grammar.cpp`). Digits and `-` may come first; `_` may not appear.
///
/// ```swift
/// GBNFName.isValid("json-value")   // true
/// GBNFName.isValid("json_value")   // false
/// ```
enum GBNFName {
    static func isValid(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy(isNameScalar)
    }

    static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-": true
        default: false
        }
    }
}
