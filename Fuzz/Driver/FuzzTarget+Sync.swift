import CopypastaCore
import Glibc

@testable import CopypastaSync

/// The sync targets: what another device wrote into the shared folder.
extension FuzzTarget {
    /// A fixed key: the fuzzer cannot forge a sealed file, so a fixed key is as good as any.
    private static let key: SyncKey = {
        var bytes = [UInt8](repeating: 7, count: SyncKey.length)
        return SyncKey(taking: &bytes)
    }()

    /// A valid device id for files whose header names none.
    private static let device = String(repeating: "a", count: 26)

    /// Decodes a plaintext; what decodes must encode and decode to the same records.
    static func records(_ bytes: [UInt8]) {
        guard let records = try? SyncRecords.decode(bytes) else { return }
        let again = try? SyncRecords.decode(SyncRecords.encode(records))
        precondition(again == records, "sync records do not survive encoding and decoding")
    }

    /// Decodes a link archive's pack, whole and fed in slices of a size the input picks (as the
    /// receiver feeds a blob's slices): both agree; what decodes has only names that stay inside
    /// the folder, holds no more than the limit, and encodes back to the same bytes.
    static func archivepack(_ bytes: [UInt8]) {
        let limit = 1 << 20
        let members = try? ArchivePack.decode(bytes, limit: limit)
        precondition(unpacked(bytes, limit: limit, slice: Int(bytes.last ?? 0) % 29 + 1) == members, "slices decode otherwise")
        guard let members else { return }
        precondition(members.allSatisfy { ArchivePack.nameProblem($0.name) == nil }, "a decoded name leaves its folder")
        precondition(members.reduce(0) { $0 + $1.bytes.count } <= limit, "a decoded pack is over its limit")
        precondition(ArchivePack.encode(members) == bytes, "an archive pack does not survive decoding and encoding")
    }

    /// The members of `bytes` fed to an `ArchivePack.Unpacker` `slice` bytes at a time; nil when it throws.
    private static func unpacked(_ bytes: [UInt8], limit: Int, slice: Int) -> [ArchivePack.Member]? {
        var unpacker = ArchivePack.Unpacker(limit: limit)
        var members: [ArchivePack.Member] = []
        for start in stride(from: 0, to: bytes.count, by: slice) {
            guard let pieces = try? unpacker.feed(bytes[start..<min(start + slice, bytes.count)]) else { return nil }
            for piece in pieces {
                switch piece {
                case let .start(name, _): members.append(ArchivePack.Member(name: name, bytes: []))
                case let .bytes(body): members[members.count - 1].bytes += body
                }
            }
        }
        return (try? unpacker.finish()) == nil ? nil : members
    }

    /// A scratch directory for the blob files of `sealed`, under $TMPDIR (else /tmp), removed
    /// with what is in it when the fuzzer exits (libFuzzer ends a timed run with `exit`).
    private static let scratch: String = {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((base + "/copypasta-fuzz-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else {
            preconditionFailure("no scratch directory under \(base)")
        }
        atexit {
            for name in ["blob", "blob.tmp"] { unlink(FuzzTarget.scratch + "/" + name) }
            rmdir(FuzzTarget.scratch)
        }
        return String(cString: made)
    }()

    /// Opens the input as a payload blob (`BlobOpener`, CPB2 or CPB1), then writes it as one
    /// (`BlobSealer`) and checks that it opens to the same bytes.
    private static func blob(_ bytes: [UInt8]) {
        let folder = "0f1e2d3c-4b5a-4697-8877-665544332211"
        let header = Array("CPB2".utf8) + Array(device.utf8) + Array(folder.utf8)
        let legacy = Array("CPB1".utf8) + header.dropFirst(4)
        let path = scratch + "/blob"
        unlink(path)
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        _ = FileIO.writeAll(fd, bytes)
        close(fd)
        _ = opened(path, header: header, legacy: legacy)
        unlink(path)
        // Writing one syncs it to the disk: one input in 64 is also written, so the opener gets
        // most of the target's time.
        guard bytes.count <= SyncFolder.blobSlice, bytes.count % 64 == 0 else { return }
        guard let sealer = try? BlobSealer(directory: scratch, name: "blob", temporary: "blob.tmp", header: header, key: key),
            (try? sealer.append(bytes, last: true)) != nil, (try? sealer.commit()) != nil
        else { preconditionFailure("a blob cannot be written") }
        precondition(opened(path, header: header, legacy: legacy) == bytes, "a blob does not open to its bytes")
    }

    /// The plaintext of the blob at `path`, a slice at a time; nil when it does not open.
    private static func opened(_ path: String, header: [UInt8], legacy: [UInt8]) -> [UInt8]? {
        guard let opener = try? BlobOpener(path: path, header: header, legacyHeader: legacy, key: key, limit: 1 << 20) else {
            return nil
        }
        var plaintext: [UInt8] = []
        while true {
            guard let (bytes, last) = try? opener.next() else { return nil }
            plaintext += bytes
            if last { return plaintext }
        }
    }

    /// Reads the input as a file name, a join code, a sealed file listed under the name its
    /// header gives and a payload blob; then seals the input both ways and checks that it opens
    /// to the same bytes.
    static func sealed(_ bytes: [UInt8]) {
        _ = SyncFile.parse(name: String(decoding: bytes.prefix(16), as: UTF8.self))
        _ = try? SyncKey.parse(code: String(decoding: bytes.prefix(64), as: UTF8.self))
        let headerDevice = String(decoding: bytes.dropFirst(4).prefix(26), as: UTF8.self)
        let headerSeq = Int64(String(decoding: bytes.dropFirst(30).prefix(10), as: UTF8.self)) ?? 1
        let listed = SyncFile(
            device: DeviceIdentity.isValidID(headerDevice) ? headerDevice : device,
            kind: bytes.starts(with: Array("CPP1".utf8)) ? .pack : .segment,
            seq: (0...SyncFile.maxSeq).contains(headerSeq) ? headerSeq : 1, path: "fuzz")
        if let plaintext = try? SealedFile.open(bytes, as: listed, key: key) {
            _ = try? SyncRecords.decode(plaintext)
        }
        let file = SyncFile(device: device, kind: .pack, seq: 42, path: "fuzz")
        let sealed = SealedFile.seal(bytes, kind: file.kind, device: file.device, seq: file.seq, key: key)
        precondition((try? SealedFile.open(sealed, as: file, key: key)) == bytes, "a sealed file does not open to its bytes")
        blob(bytes)
    }
}
