import Glibc

/// The process environment, read once.
enum Environment {
    /// The variables copypasta reads.
    static let values: [String: String] = {
        let names = [
            "HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_RUNTIME_DIR", "COPYPASTA_DB", "COPYPASTA_CONFIG",
            "COPYPASTA_RUNTIME_DIR", "COPYPASTA_LAUNCHER", "DISPLAY", "CM_DIR", "TMPDIR", "VISUAL", "EDITOR",
        ]
        var values: [String: String] = [:]
        for name in names {
            if let value = getenv(name) { values[name] = String(cString: value) }
        }
        return values
    }()

    /// The home directory: $HOME, else the password database.
    static var home: String {
        if let home = values["HOME"], !home.isEmpty { return home }
        if let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir { return String(cString: directory) }
        return "/"
    }
}
