import CSodium

/// How the key of the secure entries is derived from the passphrase: Argon2id's salt and costs.
///
/// They are stored in the database (the passphrase never is), so a database moved to another
/// machine still opens with the same passphrase, and raising the costs later only needs new
/// parameters. The interactive costs (2 passes over 64 MiB, about 0.1 s here) keep an unlock
/// quick while making each guess of an attacker who copied the database cost the same.
public struct KeyParameters: Sendable, Equatable {
    /// Random bytes that make the same passphrase give a different key in every database.
    public var salt: [UInt8]
    /// Argon2id passes.
    public var opsLimit: UInt64
    /// Argon2id memory in bytes.
    public var memLimit: UInt64

    /// Parameters read back from the database.
    public init(salt: [UInt8], opsLimit: UInt64, memLimit: UInt64) {
        self.salt = salt
        self.opsLimit = opsLimit
        self.memLimit = memLimit
    }

    /// New parameters with a fresh random salt and libsodium's interactive costs.
    public static func fresh() -> KeyParameters {
        precondition(Sodium.ready, "libsodium could not be initialised")
        var salt = [UInt8](repeating: 0, count: Int(crypto_pwhash_SALTBYTES))
        randombytes_buf(&salt, salt.count)
        return KeyParameters(
            salt: salt, opsLimit: UInt64(crypto_pwhash_OPSLIMIT_INTERACTIVE),
            memLimit: UInt64(crypto_pwhash_MEMLIMIT_INTERACTIVE))
    }

    /// Whether libsodium accepts these parameters (a damaged database could hold anything).
    public var isUsable: Bool {
        salt.count == Int(crypto_pwhash_SALTBYTES)
            && opsLimit >= UInt64(crypto_pwhash_OPSLIMIT_MIN) && opsLimit <= 64
            && memLimit >= UInt64(crypto_pwhash_MEMLIMIT_MIN) && memLimit <= 4 << 30
    }
}
