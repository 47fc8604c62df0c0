import CSodium

/// The key that seals and opens the texts of secure entries, held in locked memory.
///
/// The 32 bytes live in a `sodium_malloc` buffer: mlock'ed (never written to swap), between
/// guard pages, and wiped by `sodium_free` when the last reference goes. The texts are sealed
/// with XChaCha20-Poly1305: its 24-byte random nonce never repeats in practice, and the
/// authentication tag makes a wrong key or a changed ciphertext fail instead of giving garbage.
/// This protects the texts at rest; it does not protect them from a process of the same user
/// that reads the memory of a program holding the key.
public final class SecretKey {
    /// The sealed form of `checkPlaintext`, stored beside the parameters: opening it tells a
    /// wrong passphrase before any entry is touched, even when no entry is secure yet.
    public static let checkPlaintext = Array("copypasta secure entries".utf8)

    private let key: LockedBytes
    private static let length = Int(crypto_aead_xchacha20poly1305_ietf_KEYBYTES)
    private static let nonceLength = Int(crypto_aead_xchacha20poly1305_ietf_NPUBBYTES)
    private static let tagLength = Int(crypto_aead_xchacha20poly1305_ietf_ABYTES)

    private init(key: LockedBytes) { self.key = key }

    /// Derives the key from `passphrase` with Argon2id, straight into locked memory; nil for an
    /// empty passphrase or when the memory cost cannot be met.
    public static func derive(passphrase: [UInt8], parameters: KeyParameters) -> SecretKey? {
        guard parameters.isUsable, !passphrase.isEmpty else { return nil }
        let key = LockedBytes(count: length) { out in
            passphrase.withUnsafeBufferPointer { pass in
                parameters.salt.withUnsafeBufferPointer { salt in
                    pass.withMemoryRebound(to: CChar.self) { chars in
                        guard let chars = chars.baseAddress, let salt = salt.baseAddress,
                            let out = out.baseAddress
                        else { return false }
                        return crypto_pwhash(
                            out.assumingMemoryBound(to: UInt8.self), UInt64(length), chars, UInt64(pass.count),
                            salt, parameters.opsLimit, Int(parameters.memLimit), crypto_pwhash_ALG_ARGON2ID13) == 0
                    }
                }
            }
        }
        return key.map(SecretKey.init(key:))
    }

    /// `plaintext` sealed: a random nonce followed by the ciphertext and its tag. `context` (such
    /// as the entry id) is authenticated too, so a sealed text moved to another entry fails to open.
    public func seal(_ plaintext: [UInt8], context: [UInt8]) -> [UInt8] {
        withKey { keyBytes in
            var sealed = [UInt8](repeating: 0, count: Self.nonceLength + plaintext.count + Self.tagLength)
            sealed.withUnsafeMutableBufferPointer { out in
                guard let base = out.baseAddress else { return }
                randombytes_buf(base, Self.nonceLength)
                _ = crypto_aead_xchacha20poly1305_ietf_encrypt(
                    base + Self.nonceLength, nil, plaintext, UInt64(plaintext.count), context, UInt64(context.count),
                    nil, base, keyBytes)
            }
            return sealed
        }
    }

    /// The plaintext of `sealed`, or nil when the key, the context or the bytes do not match.
    public func open(_ sealed: [UInt8], context: [UInt8]) -> [UInt8]? {
        guard sealed.count >= Self.nonceLength + Self.tagLength else { return nil }
        var plaintext = [UInt8](repeating: 0, count: sealed.count - Self.nonceLength - Self.tagLength)
        let status = withKey { keyBytes in
            sealed.withUnsafeBufferPointer { input in
                plaintext.withUnsafeMutableBufferPointer { out in
                    guard let base = input.baseAddress else { return Int32(-1) }
                    return crypto_aead_xchacha20poly1305_ietf_decrypt(
                        out.baseAddress, nil, nil, base + Self.nonceLength, UInt64(input.count - Self.nonceLength),
                        context, UInt64(context.count), base, keyBytes)
                }
            }
        }
        return status == 0 ? plaintext : nil
    }

    /// Calls `body` with the key's 32 bytes; `body` must not keep the pointer.
    private func withKey<Result>(_ body: (UnsafePointer<UInt8>) -> Result) -> Result {
        key.withBytes { buffer in
            guard let base = buffer.baseAddress else { preconditionFailure("the locked key has no address") }
            return body(base.assumingMemoryBound(to: UInt8.self))
        }
    }
}
