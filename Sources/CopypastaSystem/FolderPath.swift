import Glibc

/// Lexical comparisons of absolute paths, for "is this file inside that folder", and the names
/// a directory holds.
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

    /// The names in `directory` other than `.` and `..`, in the directory's order; nil when it
    /// cannot be opened, `errno` saying why (the payload area and the sync folder each decide
    /// which reasons mean "none").
    public static func names(in directory: String) -> [String]? {
        guard let stream = opendir(directory) else { return nil }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
