import CSystem
import Glibc

/// inotify on the sync folder, for the daemon's poll loop (docs/DESIGN.md §14.5).
///
/// Watches the root (the marker and `devices/` appearing), `devices/` (device directories
/// appearing) and every device directory (files renamed into place, written or created). The
/// daemon polls `fd` with its other descriptors and calls `drain` when it is readable: no
/// thread, no timer, no wake-up while nothing changes. A file-sync engine writes a temporary
/// file and renames it, so a new file shows as `IN_MOVED_TO`; its temporary files are not
/// reported. Directories that appear get their watch at once and ask for a rescan, since files
/// may have landed in them before the watch existed.
///
/// A watch sits on an inode: when a file system is mounted over the folder (or the folder is
/// unmounted), the kernel says nothing on the old watches. So `fd` is an epoll descriptor over
/// the inotify descriptor and `/proc/self/mountinfo`, which signals every change of the mount
/// table; the watcher then compares the folder's device and inode with the watched ones and
/// starts over when they differ. Still no wake-up while nothing is mounted or changed.
public final class FolderWatcher {
    /// The descriptor to poll for input (epoll, close-on-exec); then call `drain`.
    public let fd: Int32
    /// The watched folder.
    public let root: String
    private let inotify: Int32
    private let mounts: Int32
    private var directories: [Int32: String] = [:]
    /// The watched device directories by path: `watchAll` asks it once per name (a scan of
    /// `directories` per name made 20,000 junk directories cost the loop seconds per event).
    private var watched: Set<String> = []
    private var rootWatch: Int32 = -1
    private var devicesWatch: Int32 = -1
    private var rootIdentity: (dev_t, ino_t)?

    private static let fileEvents = UInt32(IN_MOVED_TO | IN_CLOSE_WRITE | IN_CREATE)
    private static let selfEvents = UInt32(IN_DELETE_SELF | IN_MOVE_SELF)

    /// Starts watching `root`; a missing root or `devices/` is fine (see `watchAll`).
    public init(root: String) throws(SyncError) {
        let inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard inotify >= 0 else { throw SyncError.system(errno, path: root) }
        let fd = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard fd >= 0 else {
            let code = errno
            close(inotify)
            throw SyncError.system(code, path: root)
        }
        self.inotify = inotify
        self.fd = fd
        mounts = open("/proc/self/mountinfo", O_RDONLY | O_CLOEXEC)
        self.root = SyncFolder(root: root).root
        Self.register(inotify, EPOLLIN.rawValue, in: fd)
        if mounts >= 0 { Self.register(mounts, EPOLLPRI.rawValue | EPOLLERR.rawValue, in: fd) }
        watchAll()
    }

    deinit {
        close(fd)
        close(inotify)
        if mounts >= 0 { close(mounts) }
    }

    /// Adds the watches that are missing: the root, `devices/` and every device directory. Call it
    /// when the daemon lists the folder again (start, `.rescan`, resume): a folder that was not
    /// mounted at start is picked up then.
    ///
    /// Only names that are device ids are watched, and never through a symbolic link: anyone who
    /// can write into the folder can make any number of directories (or links to `/`) there.
    public func watchAll() {
        if rootWatch < 0 {
            rootWatch = add(root, Self.selfEvents | UInt32(IN_CREATE | IN_MOVED_TO | IN_CLOSE_WRITE))
            rootIdentity = rootWatch >= 0 ? Self.identity(root) : nil
        }
        guard rootWatch >= 0 else { return }
        let devices = root + "/devices"
        if devicesWatch < 0 { devicesWatch = add(devices, Self.selfEvents | UInt32(IN_CREATE | IN_MOVED_TO | IN_ONLYDIR)) }
        guard devicesWatch >= 0, let names = try? FileIO.list(devices) else { return }
        for name in names where DeviceIdentity.isValidID(name) && !watched.contains(devices + "/" + name) {
            let watch = add(devices + "/" + name, Self.selfEvents | Self.fileEvents | UInt32(IN_ONLYDIR | IN_DONT_FOLLOW))
            if watch >= 0 { watched.insert(devices + "/" + name) }
        }
    }

