import CSodium
import CopypastaCore
import Glibc

/// Reads a payload blob a slice at a time (the format is in `BlobSealer`), authenticating each
/// slice before it is handed out. A slice that fails, a blob that ends before its final slice
/// and bytes after the final slice all throw: the caller throws away what it extracted, so a
/// damaged blob is never half placed.
///
/// A `CPB1` blob of the previous release (one sealed message) is still read: whole, as before,
/// and only up to the caller's limit, as one last slice.
public final class BlobOpener {
    private var fd: Int32
    private let path: String
    private let header: [UInt8]
    private var state = crypto_secretstream_xchacha20poly1305_state()
    private var legacy: [UInt8]?
    private var finished = false

    init(path: String, header: [UInt8], legacyHeader: [UInt8], key: SyncKey, limit: Int) throws(SyncError) {
        self.path = path
        self.header = header
        fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { throw SyncError.system(errno, path: path) }
        var stats = stat()
        guard fstat(fd, &stats) == 0, stats.st_mode & S_IFMT == S_IFREG else {
            throw SyncError.corrupt(path: path, reason: "not a regular file")
        }
        let streamLength = crypto_secretstream_xchacha20poly1305_headerbytes()
        let slices = limit / SyncFolder.blobSlice + 1
        guard stats.st_size <= header.count + streamLength + limit + slices * crypto_secretstream_xchacha20poly1305_abytes()
        else { throw SyncError.corrupt(path: path, reason: "larger than \(limit >> 20) MiB") }
        let start = try take(header.count)
        if start == legacyHeader {
            let rest = try take(Int(stats.st_size) - header.count)
            legacy = try SealedFile.open(start + rest, header: legacyHeader, path: path, key: key)
            return
        }
        guard start == header else {
            throw SyncError.corrupt(path: path, reason: "its header does not match its name (renamed or moved?)")
        }
        let stream = try take(streamLength)
        guard stream.count == streamLength else { throw SyncError.corrupt(path: path, reason: "cut short") }
        let status = key.sealing.withBytes { secret -> Int32 in
            guard let secret = secret.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return -1 }
            return crypto_secretstream_xchacha20poly1305_init_pull(&state, stream, secret)
        }
        guard status == 0 else { throw SyncError.decrypt(path: path) }
    }

    deinit {
        if fd >= 0 { close(fd) }
    }

    /// The next slice's plaintext and whether it was the last; after the last, the blob was
    /// whole and authentic.
    public func next() throws(SyncError) -> (bytes: [UInt8], last: Bool) {
        precondition(!finished, "nothing follows a blob's last slice")
        if let legacy {
            finished = true
            self.legacy = nil
            return (legacy, true)
        }
        let overhead = crypto_secretstream_xchacha20poly1305_abytes()
        let sealed = try take(SyncFolder.blobSlice + overhead)
        guard sealed.count >= overhead else { throw SyncError.corrupt(path: path, reason: "it ends before its last slice") }
        var plaintext = [UInt8](repeating: 0, count: sealed.count - overhead)
        var tag: UInt8 = 0
        let status = crypto_secretstream_xchacha20poly1305_pull(
            &state, &plaintext, nil, &tag, sealed, UInt64(sealed.count), header, UInt64(header.count))
        guard status == 0 else { throw SyncError.decrypt(path: path) }
        let last = tag == crypto_secretstream_xchacha20poly1305_tag_final()
        if last {
            guard try take(1).isEmpty else { throw SyncError.corrupt(path: path, reason: "bytes follow its last slice") }
            finished = true
        } else if plaintext.count != SyncFolder.blobSlice {
            throw SyncError.corrupt(path: path, reason: "it ends before its last slice")
        }
        return (plaintext, last)
    }

    /// Up to `count` bytes from the blob (fewer only at its end).
    private func take(_ count: Int) throws(SyncError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress.map { $0 + done }, count - done) }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { throw SyncError.system(errno, path: path) }
            if got == 0 { break }
            done += got
        }
        bytes.removeLast(count - done)
        return bytes
    }
}
