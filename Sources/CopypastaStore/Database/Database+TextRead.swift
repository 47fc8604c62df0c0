import CSQLite

extension Database {
    /// The text in `column` of `table`'s row `rowid` (nil when there is no such row), read by
    /// SQLite's incremental I/O straight into the string's storage.
    ///
    /// `sqlite3_column_text` would first assemble the whole value in a buffer of SQLite's own, so
    /// a 20 MiB entry was held twice while its string was made (docs/DESIGN.md §4). The caller
    /// runs it inside `reading` when the row must agree with other reads.
    func textByIncrementalRead(table: String, column: String, rowid: Int64) throws(StoreError) -> String? {
        let sql = "SELECT 1 FROM \(table) WHERE rowid = ?"
        guard try scalarInt(sql, rowid) != nil else { return nil }
        var blob: OpaquePointer?
        let opened = sqlite3_blob_open(handle, "main", table, column, rowid, 0, &blob)
        defer { sqlite3_blob_close(blob) }
        guard opened == SQLITE_OK, let blob else { throw error(opened, in: "sqlite3_blob_open \(table).\(column)") }
        let count = Int(sqlite3_blob_bytes(blob))
        var status = SQLITE_OK
        // The initializer checks the UTF-8 once and repairs it as String(decoding:) does.
        let text = String(unsafeUninitializedCapacity: count) { buffer in
            guard let base = buffer.baseAddress, count > 0 else { return 0 }
            status = sqlite3_blob_read(blob, base, Int32(count), 0)
            return status == SQLITE_OK ? count : 0
        }
        guard status == SQLITE_OK else { throw error(status, in: "sqlite3_blob_read \(table).\(column)") }
        return text
    }

    /// Runs `body` in one read transaction (BEGIN … COMMIT), so that its statements see one
    /// state of the database; inside a transaction already, it only runs `body`.
    func reading<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        guard sqlite3_get_autocommit(handle) != 0 else { return try body() }
        return try bracketed("BEGIN", body).get()
    }
}
