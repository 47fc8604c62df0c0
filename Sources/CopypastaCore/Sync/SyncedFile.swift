/// The file an entry carries, as its sync record names it (docs/DESIGN.md §14.3): where the
/// copy lives in the payload area (the random folder, which also names its blob in the sync
/// folder), its name, size and SHA-256, and whether its blob was written (`synced`: false when
/// the file is over the writer's `sync-max-file-size`, so it stays on that machine).
public struct SyncedFile: Sendable, Equatable, Hashable {
    /// The payload folder: a random UUID (`PayloadArea.newFolder`).
    public var folder: String
    /// The file's name inside the folder.
    public var name: String
    /// Its size in bytes.
    public var size: Int64
    /// Its SHA-256, 64 hexadecimal digits.
    public var digest: String
    /// Whether the writer put its blob in the sync folder.
    public var synced: Bool

    /// A file with every field given.
    public init(folder: String, name: String, size: Int64, digest: String, synced: Bool) {
        self.folder = folder
        self.name = name
        self.size = size
        self.digest = digest
        self.synced = synced
    }

    /// Why this file reference cannot be applied here, or nil: a folder that is no UUID or a name
    /// that would leave its folder is refused before anything is joined to a path.
    public var problem: String? {
        let hex = Set("0123456789abcdef".utf8)
        if folder.utf8.count != 36 || !folder.utf8.allSatisfy({ hex.contains($0) || $0 == UInt8(ascii: "-") }) {
            return "its file's folder is not a payload folder name"
        }
        if name.isEmpty || name == "." || name == ".." || name.contains("/") || name.contains("\0") {
            return "its file's name is not a plain file name"
        }
        if size < 0 || digest.utf8.count != 64 || !digest.utf8.allSatisfy(hex.contains) {
            return "its file's size or digest is malformed"
        }
        return nil
    }
}
