import Glibc

/// What tells one version of a file from the next: its inode, size and change time.
struct FileStamp: Equatable {
    let inode: UInt
    let size: Int
    let changed: timespec

    /// The stamp of the file at `path`; nil when it cannot be read.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        inode = UInt(info.st_ino)
        size = Int(info.st_size)
        changed = info.st_ctim
    }

    static func == (lhs: FileStamp, rhs: FileStamp) -> Bool {
        lhs.inode == rhs.inode && lhs.size == rhs.size && lhs.changed.tv_sec == rhs.changed.tv_sec
            && lhs.changed.tv_nsec == rhs.changed.tv_nsec
    }
}
