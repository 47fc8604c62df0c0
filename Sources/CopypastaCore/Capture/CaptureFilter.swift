/// The capture rules (docs/DESIGN.md §3) that decide, from values alone, whether a text is stored.
///
/// The daemon asks twice: `checkOwner` before any text is fetched (password
/// hint, ignored application), `checkText` once the text has arrived.
public struct CaptureFilter {
    private let ignoreApps: [String]
    private let patterns: [(source: String, regex: Regex<AnyRegexOutput>)]
    /// The byte limit of stored texts.
    public let maxBytes: Int
    /// Whether texts of white space only are stored (`keep-blank`).
    public let keepBlank: Bool

    /// The target a password manager offers with a secret (KDE's convention, followed by KeePassXC and others).
    public static let passwordHintTarget = "x-kde-passwordManagerHint"

    /// Compiles the rules of `config` (its patterns were validated when it was parsed).
    public init(config: Config) {
        ignoreApps = config.ignoreApps.map { $0.lowercased() }
        patterns = config.ignorePatterns.compactMap { source in (try? Regex(source)).map { (source, $0) } }
        maxBytes = config.maxBytes
        keepBlank = config.keepBlank
    }

    /// Checks what is known before fetching: the offered target names and the owner's WM_CLASS names.
    public func checkOwner(targets: [String], classNames: [String]) -> SkipReason? {
        if targets.contains(Self.passwordHintTarget) { return .passwordHint }
        if let app = classNames.first(where: { ignoreApps.contains($0.lowercased()) }) { return .ignoredApp(app) }
        return nil
    }

    /// Checks the decoded text.
    public func checkText(_ text: String) -> SkipReason? {
        if text.isEmpty { return .empty }
        // A stray click in xterm with selectToClipboard copies a lone newline; nobody means to keep it.
        if !keepBlank && text.allSatisfy(\.isWhitespace) { return .blank }
        let bytes = text.utf8.count
        if bytes > maxBytes { return .tooLarge(bytes) }
        if let match = patterns.first(where: { text.contains($0.regex) }) { return .ignoredPattern(match.source) }
        return nil
    }

    /// The preferred text target among those offered (docs/DESIGN.md §3), with its encoding.
    public static func bestTextTarget(_ targets: [String]) -> (name: String, encoding: SelectionEncoding)? {
        let preference: [(String, SelectionEncoding)] = [
            ("UTF8_STRING", .utf8), ("text/plain;charset=utf-8", .utf8), ("STRING", .latin1), ("TEXT", .unknown),
        ]
        return preference.first { targets.contains($0.0) }.map { (name: $0.0, encoding: $0.1) }
    }
}
