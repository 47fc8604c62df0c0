/// What an asset of a page is for.
public enum AssetKind: String, Sendable, Hashable {
    /// `img`, `srcset`, `poster`, a CSS background.
    case image
    /// `<link rel=stylesheet>` or a CSS `@import`.
    case stylesheet
    /// `<link rel=icon>`, `apple-touch-icon`.
    case icon
    /// `<link rel=preload as=font>`, a `url()` inside `@font-face`.
    case font
}

/// One file a page needs to display: an absolute http(s) URL, fragment removed, and its kind.
public struct AssetReference: Sendable, Hashable {
    /// The absolute URL to fetch (http or https, no fragment).
    public var url: String
    /// What it is for.
    public var kind: AssetKind

    /// A reference to `url` of `kind`.
    public init(url: String, kind: AssetKind) {
        self.url = url
        self.kind = kind
    }

    /// The URL to fetch for `reference` written in a document at `base`: absolute, without its
    /// fragment, nil unless http(s) (a `data:` URL is already inline).
    static func fetchable(_ reference: String, base: String) -> String? {
        guard let absolute = resolve(reference, against: base) else { return nil }
        let url = withoutFragment(absolute).url
        guard url.hasPrefix("http://") || url.hasPrefix("https://") else { return nil }
        return url
    }

    /// The local path `replacing` gives `reference` (looked up by its absolute URL, fragment
    /// aside, then by its literal text), with the reference's fragment kept (`sprite.svg#icon`).
    static func replacement(for reference: String, base: String, in replacing: [String: String]) -> String? {
        if !base.isEmpty, let absolute = resolve(reference, against: base) {
            let (url, fragment) = withoutFragment(absolute)
            if let local = replacing[url] { return local + (fragment.map { "#" + $0 } ?? "") }
        }
        let literal = URLParts.clean(reference)
        if let local = replacing[literal] { return local }
        let (url, fragment) = withoutFragment(literal)
        return replacing[url].map { $0 + (fragment.map { "#" + $0 } ?? "") }
    }

    private static func withoutFragment(_ url: String) -> (url: String, fragment: String?) {
        guard let hash = url.firstIndex(of: "#") else { return (url, nil) }
        return (String(url[..<hash]), String(url[url.index(after: hash)...]))
    }
}
