import CSodium
import CopypastaCore

/// The bytes of a segment, pack or payload blob (docs/DESIGN.md §14.2).
///
///     magic (4: CPS1 or CPP1) | device id (26) | seq (10 digits) | nonce (24) | ciphertext + tag (16)
///
/// XChaCha20-Poly1305-IETF seals the plaintext with the first 40 bytes as associated data, so a
/// file renamed to another seq or device, truncated, or altered in any byte fails to open. The
/// nonce is random: 24 bytes never repeat in practice, even with no counter kept anywhere.
enum SealedFile {
    /// magic + device id + seq.
    static let headerLength = 40
    static let nonceLength = Int(crypto_aead_xchacha20poly1305_ietf_NPUBBYTES)
    static let tagLength = Int(crypto_aead_xchacha20poly1305_ietf_ABYTES)

    /// The 40-byte header of a file.
    static func header(kind: SyncFile.Kind, device: String, seq: Int64) -> [UInt8] {
        precondition(DeviceIdentity.isValidID(device), "a device id is 26 characters of a-z2-7")
        return kind.magic + Array(device.utf8) + Array(SyncFile.digits(seq).utf8)
    }

    /// The sealed file of `plaintext`.
    static func seal(_ plaintext: [UInt8], kind: SyncFile.Kind, device: String, seq: Int64, key: SyncKey) -> [UInt8] {
        seal(plaintext, header: header(kind: kind, device: device, seq: seq), key: key)
    }

    /// The sealed bytes of `plaintext` behind `header`, which is the associated data: a segment's
    /// 40 bytes, or a CPB1 payload blob's (read by `BlobOpener`).
    static func seal(_ plaintext: [UInt8], header: [UInt8], key: SyncKey) -> [UInt8] {
        let headerLength = header.count
        var sealed = header + Sodium.random(nonceLength) + [UInt8](repeating: 0, count: plaintext.count + tagLength)
        key.sealing.withBytes { secret in
            sealed.withUnsafeMutableBufferPointer { out in
                guard let base = out.baseAddress, let secret = secret.baseAddress?.assumingMemoryBound(to: UInt8.self)
                else { return }
                let nonce = base + headerLength
                _ = crypto_aead_xchacha20poly1305_ietf_encrypt(
                    nonce + nonceLength, nil, plaintext, UInt64(plaintext.count), base, UInt64(headerLength), nil, nonce, secret)
            }
        }
        return sealed
    }

    /// The plaintext of `bytes`, which the listing found as `file`: `.corrupt` when it is too short
    /// or its header does not match its name, `.decrypt` when authentication fails.
    static func open(_ bytes: [UInt8], as file: SyncFile, key: SyncKey) throws(SyncError) -> [UInt8] {
        try open(bytes, header: header(kind: file.kind, device: file.device, seq: file.seq), path: file.path, key: key)
    }

    /// The plaintext of `bytes` read from `path`, which must start with `expected`.
    static func open(_ bytes: [UInt8], header expected: [UInt8], path: String, key: SyncKey) throws(SyncError) -> [UInt8] {
        let headerLength = expected.count
        guard bytes.count >= headerLength + nonceLength + tagLength else {
            throw .corrupt(path: path, reason: "only \(bytes.count) bytes, shorter than any sealed file")
        }
        guard bytes.starts(with: expected) else {
            let found = String(decoding: bytes[..<headerLength].map { (32..<127).contains($0) ? $0 : 63 }, as: UTF8.self)
            throw .corrupt(path: path, reason: "its header \(found) does not match its name (renamed or moved?)")
        }
        let cipherStart = headerLength + nonceLength
        var plaintext = [UInt8](repeating: 0, count: bytes.count - cipherStart - tagLength)
        let status = key.sealing.withBytes { secret in
            bytes.withUnsafeBufferPointer { input in
                plaintext.withUnsafeMutableBufferPointer { out in
                    guard let base = input.baseAddress, let secret = secret.baseAddress?.assumingMemoryBound(to: UInt8.self)
                    else { return Int32(-1) }
                    return crypto_aead_xchacha20poly1305_ietf_decrypt(
                        out.baseAddress, nil, nil, base + cipherStart, UInt64(input.count - cipherStart), base,
                        UInt64(headerLength), base + headerLength, secret)
                }
            }
        }
        guard status == 0 else { throw .decrypt(path: path) }
        return plaintext
    }
}
