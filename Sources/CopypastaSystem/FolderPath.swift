/// Lexical comparisons of absolute paths, for "is this file inside that folder".
public enum FolderPath {
    /// The components of `path` without empty ones, `.` and with `..` applied.
    public static func components(_ path: String) -> [Substring] {
        var out: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == ".." { _ = out.popLast() } else { out.append(part) }
        }
        return out
    }

    /// Whether `path` is `folder` or lies inside it.
    public static func contains(_ folder: String, _ path: String) -> Bool {
        let inner = components(path), outer = components(folder)
        return inner.count >= outer.count && Array(inner.prefix(outer.count)) == outer
    }

    /// Whether the two paths name the same directory.
    public static func same(_ first: String, _ second: String) -> Bool {
        components(first) == components(second)
    }
}
