/// The settings of the library: link archives and documents (copypasta(1) CONFIGURATION).
public struct LibrarySettings: Equatable, Sendable {
    /// Which links are archived (`archive-links`).
    public enum ArchiveLinks: String, Sendable, CaseIterable {
        /// None: nothing is ever fetched.
        case off
        /// Links the user added (`add --url`, a one-URL `add`) or imported with `--archive`.
        case added
        /// Also links captured from the clipboard.
        case all
    }

    /// How a page is fetched for its archive (`archive-renderer`).
    public enum Renderer: String, Sendable, CaseIterable {
        /// The HTML as the server sends it.
        case direct
        /// The DOM after headless Chromium ran the page's scripts, when chromium is installed.
        case chromium
    }

    /// `archive-links`.
    public var archiveLinks = ArchiveLinks.added
    /// `archive-private-hosts`: whether loopback, link-local and private addresses may be fetched.
    public var archivePrivateHosts = false
    /// `archive-renderer`.
    public var archiveRenderer = Renderer.direct
    /// `max-file-size`, in megabytes (MiB): a larger file is refused by `add --file` and `attach --file`.
    public var maxFileMegabytes = 512
    /// `sync-max-file-size`, in megabytes (MiB): a larger payload stays on this machine.
    public var syncMaxFileMegabytes = 64

    /// The defaults.
    public init() {}

    /// `max-file-size` in bytes.
    public var maxFileBytes: Int { maxFileMegabytes << 20 }
    /// `sync-max-file-size` in bytes.
    public var syncMaxFileBytes: Int { syncMaxFileMegabytes << 20 }
}

extension ConfigKey {
    /// `archive-links`, `archive-private-hosts`, `archive-renderer`, `max-file-size` and
    /// `sync-max-file-size`, in documentation order.
    static let libraryKeys: [ConfigKey] = [
        .choice("archive-links", \.library.archiveLinks),
        ConfigKey(
            name: "archive-private-hosts",
            apply: { config, value in
                switch value.lowercased() {
                case "yes", "true", "on": config.library.archivePrivateHosts = true
                case "no", "false", "off": config.library.archivePrivateHosts = false
                default: return "expected yes or no"
                }
                return nil
            }, show: { $0.library.archivePrivateHosts ? "yes" : "no" }),
        .choice("archive-renderer", \.library.archiveRenderer),
        .number("max-file-size", 50...4096, \.library.maxFileMegabytes),
        .number("sync-max-file-size", 1...4096, \.library.syncMaxFileMegabytes),
    ]
}
