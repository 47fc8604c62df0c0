import CopypastaCore
import Glibc

/// `sync.key` and the join code: the two forms K takes outside memory.
extension SyncKey {
    /// The file's first bytes; a version change gets a new magic.
    private static let magic = Array("CPK1".utf8)
    /// How many checksum bytes the join code carries, so a mistyped code is told apart from a wrong one.
    private static let checksumLength = 3

    /// Overwrites `bytes` (a typed code, a secret read from a file) with zeros the compiler cannot drop.
    public static func wipe(_ bytes: inout [UInt8]) {
        Sodium.wipe(&bytes)
    }

    /// The path of `sync.key` for `paths`: the directory of the database.
    public static func path(_ paths: Paths) -> String {
        paths.dataDirectory + "/" + fileName
    }

    /// Reads this machine's key; `.noKey` when there is none.
    public static func load(_ paths: Paths) throws(SyncError) -> SyncKey {
        let file = path(paths)
        var key = try FileIO.readKeyFile(file, magic: magic, length: length, missing: .noKey(path: file))
        return SyncKey(taking: &key)
    }

    /// Writes the key to `sync.key` (mode 0600, atomically); the data directory must exist.
    public func save(_ paths: Paths) throws(SyncError) {
        var bytes = Self.magic
        withRootBytes { bytes.append(contentsOf: $0) }
        defer { Sodium.wipe(&bytes) }
        try FileIO.writeAtomically(
            bytes, directory: paths.dataDirectory, name: Self.fileName,
            temporary: ".\(Self.fileName).\(FileIO.randomName(8))")
    }

    /// A new key, saved; refuses to replace an existing key file.
    public static func create(_ paths: Paths) throws(SyncError) -> SyncKey {
        try DataDirectory.make(paths)
        if access(path(paths), F_OK) == 0 {
            throw .badKeyFile(path: path(paths), reason: "it already exists and is not replaced")
        }
        let key = generate()
        try key.save(paths)
        return key
    }

    /// The join code: K and a 3-byte checksum in base32, 56 uppercase characters in 8 groups of 7
    /// (like a Syncthing device id). It is a secret: whoever has it can read the history.
    public var code: String {
        var bytes: [UInt8] = []
        withRootBytes { bytes.append(contentsOf: $0) }
        bytes += withRootBytes { Self.checksum($0) }
        defer { Sodium.wipe(&bytes) }
        let text = Array(Base32.encode(bytes).uppercased().utf8)
        return stride(from: 0, to: text.count, by: 7).map { String(decoding: text[$0..<min($0 + 7, text.count)], as: UTF8.self) }
            .joined(separator: "-")
    }

    /// The key of a join code as `code` prints it; case, spaces and dashes do not matter.
    public static func parse(code: String) throws(SyncError) -> SyncKey {
        var characters = Array(code.utf8.filter { $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: " ") && $0 != 9 })
        defer { Sodium.wipe(&characters) }
        let expected = ((length + checksumLength) * 8 + 4) / 5
        if let bad = characters.firstIndex(where: { Base32.value(of: $0) == nil }) {
            throw .badCode(
                "\(Visible.quoted(String(decoding: [characters[bad]], as: UTF8.self))) is not a code character (A-Z, 2-7)")
        }
        guard characters.count == expected else {
            throw .badCode("it has \(characters.count) letters and digits, a code has \(expected)")
        }
        guard var bytes = Base32.decode(characters), bytes.count == length + checksumLength else {
            throw .badCode("it does not decode")
        }
        defer { Sodium.wipe(&bytes) }
        var key = Array(bytes[..<length])
        let sum = key.withUnsafeBytes { checksum($0) }
        guard sum == Array(bytes[length...]) else {
            Sodium.wipe(&key)
            throw .badCode("a character is wrong or two are swapped (its checksum does not match)")
        }
        return SyncKey(taking: &key)
    }

    private static func checksum(_ key: UnsafeRawBufferPointer) -> [UInt8] {
        Array(Sodium.blake2b(key, length: 16).prefix(checksumLength))
    }
}
