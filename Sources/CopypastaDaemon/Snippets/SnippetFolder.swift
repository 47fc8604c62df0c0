import CopypastaCore
import CopypastaStore
import Glibc
import Logging

/// Keeps the snippets of `snippet-dir` in step with its files (docs/DESIGN.md "Snippets as
/// files"): a poll source for the watcher's descriptor and a sliced job that checks the paths
/// the watcher or a listing named, `sliceSize` files per slice, so a folder of 10,000 files
/// never holds the loop for long.
///
/// A file's snippet is titled with its name without a `.txt` or `.md` extension; each folder on
/// its path adds a `collection:NAME` tag. A file that is empty, not UTF-8, over `max-bytes` or
/// whose name is no valid title is skipped with one log line.
final class SnippetFolder: PollSource, SlicedJob {
    /// The directory, `~` expanded.
    let root: String
    private let watcher: SnippetWatcher
    private let store: HistoryStore
    private let slices: SlicedWork
    private let logger: Logger
    /// The largest file read, `max-bytes`.
    var maxBytes: Int
    private var pending: [String] = []
    private var queued: Set<String> = []
    /// Whether the job is in the loop's queue of sliced work (or running a slice).
    private var scheduled = false
    /// Files skipped, with the stamp they had: an unchanged one is not read or logged again.
    private var skipped: [String: String] = [:]
    /// Files whose title another entry held: checked again when a file snippet goes away.
    private var titleTaken: Set<String> = []

    /// Files checked per slice.
    static let sliceSize = 32

    /// A folder of `root` watched at once; nil (logged) when inotify is unavailable.
    init?(root: String, store: HistoryStore, slices: SlicedWork, maxBytes: Int, logger: Logger) {
        guard let watcher = SnippetWatcher(root: root) else {
            logger.error("snippet-dir \(root) not watched: \(String(cString: strerror(errno)))")
            return nil
        }
        self.watcher = watcher
        self.root = watcher.root
        self.store = store
        self.slices = slices
        self.maxBytes = maxBytes
        self.logger = logger
    }

    /// Lists the tree and queues every file and every linked path: files changed, added or
    /// removed while nothing watched (the daemon down, another directory configured) are caught up.
    func reconcile() {
        let files = watcher.list()
        let present = Set(files)
        // Paths that lost their file first: a renamed file's title is free before its new path is read.
        let gone = ((try? store.snippetFilePaths()) ?? []).filter { !present.contains($0) }
        enqueue(gone + files)
    }

    var pollDescriptors: [pollfd] { [pollfd(fd: watcher.fd, events: Int16(POLLIN), revents: 0)] }

    func handle(fd: Int32, events: Int16) {
        let (paths, relist) = watcher.drain()
        if relist { reconcile() } else { enqueue(paths) }
    }

    var nextDeadline: Double? { nil }

    func expire(now: Double) {}

    func runSlice() -> Bool {
        let slice = pending.prefix(Self.sliceSize)
        pending.removeFirst(slice.count)
        for path in slice {
            queued.remove(path)
            check(path)
        }
        scheduled = !pending.isEmpty
        return !scheduled
    }

    private func enqueue(_ paths: [String]) {
        for path in paths where queued.insert(path).inserted { pending.append(path) }
        // While a slice runs the job is out of the queue; `runSlice` then says whether it goes back.
        if !scheduled && !pending.isEmpty {
            scheduled = true
            slices.add(self)
        }
    }

    /// Brings the snippet of one path in line with its file: stored, replaced, skipped or trashed.
    private func check(_ path: String) {
        var stats = stat()
        let isFile = lstat(root + "/" + path, &stats) == 0 && stats.st_mode & S_IFMT == S_IFREG
        let stamp = "\(stats.st_size):\(stats.st_mtim.tv_sec).\(stats.st_mtim.tv_nsec):\(stats.st_ino)"
        titleTaken.remove(path)
        do {
            guard isFile else {
                skipped[path] = nil
                try remove(path)
                return
            }
            guard skipped[path] != stamp, try store.snippetFileStamp(path: path) != stamp else { return }
            skipped[path] = nil
            let (title, tags) = Self.titleAndTags(path)
            let problem = SnippetTitle.problem(title)
            guard problem == nil, let text = read(path, size: Int(stats.st_size)) else {
                if let problem { logger.info("snippet file \(path) skipped: \(problem)") }
                skipped[path] = stamp
                try remove(path)
                return
            }
            let id = try store.storeSnippetFile(path: path, stamp: stamp, text: text, title: title, tags: tags, at: .now())
            logger.info("snippet file \(path) stored as @\(title) (entry \(id))")
        } catch StoreError.refused(.titleTaken(let title, let other)) {
            logger.info("snippet file \(path) skipped: the title \(title) is entry \(other)'s")
            titleTaken.insert(path)
        } catch {
            logger.error("snippet file \(path) skipped: \(error)")
        }
    }

    /// Trashes the snippet of a file that is gone (or no longer a snippet); the files that
    /// wanted its title are checked again.
    private func remove(_ path: String) throws {
        guard let id = try store.removeSnippetFile(path: path, at: .now()) else { return }
        logger.info("snippet file \(path) is gone: entry \(id) moved to the trash")
        enqueue(Array(titleTaken))
    }

    /// The file's text, or nil (logged) when it is empty, over `max-bytes` or not UTF-8.
    private func read(_ path: String, size: Int) -> String? {
        guard size <= maxBytes else {
            logger.info("snippet file \(path) skipped: \(size) bytes, over max-bytes (\(maxBytes))")
            return nil
        }
        let descriptor = open(root + "/" + path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: min(size, maxBytes) + 1)
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes {
                Glibc.read(descriptor, $0.baseAddress.map { $0 + filled }, $0.count - filled)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            filled += count
        }
        guard filled > 0 else { return nil }
        guard filled <= min(size, maxBytes) else {
            logger.info("snippet file \(path) skipped: it grew while read")
            return nil
        }
        guard let text = String(validating: bytes[..<filled], as: UTF8.self) else {
            logger.info("snippet file \(path) skipped: not UTF-8")
            return nil
        }
        return text
    }

    /// `a/b/name.txt` is `@name` in collections `a` and `b`.
    static func titleAndTags(_ path: String) -> (title: String, tags: [String]) {
        var parts = path.split(separator: "/").map(String.init)
        var title = parts.popLast() ?? path
        for suffix in [".txt", ".md"] where title.count > suffix.count && title.lowercased().hasSuffix(suffix) {
            title.removeLast(suffix.count)
        }
        return (title, parts.map(CollectionTag.tag))
    }
}
