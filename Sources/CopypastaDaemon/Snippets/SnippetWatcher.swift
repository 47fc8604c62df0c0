import Glibc

/// inotify over `snippet-dir` and each of its subdirectories, for the daemon's poll loop (the
/// shape of the sync folder's watcher, Sources/CopypastaSync/FolderWatcher.swift): no thread, no
/// timer, no wake-up while no file changes.
///
/// Names starting with `.` or ending with `~` are never snippets (editors' swap and backup
/// files, temporary files renamed into place), and symbolic links are neither followed nor
/// read: the tree is what lies inside the directory.
final class SnippetWatcher {
    /// The inotify descriptor (non-blocking, close-on-exec); poll it, then call `drain`.
    let fd: Int32
    /// The watched directory, without a trailing slash.
    let root: String
    /// Watched directories by watch, as paths relative to `root` ("" for the root).
    private var directories: [Int32: String] = [:]
    private var watched: Set<String> = []

    private static let mask = UInt32(
        IN_CREATE | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF
            | IN_ONLYDIR | IN_DONT_FOLLOW)

    /// A watcher of `root` with no watch yet (`list` adds them); nil when inotify is unavailable
    /// (`errno` says why).
    init?(root: String) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        self.fd = fd
        self.root = Self.trimmed(root)
    }

    /// `path` without trailing slashes, as `root` holds it.
    static func trimmed(_ path: String) -> String {
        var trimmed = path
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        return trimmed
    }

    deinit { close(fd) }

    /// Whether a file or directory name can be part of the snippet tree.
    static func isSnippetName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && !name.hasSuffix("~")
    }

    /// Lists the tree: adds a watch on every directory that has none and returns the relative
    /// paths of its regular files. A missing root lists nothing.
    func list() -> [String] {
        var files: [String] = []
        var pending = [""]
        while let relative = pending.popLast() {
            let path = relative.isEmpty ? root : root + "/" + relative
            if !watched.contains(relative) {
                let watch = inotify_add_watch(fd, path, Self.mask)
                guard watch >= 0 else { continue }
                directories[watch] = relative
                watched.insert(relative)
            }
            guard let directory = opendir(path) else { continue }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                guard Self.isSnippetName(name) else { continue }
                let child = relative.isEmpty ? name : relative + "/" + name
                var stats = stat()
                guard lstat(root + "/" + child, &stats) == 0 else { continue }
                if stats.st_mode & S_IFMT == S_IFDIR {
                    pending.append(child)
                } else if stats.st_mode & S_IFMT == S_IFREG {
                    files.append(child)
                }
            }
        }
        return files
    }

    /// Reads every pending event: the relative paths of files that may have changed, and whether
    /// the tree must be listed again (a directory appeared, moved or went away; the queue overflowed).
    func drain() -> (paths: [String], relist: Bool) {
        var paths: [String] = []
        var seen: Set<String> = []
        var relist = false
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            var offset = 0
            while offset + 16 <= count {
                let (watch, mask, name, length) = buffer.withUnsafeBytes { raw in
                    let length = Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    let end = min(offset + 16 + length, raw.count)
                    let name = String(decoding: raw[(offset + 16)..<end].prefix { $0 != 0 }, as: UTF8.self)
                    return (
                        raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                        raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self), name, length
                    )
                }
                offset += 16 + length
                if mask & UInt32(IN_Q_OVERFLOW) != 0 { relist = true }
                if mask & UInt32(IN_IGNORED) != 0, let relative = directories.removeValue(forKey: watch) {
                    watched.remove(relative)
                    relist = true
                }
                if mask & UInt32(IN_MOVE_SELF | IN_DELETE_SELF) != 0, let relative = directories.removeValue(forKey: watch) {
                    // A moved directory keeps its watch under its new name: drop it, the relisting adds it again.
                    inotify_rm_watch(fd, watch)
                    watched.remove(relative)
                    relist = true
                }
                guard let directory = directories[watch], Self.isSnippetName(name) else { continue }
                let path = directory.isEmpty ? name : directory + "/" + name
                if mask & UInt32(IN_ISDIR) != 0 {
                    relist = true
                } else if seen.insert(path).inserted {
                    paths.append(path)
                }
            }
        }
        return (paths, relist)
    }
}
