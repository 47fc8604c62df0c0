import CopypastaCore
import CopypastaSystem
import Glibc

/// A payload's bytes as they go into its sync blob, a slice at a time (docs/DESIGN.md §14.2): a
/// document's file as it is, or a link archive's folder as an `ArchivePack` streamed file by
/// file. It holds one open file and one member's header, never the payload.
public final class PayloadSource {
    private struct File {
        let path: String
        /// The member's name in the pack; nil for a document, whose bytes go out bare.
        let member: String?
        let size: Int64
    }

    private var files: [File]
    private var index = 0
    private var fd: Int32 = -1
    private var left: Int64 = 0
    private var pending: [UInt8]

    private init(files: [File], pending: [UInt8]) {
        self.files = files
        self.pending = pending
    }

    deinit {
        if fd >= 0 { close(fd) }
    }

    /// The file `name` of document folder `folder`, which must still be `size` bytes.
    public static func document(_ area: PayloadArea, folder: String, name: String, size: Int64) throws(PayloadError)
        -> PayloadSource
    {
        guard PayloadArea.isFolderName(folder) else { throw .badFolder(folder) }
        guard PayloadArea.isRelative(name) else { throw .badName(name) }
        return PayloadSource(
            files: [File(path: area.path(.documents, folder) + "/" + name, member: nil, size: size)], pending: [])
    }

    /// Link archive `folder` as a pack of its regular files (at most `limit` bytes together).
    public static func archive(_ area: PayloadArea, folder: String, limit: Int) throws(PayloadError) -> PayloadSource {
        guard PayloadArea.isFolderName(folder) else { throw .badFolder(folder) }
        // A folder gone since the record was read would pack as an empty archive.
        guard area.exists(.links, folder) else { throw .io(path: area.path(.links, folder), reason: "it is gone") }
        let members = area.archiveFiles(folder)
        let total = members.reduce(Int64(0)) { $0 + $1.size }
        guard total <= Int64(limit) else { throw .tooLarge(path: area.path(.links, folder), size: total, limit: Int64(limit)) }
        let base = area.path(.links, folder) + "/"
        return PayloadSource(
            files: members.map { File(path: base + $0.name, member: $0.name, size: $0.size) },
            pending: ArchivePack.header(count: members.count))
    }

    /// The next `count` bytes, fewer only at the end (none once everything was handed out). A
    /// file whose size changed since it was listed throws: the pack would not hold together.
    public func next(_ count: Int) throws(PayloadError) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(count)
        while out.count < count {
            if !pending.isEmpty {
                let taken = min(pending.count, count - out.count)
                out += pending.prefix(taken)
                pending.removeFirst(taken)
            } else if fd >= 0 {
                try read(into: &out, count: count)
            } else if index < files.count {
                try openNext()
            } else {
                break
            }
        }
        return out
    }

    private func openNext() throws(PayloadError) {
        let file = files[index]
        fd = open(file.path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { throw .io(path: file.path, reason: SystemError.describe(errno)) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int64(status.st_size) == file.size else {
            throw .io(path: file.path, reason: "its size changed since it was added")
        }
        left = file.size
        if let member = file.member { pending = ArchivePack.memberHeader(name: member, size: Int(file.size)) }
    }

    private func read(into out: inout [UInt8], count: Int) throws(PayloadError) {
        let path = files[index].path
        if left == 0 {
            close(fd)
            fd = -1
            index += 1
            return
        }
        let wanted = Int(min(Int64(count - out.count), left))
        var buffer = [UInt8](repeating: 0, count: wanted)
        let got = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, wanted) }
        if got < 0 && errno == EINTR { return }
        guard got > 0 else {
            throw .io(path: path, reason: got == 0 ? "its size changed since it was added" : SystemError.describe(errno))
        }
        out += buffer.prefix(got)
        left -= Int64(got)
    }
}
