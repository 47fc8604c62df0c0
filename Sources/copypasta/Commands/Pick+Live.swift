import CopypastaCore

extension Copypasta.Pick {
    /// True when `argv` runs fzf, which `pick` then drives as a live search.
    static func isFzf(_ argv: [String]) -> Bool {
        guard let program = argv.first else { return false }
        return program == "fzf" || program.hasSuffix("/fzf")
    }

    /// fzf's command line for a live search over the whole history: fzf does not filter
    /// (`--disabled`); each change of its query reloads the list from `pick --list QUERY` (the
    /// same candidates, the same filters), and the preview beside it shows the chosen entry in
    /// full (`show ID`). fzf runs both through `$SHELL -c`, so every word of ours is single-quoted
    /// and the query reaches them only through fzf's `{q}`, which fzf quotes itself.
    func liveFzf(_ argv: [String], executable: String) -> [String] {
        var list = [executable, "pick", "--list", "--limit", String(limit)] + globalArguments
        if pinned { list.append("--pinned") }
        if let tag { list += ["--tag", tag] }
        if let collection { list += ["--collection", collection] }
        if let kind { list += ["--kind", kind.rawValue] }
        if snippets { list.append("--snippets") }
        if output.null { list.append("--null") }
        let reload = (list + ["--"]).map(Self.shellQuoted).joined(separator: " ") + " {q} 2>/dev/null"
        let preview = ([executable, "show"] + globalArguments).map(Self.shellQuoted).joined(separator: " ") + " {1}"
        var live = argv + ["--disabled", "--no-sort", "--bind", "change:reload:" + reload, "--preview", preview]
        live += ["--preview-window", "right,50%,wrap", "--query", query.joined(separator: " ")]
        if !argv.contains(where: { $0.hasPrefix("--with-nth") }) { live += ["--delimiter=\t", "--with-nth=2.."] }
        if !argv.contains(where: { $0.hasPrefix("--prompt") }) { live.append("--prompt=copypasta> ") }
        if output.null, !argv.contains("--read0") { live.append("--read0") }
        return live
    }

    /// --db and --config as given, for the commands fzf runs.
    private var globalArguments: [String] {
        (global.db.map { ["--db", $0] } ?? []) + (global.config.map { ["--config", $0] } ?? [])
    }

    /// `word` as one word of a POSIX shell: in single quotes, each of its own written `'\''`.
    static func shellQuoted(_ word: String) -> String {
        "'" + word.replacing("'", with: "'\\''") + "'"
    }
}
