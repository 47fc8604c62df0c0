/// Where browsers keep their profiles, for `import --from firefox|chromium` without a directory.
public enum BrowserProfiles {
    /// The folders that may hold Firefox's `profiles.ini`, under the home directory: the Debian
    /// package's, Flatpak's and Snap's.
    public static let firefoxRoots = [
        ".mozilla/firefox", ".var/app/org.mozilla.firefox/.mozilla/firefox", "snap/firefox/common/.mozilla/firefox",
    ]

    /// The Chromium family's configuration folders under `~/.config`, each with the tag its
    /// bookmarks get.
    public static let chromiumRoots: [(folder: String, browser: String)] = [
        ("chromium", "chromium"), ("google-chrome", "chrome"), ("BraveSoftware/Brave-Browser", "brave"),
        ("vivaldi", "vivaldi"), ("microsoft-edge", "edge"),
    ]

    /// The profile directories `profiles.ini` (the text `ini`, in folder `root`) names, the one
    /// Firefox starts with first: an `[Install…]` section's `Default=` (what current versions
    /// use), then the profile marked `Default=1`, then the others in file order.
    public static func firefoxProfiles(ini: String, root: String) -> [String] {
        var installs: [String] = []
        var marked: [String] = []
        var others: [String] = []
        for section in sections(ini) {
            if section.name.hasPrefix("Install"), let path = section.values["Default"] {
                installs.append(resolve(path, relative: true, root: root))
            } else if section.name.hasPrefix("Profile"), let path = section.values["Path"] {
                let full = resolve(path, relative: section.values["IsRelative"] != "0", root: root)
                if section.values["Default"] == "1" { marked.append(full) } else { others.append(full) }
            }
        }
        var seen: Set<String> = []
        return (installs + marked + others).filter { seen.insert($0).inserted }
    }

    /// The browser tag for a Chromium-family profile directory named on the command line, from
    /// the folder it sits in; `chromium` when the path says nothing.
    public static func chromiumBrowser(profile: String) -> String {
        chromiumRoots.first { profile.contains("/" + $0.folder + "/") }?.browser ?? "chromium"
    }

    private static func resolve(_ path: String, relative: Bool, root: String) -> String {
        relative && !path.hasPrefix("/") ? root + "/" + path : path
    }

    /// The sections of an INI text: `[Name]` then `key=value` lines; comments and junk skipped.
    private static func sections(_ ini: String) -> [(name: String, values: [String: String])] {
        var out: [(name: String, values: [String: String])] = []
        for raw in ini.split(whereSeparator: \.isNewline) {
            let line = raw.drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("["), let close = line.firstIndex(of: "]") {
                out.append((String(line[line.index(after: line.startIndex)..<close]), [:]))
            } else if let equals = line.firstIndex(of: "="), !out.isEmpty, !line.hasPrefix(";"), !line.hasPrefix("#") {
                let key = String(line[..<equals]).trimmingSpaces()
                out[out.count - 1].values[key] = String(line[line.index(after: equals)...]).trimmingSpaces()
            }
        }
        return out
    }
}

extension String {
    /// The text without spaces, tabs and carriage returns at its ends.
    fileprivate func trimmingSpaces() -> String {
        var view = Substring(self)
        while let first = view.first, first == " " || first == "\t" || first == "\r" { view.removeFirst() }
        while let last = view.last, last == " " || last == "\t" || last == "\r" { view.removeLast() }
        return String(view)
    }
}
