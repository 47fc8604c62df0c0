import CopypastaCore
import CopypastaSystem
import Glibc

/// The files library items carry, under the directory that holds the database
/// (docs/DESIGN.md "The library"):
///
///     links/<folder>/page.html, reader.html, assets/…   a link's archive
///     documents/<folder>/<name>                          a document or an attached file
///
/// Each folder is a random UUID, so a name never says what an item is, and two items never
/// share one. Directories are 0700 and files 0600, like the database. The database is the
/// truth: a row names its folder, and a folder no row names is an orphan that a sweep removes
/// (`HistoryStore.sweepReleasedPayloads`).
public struct PayloadArea: Sendable, Equatable {
    /// The two kinds of payload folder.
    public enum Kind: String, Sendable, CaseIterable {
        /// Link archives (`entry_link.folder`).
        case links
        /// Documents and attached files (`entry_file.folder`).
        case documents
    }

    /// The data directory: the database's directory.
    public let root: String

    /// The area under `root`.
    public init(root: String) {
        self.root = root
    }

    /// The area beside the database at `databasePath`: its directory, as `Paths.dataDirectory`.
    public init(databasePath: String) {
        guard let slash = databasePath.lastIndex(of: "/") else {
            root = "."
            return
        }
        root = slash == databasePath.startIndex ? "/" : String(databasePath[..<slash])
    }

    /// A new folder name: a random (version 4) UUID in lower case.
    public static func newFolder() -> String {
        var bytes = Sodium.random(16)
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        let hex = Array(Sodium.hex(bytes))
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(hex[$0]) }.joined(separator: "-")
    }

    /// Whether `folder` is a name `newFolder` could have made: nothing else is ever joined to a
    /// path, so a damaged row cannot name `..` or an absolute path.
    public static func isFolderName(_ folder: String) -> Bool {
        let allowed = Set("0123456789abcdef-".utf8)
        return folder.utf8.count == 36 && folder.utf8.allSatisfy(allowed.contains)
    }

    /// The directory of one kind (`<root>/links`).
    public func directory(_ kind: Kind) -> String {
        root + "/" + kind.rawValue
    }

    /// The path of a folder (`<root>/links/<folder>`).
    public func path(_ kind: Kind, _ folder: String) -> String {
        directory(kind) + "/" + folder
    }

    /// Whether the folder exists as a directory.
    public func exists(_ kind: Kind, _ folder: String) -> Bool {
        var status = stat()
        return stat(path(kind, folder), &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// Creates the folder (and the kind's directory) with mode 0700; returns its path. An
    /// existing folder is fine.
    @discardableResult
    public func create(_ kind: Kind, _ folder: String) throws(PayloadError) -> String {
        guard Self.isFolderName(folder) else { throw .badFolder(folder) }
        let folderPath = path(kind, folder)
        do {
            try PrivateDirectory.create(folderPath)
        } catch let .cannotCreate(failed, reason) {
            throw .cannotCreate(path: failed, reason: reason)
        } catch {
            throw .cannotCreate(path: folderPath, reason: error.description)
        }
        return folderPath
    }

    /// Writes `bytes` to `relative` (`page.html`, `assets/3f2a.png`) inside the folder, atomically:
    /// a temporary name in the same directory, written and fsynced, then renamed over the final
    /// name, and the directory fsynced. A reader sees the old file or the whole new one, never
    /// part of one. Missing directories are made (0700); the file is 0600.
    public func write(_ bytes: [UInt8], to relative: String, kind: Kind, folder: String) throws(PayloadError) {
        guard Self.isRelative(relative) else { throw .badName(relative) }
        let target = try create(kind, folder) + "/" + relative
        let directory = String(target[..<(target.lastIndex(of: "/") ?? target.endIndex)])
        do {
            try PrivateDirectory.create(directory)
        } catch {
            throw .cannotCreate(path: directory, reason: error.description)
        }
        let temporary = directory + "/.partial-" + Self.newFolder()
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .cannotCreate(path: temporary, reason: SystemError.describe(errno)) }
        var failure: PayloadError?
        do throws(PayloadError) {
            try PayloadFile.writeAll(fd, bytes, path: target)
            try PayloadFile.sync(fd, path: target)
        } catch {
            failure = error
        }
        close(fd)
        if failure == nil, rename(temporary, target) != 0 { failure = .io(path: target, reason: SystemError.describe(errno)) }
        if let failure {
            unlink(temporary)
            throw failure
        }
        try PayloadFile.syncDirectory(directory)
    }

    /// Removes the folder and everything in it; a folder that is already gone is fine.
    public func remove(_ kind: Kind, _ folder: String) throws(PayloadError) {
        guard Self.isFolderName(folder) else { throw .badFolder(folder) }
        try PayloadFile.removeTree(path(kind, folder))
    }

    /// Whether `relative` stays inside a folder: non-empty components, none of them `.` or `..`.
    static func isRelative(_ relative: String) -> Bool {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\0") }
    }
}
