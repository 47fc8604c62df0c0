import CopypastaCore
import CopypastaSystem
import Glibc

/// A payload written into this machine's payload area from its sync blob, a slice at a time
/// (docs/DESIGN.md §14.2): everything goes into a `.partial-` folder beside the real one, and
/// `finish` renames it into place once it is whole and checked, so a crash or a bad blob leaves
/// no half payload under the folder's name (the start-up sweep removes a left `.partial-`).
///
/// A document's file is checked against its size as it comes and against its SHA-256 at the
/// end; an archive's pack is decoded as it comes (`ArchivePack.Unpacker`: names, count, the
/// files' total under `limit` before any of a file's bytes are written).
public final class PayloadExtraction {
    private let area: PayloadArea
    private let kind: PayloadArea.Kind
    private let folder: String
    private let partial: String
    private let document: (name: String, size: Int64, digest: String)?
    private var unpacker: ArchivePack.Unpacker
    private var digest = SHA256Stream()
    private var written: Int64 = 0
    private var fd: Int32 = -1
    private var current = ""

    /// Starts extracting document `document` (its name, size and hex SHA-256) or, when nil, a
    /// link archive into `folder` of `kind`.
    public init(
        _ area: PayloadArea, kind: PayloadArea.Kind, folder: String, document: (name: String, size: Int64, digest: String)?,
        limit: Int
    ) throws(PayloadError) {
        guard PayloadArea.isFolderName(folder) else { throw .badFolder(folder) }
        if let document, !PayloadArea.isRelative(document.name) || document.name.contains("/") {
            throw .badName(document.name)
        }
        self.area = area
        self.kind = kind
        self.folder = folder
        self.document = document
        unpacker = ArchivePack.Unpacker(limit: limit)
        partial = area.directory(kind) + "/" + PayloadArea.partialPrefix + PayloadArea.newFolder()
        try made(partial)
        if let document { try start(document.name) }
    }

    deinit {
        abandon()
    }

    /// Writes the next bytes of the payload.
    public func consume(_ bytes: [UInt8]) throws(PayloadError) {
        guard let document else {
            for piece in try decoded(bytes) {
                switch piece {
                case let .start(name, _): try start(name)
                case let .bytes(body): try PayloadFile.writeAll(fd, Array(body), path: current)
                }
            }
            return
        }
        guard written + Int64(bytes.count) <= document.size else {
            throw .tooLarge(path: current, size: written + Int64(bytes.count), limit: document.size)
        }
        written += Int64(bytes.count)
        digest.update(bytes[...])
        try PayloadFile.writeAll(fd, bytes, path: current)
        // Each slice reaches the disk in its own turn, so the last one's sync is short.
        guard fdatasync(fd) == 0 else { throw .io(path: current, reason: SystemError.describe(errno)) }
    }

    /// Checks that the payload is whole (and a document's digest), syncs it and renames it into
    /// place; throws, leaving nothing, when it is not.
    public func finish() throws(PayloadError) {
        if let document {
            guard written == document.size, Sodium.hex(digest.finish()) == document.digest else {
                throw .io(path: current, reason: "it does not match its size and digest")
            }
        } else {
            do {
                try unpacker.finish()
            } catch {
                throw .io(path: partial, reason: "\(error)")
            }
        }
        try closeCurrent()
        try PayloadFile.syncDirectory(partial)
        let target = area.path(kind, folder)
        guard rename(partial, target) == 0 else { throw .io(path: target, reason: SystemError.describe(errno)) }
        try PayloadFile.syncDirectory(area.directory(kind))
    }

    /// Stops and removes what was written (nothing happens after `finish`).
    public func abandon() {
        if fd >= 0 { close(fd) }
        fd = -1
        try? PayloadFile.removeTree(partial)
    }

    private func decoded(_ bytes: [UInt8]) throws(PayloadError) -> [ArchivePack.Piece] {
        do {
            return try unpacker.feed(bytes[...])
        } catch {
            throw .io(path: partial, reason: "\(error)")
        }
    }

    /// Ends the file being written (synced) and creates `name` (0600, its directories 0700).
    private func start(_ name: String) throws(PayloadError) {
        try closeCurrent()
        current = partial + "/" + name
        try made(String(current[..<(current.lastIndex(of: "/") ?? current.endIndex)]))
        fd = open(current, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw .cannotCreate(path: current, reason: SystemError.describe(errno)) }
    }

    private func closeCurrent() throws(PayloadError) {
        guard fd >= 0 else { return }
        defer {
            close(fd)
            fd = -1
        }
        try PayloadFile.sync(fd, path: current)
    }

    private func made(_ directory: String) throws(PayloadError) {
        do {
            try PrivateDirectory.create(directory)
        } catch {
            throw .cannotCreate(path: directory, reason: error.description)
        }
    }
}