    /// Reads every pending event and says what changed; `.files([])` when nothing that matters did.
    public func drain() -> FolderChange {
        // A change of the mount table wakes the poll loop but cannot be asked about afterwards (the
        // poll of the epoll descriptor already took the one report), so every drain compares the
        // folder's identity: one stat.
        var rescan = rootReplaced()
        var paths: [String] = []
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = read(inotify, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            var offset = 0
            while offset + 16 <= count {
                let event = buffer.withUnsafeBytes { Event(raw: $0, at: offset) }
                offset += 16 + Int(event.length)
                handle(event, rescan: &rescan, paths: &paths)
            }
        }
        if rescan { watchAll() }
        return rescan ? .rescan : .files(paths)
    }

    private func handle(_ event: Event, rescan: inout Bool, paths: inout [String]) {
        if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
            rescan = true
            return
        }
        if event.mask & UInt32(IN_IGNORED) != 0 {
            forget(event.watch)
            rescan = rescan || event.watch == rootWatch || event.watch == devicesWatch
            return
        }
        if event.mask & Self.selfEvents != 0 {
            // A moved directory keeps its watch under its new name: drop it, so watchAll adds the path again.
            inotify_rm_watch(inotify, event.watch)
            forget(event.watch)
            rescan = true
            return
        }
        guard let directory = directories[event.watch], !event.name.isEmpty else { return }
        if event.mask & UInt32(IN_ISDIR) != 0 {
            // A directory in `devices/` whose name is no device id is never read: no rescan.
            rescan =
                rescan || (event.watch == devicesWatch && DeviceIdentity.isValidID(event.name))
                || (event.watch == rootWatch && event.name == "devices")
        } else if event.watch == rootWatch {
            rescan = rescan || event.name == SyncFolder.markerName
        } else if event.watch != devicesWatch && Self.isLayoutName(event.name) {
            let path = directory + "/" + event.name
            if !paths.contains(path) { paths.append(path) }
        }
    }

    /// Whether the folder is now another directory than the watched one (mounted over, unmounted,
    /// replaced); then every watch is dropped, for `watchAll` to start over.
    private func rootReplaced() -> Bool {
        let now = Self.identity(root)
        guard now?.0 != rootIdentity?.0 || now?.1 != rootIdentity?.1 else { return false }
        for watch in directories.keys { inotify_rm_watch(inotify, watch) }
        directories = [:]
        watched = []
        rootWatch = -1
        devicesWatch = -1
        rootIdentity = nil
        return true
    }

    private static func identity(_ path: String) -> (dev_t, ino_t)? {
        var stats = stat()
        return stat(path, &stats) == 0 ? (stats.st_dev, stats.st_ino) : nil
    }

    private static func register(_ descriptor: Int32, _ events: UInt32, in epoll: Int32) {
        var event = epoll_event()
        event.events = events
        event.data.fd = descriptor
        epoll_ctl(epoll, EPOLL_CTL_ADD, descriptor, &event)
    }

    private func add(_ path: String, _ mask: UInt32) -> Int32 {
        let watch = inotify_add_watch(inotify, path, mask)
        if watch >= 0 { directories[watch] = path }
        return watch
    }

    private func forget(_ watch: Int32) {
        if let path = directories[watch] { watched.remove(path) }
        directories[watch] = nil
        if watch == rootWatch { rootWatch = -1 }
        if watch == devicesWatch { devicesWatch = -1 }
    }

    /// Names of the layout worth a listing: segments, packs, `device.json`, `removed.json` and key
    /// boxes. Temporary files (ours, Syncthing's) are still being written, and other names are junk
    /// the next listing logs: creating them costs the daemon nothing.
    private static func isLayoutName(_ name: String) -> Bool {
        SyncFile.parse(name: name) != nil || (SyncFolder.isKnown(name) && !name.hasPrefix(SyncFolder.temporaryPrefix))
    }

    /// One `struct inotify_event`: wd, mask, cookie, len, then `len` bytes of NUL-padded name.
    private struct Event {
        var watch: Int32
        var mask: UInt32
        var length: UInt32
        var name: String

        init(raw: UnsafeRawBufferPointer, at offset: Int) {
            watch = raw.loadUnaligned(fromByteOffset: offset, as: Int32.self)
            mask = raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
            length = raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)
            let start = offset + 16
            let end = min(start + Int(length), raw.count)
            name = String(decoding: raw[start..<end].prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}

/// What a `FolderWatcher` saw since the last drain.
public enum FolderChange: Equatable, Sendable {
    /// These files (absolute paths) were created, finished or renamed into place; may be empty.
    case files([String])
    /// List the whole folder again: the kernel's queue overflowed, a directory appeared (its files
    /// may have arrived before its watch), or the folder itself went away or came back.
    case rescan
}
