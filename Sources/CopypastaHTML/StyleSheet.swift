/// The URLs a style sheet refers to, found with a CSS tokenizer (`CSSTokenizer`): `url(…)`
/// quoted or not, `@import "…"` and `@import url(…)`, and the strings of `image-set()`.
/// Comments and strings are honoured, so a `url(` inside a comment or a string is not a
/// reference. Used for external sheets, `<style>` elements and `style` attributes alike.
public enum StyleSheet {
    /// The http(s) references in `css`, resolved against `baseURL` (the sheet's own URL, or the
    /// page's for inline CSS), de-duplicated, in order. `@import` gives `.stylesheet`, a `url()`
    /// inside `@font-face` `.font`, any other `.image`.
    public static func references(in css: String, baseURL: String) -> [AssetReference] {
        var seen: Set<String> = []
        var references: [AssetReference] = []
        for found in locations(in: Array(css.unicodeScalars)) {
            guard let url = AssetReference.fetchable(found.value, base: baseURL), seen.insert(url).inserted else {
                continue
            }
            references.append(AssetReference(url: url, kind: found.kind))
        }
        return references
    }

    /// `css` with each reference whose absolute URL (resolved against `baseURL`, fragment
    /// aside) or literal text is a key of `replacing` pointing at the key's value instead; with a
    /// `baseURL`, every other relative reference made absolute, so the sheet still works after
    /// it moves into the archive. Everything else is left byte for byte.
    public static func rewritten(_ css: String, baseURL: String = "", replacing: [String: String]) -> String {
        let scalars = Array(css.unicodeScalars)
        var output = String.UnicodeScalarView()
        var copied = 0
        for found in locations(in: scalars) {
            let target =
                AssetReference.replacement(for: found.value, base: baseURL, in: replacing)
                ?? (baseURL.isEmpty ? nil : resolve(found.value, against: baseURL))
            guard let target, target != found.value, found.range.lowerBound >= copied else { continue }
            output.append(contentsOf: scalars[copied..<found.range.lowerBound])
            let quoted = quote(target)
            output.append(contentsOf: (found.isURLToken ? "url(\(quoted))" : quoted).unicodeScalars)
            copied = found.range.upperBound
        }
        output.append(contentsOf: scalars[copied...])
        return String(output)
    }

    /// One reference as written.
    struct Location {
        /// The decoded reference text.
        var value: String
        /// The scalars to replace: a whole `url(…)` token, or a string token.
        var range: Range<Int>
        /// Whether `range` is an unquoted `url(…)` token (else a string).
        var isURLToken: Bool
        /// What the reference loads.
        var kind: AssetKind
    }

    /// Every reference in `css`, in order.
    static func locations(in css: [Unicode.Scalar]) -> [Location] {
        let tokens = CSSTokenizer.tokens(css).filter { $0.kind != .whitespace }
        var found: [Location] = []
        var blocks: [Bool] = []  // true for an @font-face block
        var pendingFontFace = false
        var functions: [String] = []
        for (index, token) in tokens.enumerated() {
            let inFont = blocks.last ?? false
            switch token.kind {
            case .atKeyword(let name):
                pendingFontFace = name.lowercased() == "font-face"
                if isImport(tokens, index), index + 1 < tokens.count, case .string(let value) = tokens[index + 1].kind {
                    found.append(Location(value: value, range: tokens[index + 1].range, isURLToken: false, kind: .stylesheet))
                }
            case .openBrace:
                blocks.append(pendingFontFace)
                pendingFontFace = false
            case .closeBrace: _ = blocks.popLast()
            case .semicolon: pendingFontFace = false
            case .url(let value):
                found.append(Location(value: value, range: token.range, isURLToken: true, kind: kind(tokens, index, inFont)))
            case .function(let name): functions.append(name.lowercased())
            case .openParen: functions.append("")
            case .closeParen: _ = functions.popLast()
            case .string(let value):
                let function = functions.last ?? ""
                guard function == "url" || function.hasSuffix("image-set"), !isImport(tokens, index - 1) else { continue }
                let kind = Self.kind(tokens, index, inFont)
                found.append(Location(value: value, range: token.range, isURLToken: false, kind: kind))
            default: continue
            }
        }
        return found
    }

    /// Whether `tokens[index]` is `@import` (its string is found there, not as a `url()`).
    private static func isImport(_ tokens: [CSSToken], _ index: Int) -> Bool {
        guard index >= 0, case .atKeyword(let name) = tokens[index].kind else { return false }
        return name.lowercased() == "import"
    }

    /// `.stylesheet` for a reference right after `@import` (through `url(`), `.font` inside
    /// `@font-face`, `.image` otherwise.
    private static func kind(_ tokens: [CSSToken], _ index: Int, _ inFont: Bool) -> AssetKind {
        for back in [1, 2] where index >= back {
            if case .atKeyword(let name) = tokens[index - back].kind, name.lowercased() == "import" { return .stylesheet }
        }
        return inFont ? .font : .image
    }

    /// What a CSS string escapes, as hexadecimal escapes ending in a space.
    private static let stringEscapes: [Unicode.Scalar: String] = ["\"": "\\22 ", "\\": "\\5c ", "\n": "\\a ", "\r": "\\d "]

    /// A CSS string holding `text`.
    private static func quote(_ text: String) -> String {
        "\"" + HTMLTree.replacing(text, stringEscapes) + "\""
    }
}
