/// The clip store of clipmenu 7 (cdown/clipmenu, the C version).
///
/// Its directory is `clipmenu.7.UID` under `$CM_DIR`, else `$XDG_RUNTIME_DIR`, else `$TMPDIR`,
/// else /tmp. `line_cache` is an array of 256-byte records in the machine's byte order: a
/// header (u64 count of snips, u64 count allocated, padding), then one packed snip per clip,
/// oldest first: u64 hash, a one-byte "doomed" flag, u64 line count and the first line. The
/// file is exactly (allocated + 1) records long. The full text of a snip is the file
/// `HASH/1` (the hash in decimal) next to `line_cache`; a text copied twice has two snips.
public enum ClipmenuStore {
    /// The size of one record of `line_cache`.
    public static let recordSize = 256

    /// The store's directory for `uid`, from the environment clipmenu reads.
    public static func directory(environment: [String: String], uid: UInt32) -> String {
        let base =
            [environment["CM_DIR"], environment["XDG_RUNTIME_DIR"], environment["TMPDIR"]]
            .compactMap { $0 }.first { !$0.isEmpty } ?? "/tmp"
        return "\(base)/clipmenu.7.\(uid)"
    }

    /// The content hashes of `lineCache`, oldest first; throws a data error when the file is
    /// not a clip store (wrong size, counts that do not match).
    public static func hashes(lineCache bytes: [UInt8]) throws(CoreError) -> [UInt64] {
        guard bytes.count >= recordSize, bytes.count % recordSize == 0 else {
            throw .data("line_cache is \(bytes.count) bytes, not a whole number of \(recordSize)-byte records")
        }
        let count = word(bytes, at: 0), allocated = word(bytes, at: 8)
        guard count <= allocated, allocated < UInt64(bytes.count), (allocated + 1) * UInt64(recordSize) == UInt64(bytes.count)
        else { throw .data("line_cache's header (\(count) clips, \(allocated) allocated) does not match its size") }
        return (0..<Int(count)).map { word(bytes, at: ($0 + 1) * recordSize) }
    }

    /// The little-endian (x86, ARM) 64-bit word at `offset`.
    private static func word(_ bytes: [UInt8], at offset: Int) -> UInt64 {
        (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) }
    }
}
