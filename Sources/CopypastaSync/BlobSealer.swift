import CSodium
import CopypastaCore
import Glibc

/// Writes a payload blob a slice at a time (docs/DESIGN.md §14.2, "Blob format"):
///
///     CPB2 (4) | device id (26) | payload folder (36) | secretstream header (24)
///     then per slice: XChaCha20-Poly1305 secretstream message (plaintext + 17 bytes)
///
/// Every slice but the last holds exactly `SyncFolder.blobSlice` bytes of plaintext; the last
/// holds fewer (perhaps none) and carries the stream's final tag. Each message has the first 66
/// bytes as associated data, so a blob renamed to another item or device fails to open; the
/// stream binds the slices' order and marks the last one, so a reordered, truncated or spliced
/// blob fails too. The bytes go to a temporary name (`.cp-tmp-<folder>-…`, which the listing,
/// the watcher and file-sync engines ignore and the writer's start-up removes) and are renamed
/// to `b-<folder>.cps` by `commit` once the last slice is synced: a blob under its real name is
/// always whole.
public final class BlobSealer {
    private var fd: Int32
    private let directory: String
    private let name: String
    private let temporary: String
    private let header: [UInt8]
    private var state = crypto_secretstream_xchacha20poly1305_state()
    private var finished = false

    init(directory: String, name: String, temporary: String, header: [UInt8], key: SyncKey) throws(SyncError) {
        self.directory = directory
        self.name = name
        self.temporary = directory + "/" + temporary
        self.header = header
        fd = open(self.temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw SyncError.system(errno, path: directory + "/" + name) }
        var stream = [UInt8](repeating: 0, count: crypto_secretstream_xchacha20poly1305_headerbytes())
        key.sealing.withBytes { secret in
            guard let secret = secret.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
            _ = crypto_secretstream_xchacha20poly1305_init_push(&state, &stream, secret)
        }
        try put(header + stream)
    }

    deinit {
        abandon()
    }

    /// Seals the next slice: exactly `SyncFolder.blobSlice` bytes, or fewer when it is the last.
    public func append(_ slice: [UInt8], last: Bool) throws(SyncError) {
        precondition(!finished && (last ? slice.count <= SyncFolder.blobSlice : slice.count == SyncFolder.blobSlice))
        var sealed = [UInt8](repeating: 0, count: slice.count + crypto_secretstream_xchacha20poly1305_abytes())
        let tag = last ? crypto_secretstream_xchacha20poly1305_tag_final() : 0
        _ = crypto_secretstream_xchacha20poly1305_push(
            &state, &sealed, nil, slice, UInt64(slice.count), header, UInt64(header.count), tag)
        finished = last
        try put(sealed)
        // Each slice reaches the disk in its own turn: the commit's fsync of a 64 MiB blob
        // written through the page cache held the loop for 130 ms.
        if !last, fdatasync(fd) != 0 {
            let code = errno
            abandon()
            throw SyncError.system(code, path: directory + "/" + name)
        }
    }

    /// Syncs the blob and renames it to its real name; the last slice must have been appended.
    public func commit() throws(SyncError) {
        precondition(finished, "a blob is committed after its last slice")
        let path = directory + "/" + name
        var failure: Int32 = 0
        if fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == 0 { failure = errno }
        fd = -1
        if failure == 0, rename(temporary, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw SyncError.system(failure, path: path)
        }
        try FileIO.syncDirectory(directory)
    }

    /// Stops writing and removes the temporary file (nothing happens after `commit`).
    public func abandon() {
        guard fd >= 0 else { return }
        close(fd)
        fd = -1
        unlink(temporary)
    }

    private func put(_ bytes: [UInt8]) throws(SyncError) {
        guard FileIO.writeAll(fd, bytes) else {
            let code = errno
            abandon()
            throw SyncError.system(code, path: directory + "/" + name)
        }
    }
}
