import CSQLite
import CopypastaCore
import CopypastaSystem
import Glibc

/// Firefox's bookmarks, read from a consistent copy of the profile's `places.sqlite`
/// (`import --from firefox`, docs/DESIGN.md "Bookmark import").
///
/// A running Firefox holds the database locked, and its newest changes live in the write-ahead
/// log. So `places.sqlite` and `places.sqlite-wal` are copied into a private temporary
/// directory (0700), the copy checked to be unchanged across the copy (else copied again), and
/// the copy opened read-only: SQLite replays the log into what it reads, and Firefox's files
/// are never opened by SQLite at all.
///
/// The tables (Firefox's nsPlacesTables.h): `moz_bookmarks(id, type, fk, parent, title,
/// dateAdded, guid, …)`, type 1 a bookmark, 2 a folder; `fk` is `moz_places.id`, whose `url`
/// is the address; times are microseconds since the Unix epoch. Folders hang from the root
/// `root________` through the roots `menu________`, `toolbar_____`, `unfiled_____`,
/// `mobile______` and `tags________`; a folder under the tags root is a tag, and its children
/// name the places that carry it (they are not bookmarks of their own).
public enum FirefoxPlaces {
    /// How often the copy is tried when Firefox writes during it.
    static let attempts = 3

    /// The bookmarks of the profile directory `profile`, in the order they were added.
    public static func bookmarks(profile: String) throws(StoreError) -> [Bookmark] {
        let source = profile + "/places.sqlite"
        var template = Array((temporaryDirectory() + "/copypasta-places-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw .cannotCreate(path: temporaryDirectory(), reason: SystemError.describe(errno))
        }
        let directory = String(cString: made)
        defer { removeCopy(directory) }
        try copyConsistently(source, into: directory)
        return try readCopy(directory + "/places.sqlite", source: source)
    }

    private static func temporaryDirectory() -> String {
        guard let value = getenv("TMPDIR"), value.pointee != 0 else { return "/tmp" }
        return String(cString: value)
    }

    /// Copies the database and its log until both are the same before and after the copy.
    private static func copyConsistently(_ source: String, into directory: String) throws(StoreError) {
        for _ in 0..<attempts {
            guard let before = stamp(source) else {
                throw .noDatabase(path: source)
            }
            let logBefore = stamp(source + "-wal")
            try copy(source, to: directory + "/places.sqlite")
            if logBefore != nil { try copy(source + "-wal", to: directory + "/places.sqlite-wal") }
            if stamp(source) == before && stamp(source + "-wal") == logBefore { return }
        }
        throw .busy(path: source)
    }

    /// Size and modification time of `path`, or nil when it is missing.
    private static func stamp(_ path: String) -> [Int]? {
        var stats = stat()
        guard stat(path, &stats) == 0 else { return nil }
        return [Int(stats.st_size), Int(stats.st_mtim.tv_sec), Int(stats.st_mtim.tv_nsec), Int(stats.st_ino)]
    }

    private static func copy(_ source: String, to target: String) throws(StoreError) {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw .io(path: source, reason: SystemError.describe(errno)) }
        defer { close(input) }
        let output = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard output >= 0 else { throw .io(path: target, reason: SystemError.describe(errno)) }
        defer { close(output) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(input, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw .io(path: source, reason: SystemError.describe(errno)) }
            if count == 0 { return }
            var written = 0
            while written < count {
                let step = buffer.withUnsafeBytes { write(output, $0.baseAddress.map { $0 + written }, count - written) }
                if step < 0 && errno == EINTR { continue }
                guard step > 0 else { throw .io(path: target, reason: SystemError.describe(errno)) }
                written += step
            }
        }
    }

    private static func removeCopy(_ directory: String) {
        for name in ["places.sqlite", "places.sqlite-wal", "places.sqlite-shm"] { unlink(directory + "/" + name) }
        rmdir(directory)
    }
}
