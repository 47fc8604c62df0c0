import Glibc

/// The sync rules that depend on the configuration alone (docs/DESIGN.md §14).
extension Config {
    /// Whether a text copied from `app` stays on this machine because of a `sync-exclude-*` rule:
    /// its application is in `sync-exclude-apps` (any case), it matches a `sync-exclude-patterns`
    /// expression, or it is longer than `sync-exclude-larger-than` bytes. The daemon and `add`
    /// both ask, so a rule means the same for a copy and for a hand-added text.
    public func syncExcluded(text: String, app: String?) -> Bool {
        if let app, syncExcludeApps.contains(where: { $0.lowercased() == app.lowercased() }) { return true }
        if syncExcludeLargerThan > 0, text.utf8.count > syncExcludeLargerThan { return true }
        return syncExcludePatterns.contains { source in (try? Regex(source)).map { text.contains($0) } ?? false }
    }

    /// `sync-folder` with `~` expanded; nil when sync is not configured.
    public func syncFolderPath(home: String) -> String? {
        syncFolder.isEmpty ? nil : Paths.expandTilde(syncFolder, home: home)
    }

    /// `snippet-dir` with `~` expanded, or nil when unset.
    public func snippetDirPath(home: String) -> String? {
        snippetDir.isEmpty ? nil : Paths.expandTilde(snippetDir, home: home)
    }

    /// The name other devices show for this one: `sync-device-name`, else the host name.
    public var effectiveSyncDeviceName: String { syncDeviceName ?? Config.hostName }

    /// Whether `database` lies inside `folder` (both absolute, compared lexically after removing
    /// `.`, `..`, empty components and trailing slashes). The synced folder must never hold the
    /// live database: a file-sync engine copying it while SQLite writes it corrupts both copies.
    public static func isInside(_ database: String, folder: String) -> Bool {
        let path = components(database), parent = components(folder)
        return path.count > parent.count && Array(path.prefix(parent.count)) == parent
    }

    /// The one-line refusal when `database` lies inside `sync-folder`, nil when it does not.
    /// `resolve` canonicalizes a path (symbolic links) when it can; the lexical check runs on both forms.
    public func syncFolderProblem(database: String, home: String, resolve: (String) -> String? = { _ in nil }) -> String? {
        guard let folder = syncFolderPath(home: home) else { return nil }
        let inside =
            Self.isInside(database, folder: folder)
            || Self.isInside(Self.resolvedFile(database, resolve), folder: resolve(folder) ?? folder)
        guard inside else { return nil }
        return "the database \(database) is inside sync-folder \(folder); a synced live database gets corrupted, "
            + "so move one of them (--db, COPYPASTA_DB or sync-folder)"
    }

    /// `path` with its directory canonicalized (the file itself may not exist yet).
    private static func resolvedFile(_ path: String, _ resolve: (String) -> String?) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return path }
        let directory = String(path[..<slash])
        return (resolve(directory) ?? directory) + path[slash...]
    }

    /// This machine's host name, or `localhost` when it has none.
    static var hostName: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "localhost" : name
    }

    private static func components(_ path: String) -> [Substring] {
        var out: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == ".." { _ = out.popLast() } else { out.append(part) }
        }
        return out
    }
}
