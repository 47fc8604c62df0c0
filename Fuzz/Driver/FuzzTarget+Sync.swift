import CopypastaCore

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

    /// Decodes a link archive's pack; what decodes has only names that stay inside the folder,
    /// holds no more than the limit, and encodes back to the same bytes.
    static func archivepack(_ bytes: [UInt8]) {
        let limit = 1 << 20
        guard let members = try? ArchivePack.decode(bytes, limit: limit) else { return }
        precondition(members.allSatisfy { ArchivePack.nameProblem($0.name) == nil }, "a decoded name leaves its folder")
        precondition(members.reduce(0) { $0 + $1.bytes.count } <= limit, "a decoded pack is over its limit")
        precondition(ArchivePack.encode(members) == bytes, "an archive pack does not survive decoding and encoding")
    }

    /// Reads the input as a file name, a join code and a sealed file listed under the name its
    /// header gives; then seals the input and checks that it opens to the same bytes.
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
    }
}
