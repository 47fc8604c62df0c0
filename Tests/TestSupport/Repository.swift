/// The files of this repository that tests read: the fixtures, the man page, Package.swift.
public enum Repository {
    /// The repository's root directory, found from this file's own path.
    public static let root: String = {
        let file = #filePath
        return String(file[..<(file.firstRange(of: "/Tests/")?.lowerBound ?? file.endIndex)])
    }()

    /// The text of the file at `path` below the root; empty when it cannot be read.
    public static func text(_ path: String) -> String {
        String(decoding: Sandbox.read(root + "/" + path) ?? [], as: UTF8.self)
    }
}
