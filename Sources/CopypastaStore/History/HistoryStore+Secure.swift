import CopypastaCore

/// Secure entries: texts sealed with a key derived from a passphrase (copypasta(1) SECURE ENTRIES).
///
/// A secure entry keeps its row (id, times, tags, pin, size) but its text moves from entry_text
/// (and so from the full-text index) to entry_secret, sealed with the entry id as authenticated
/// context. Its stored preview becomes `Entry.securePreview` and its fingerprint random bytes: the
/// SHA-256 of a short secret could be guessed offline without paying for Argon2id. Making an entry
/// secure purges like `delete`, so no page of the database files keeps the plaintext.
extension HistoryStore {
    /// The key for `passphrase`. With `create`, the first call in a database chooses the passphrase
    /// (new parameters and check value are stored); otherwise a database without secure entries
    /// yet is refused. Throws `wrongPassphrase` when the check value does not open.
    public func secureKey(passphrase: [UInt8], create: Bool) throws(StoreError) -> SecretKey {
        if let parameters = try keyParameters() {
            guard let key = SecretKey.derive(passphrase: passphrase, parameters: parameters) else {
                throw .invalid("cannot derive the key of the secure entries (not enough memory for Argon2id?)")
            }
            let check = try database.with("SELECT value FROM state WHERE key = 'secure-check'") { row throws(StoreError) in
                try row.step() ? row.blob(0) : nil
            }
            guard let check, key.open(check, context: Self.checkContext) == SecretKey.checkPlaintext else {
                throw .wrongPassphrase
            }
            return key
        }
        guard create else { throw .invalid("no entry is secure yet; make one with 'copypasta secure ID'") }
        let parameters = KeyParameters.fresh()
        guard let key = SecretKey.derive(passphrase: passphrase, parameters: parameters) else {
            throw .invalid("cannot derive the key of the secure entries (not enough memory for Argon2id?)")
        }
        try writing { () throws(StoreError) in
            try setState("secure-salt", parameters.salt)
            try setState("secure-opslimit", Int64(parameters.opsLimit))
            try setState("secure-memlimit", Int64(parameters.memLimit))
            try setState("secure-check", key.seal(SecretKey.checkPlaintext, context: Self.checkContext))
        }
        return key
    }

    /// Whether the database has a passphrase yet (its first secure entry chose it).
    public func hasSecurePassphrase() throws(StoreError) -> Bool { try keyParameters() != nil }

    /// Seals the text of entry `id` with `key` and purges its plaintext; a secure entry is left alone.
    public func makeSecure(id: Int64, key: SecretKey) throws(StoreError) {
        try writing { () throws(StoreError) in try sealInTransaction(id: id, key: key) }
    }

    /// `makeSecure` for a caller already inside `writing` (add --secure).
    func sealInTransaction(id: Int64, key: SecretKey) throws(StoreError) {
        guard try isSecure(id: id) == false else { return }
        let text = try self.text(id: id)
        var plaintext = Array(text.utf8)
        defer { Sodium.wipe(&plaintext) }
        try database.run(
            "INSERT INTO entry_secret (id, sealed) VALUES (?, ?)", id, key.seal(plaintext, context: Self.context(id)))
        try database.run("DELETE FROM entry_text WHERE id = ?", id)
        // A secure entry never leaves this machine; if it had, the other machines drop it.
        try makeLocalInTransaction(id: id)
        try database.run(
            "UPDATE entry SET secure = 1, preview = ?, fingerprint = randomblob(32) WHERE id = ?", Entry.securePreview, id)
        try purge()
    }

    /// Opens entry `id` back into a plain entry (`secure --clear`): text, index and preview again.
    public func clearSecure(id: Int64, key: SecretKey) throws(StoreError) {
        try writing { () throws(StoreError) in
            let text = try secureText(id: id, key: key)
            try database.with("INSERT INTO entry_text (id, text) VALUES (?, ?)", [id]) { statement throws(StoreError) in
                try statement.withBorrowedText(text, at: 2) { () throws(StoreError) in try statement.run() }
            }
            try database.run(
                "UPDATE entry SET secure = 0, preview = ?, fingerprint = ? WHERE id = ?",
                Preview.storedPrefix(of: text), Fingerprint(of: text).bytes, id)
            try database.run("DELETE FROM entry_secret WHERE id = ?", id)
        }
    }

    /// The plaintext of secure entry `id`; `wrongPassphrase` when `key` does not open it.
    public func secureText(id: Int64, key: SecretKey) throws(StoreError) -> String {
        let sealed = try database.with("SELECT sealed FROM entry_secret WHERE id = ?", [id]) { row throws(StoreError) in
            try row.step() ? row.blob(0) : nil
        }
        guard let sealed else { throw .invalid("entry \(id) is not secure") }
        guard let plaintext = key.open(sealed, context: Self.context(id)) else { throw .wrongPassphrase }
        return String(decoding: plaintext, as: UTF8.self)
    }

    /// The sealed bytes of secure entry `id` (nonce, ciphertext, tag), for `export --include-secure`.
    public func sealedText(id: Int64) throws(StoreError) -> [UInt8]? {
        try database.with("SELECT sealed FROM entry_secret WHERE id = ?", [id]) { row throws(StoreError) in
            try row.step() ? row.blob(0) : nil
        }
    }

    /// Whether entry `id` is secure; nil when there is no such entry.
    public func isSecure(id: Int64) throws(StoreError) -> Bool? {
        try database.scalarInt("SELECT secure FROM entry WHERE id = ?", id).map { $0 != 0 }
    }

    private func keyParameters() throws(StoreError) -> KeyParameters? {
        let salt = try database.with("SELECT value FROM state WHERE key = 'secure-salt'") { row throws(StoreError) in
            try row.step() ? row.blob(0) : nil
        }
        guard let salt,
            let ops = try database.scalarInt("SELECT value FROM state WHERE key = 'secure-opslimit'"),
            let mem = try database.scalarInt("SELECT value FROM state WHERE key = 'secure-memlimit'"),
            ops > 0, mem > 0
        else { return nil }
        return KeyParameters(salt: salt, opsLimit: UInt64(ops), memLimit: UInt64(mem))
    }

    private static let checkContext = Array("check".utf8)

    private static func context(_ id: Int64) -> [UInt8] { Array("entry \(id)".utf8) }
}
