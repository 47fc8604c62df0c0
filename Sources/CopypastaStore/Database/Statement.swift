import CSQLite

/// A prepared SQLite statement with checked binding and column access by name.
///
/// Columns are found by the names the SQL gives them (`AS tags`), through a map built once
/// when the statement is prepared: a query that adds or reorders a column cannot make another
/// column's value land in the wrong field, and a name that is not there is an error, not a NULL.
final class Statement {
    let handle: OpaquePointer
    private unowned let database: Database
    private let columnIndices: [String: Int32]

    /// Prepares `sql` on `database` for repeated use.
    init(database: Database, sql: String) throws(StoreError) {
        var prepared: OpaquePointer?
        let status = sqlite3_prepare_v3(database.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
        guard status == SQLITE_OK, let prepared else {
            let error = database.error(status, in: sql)
            sqlite3_finalize(prepared)
            throw error
        }
        handle = prepared
        self.database = database
        var indices: [String: Int32] = [:]
        for index in 0..<sqlite3_column_count(prepared) {
            if let name = sqlite3_column_name(prepared, index) { indices[String(cString: name)] = index }
        }
        columnIndices = indices
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// The SQL the statement was prepared from, for error messages.
    var sql: String { sqlite3_sql(handle).map { String(cString: $0) } ?? "" }

    /// The index of the result column called `name`; throws when the statement has none.
    func column(_ name: String) throws(StoreError) -> Int32 {
        guard let index = columnIndices[name] else {
            throw database.failure(message: "no result column named \(name)", in: sql)
        }
        return index
    }

    /// Resets the statement and clears its bindings.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Binds parameters 1…n in order; nil binds NULL. A value SQLite refuses (too big, out of
    /// memory, more values than parameters) throws instead of running the statement without it.
    func bind(_ values: [(any SQLValue)?]) throws(StoreError) {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let status = value?.bind(to: handle, at: index) ?? sqlite3_bind_null(handle, index)
            guard status == SQLITE_OK else { throw database.error(status, in: sql) }
        }
    }

    /// Steps once: true when a row is available, false when done.
    func step() throws(StoreError) -> Bool {
        let status = sqlite3_step(handle)
        switch status {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = database.error(status, in: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Binds `text` to parameter `index` without copying it and runs `body` while the binding is valid.
    ///
    /// SQLite otherwise copies every bound text (SQLITE_TRANSIENT); for a 20 MiB capture that copy
    /// would be a third buffer of the payload.
    func withBorrowedText<T>(_ text: String, at index: Int32, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        var text = text
        let result: Result<T, StoreError> = text.withUTF8 { buffer in
            let start = UnsafeRawPointer(buffer.baseAddress ?? UnsafePointer(bitPattern: 1))?.assumingMemoryBound(to: CChar.self)
            let status = sqlite3_bind_text64(handle, index, start, sqlite3_uint64(buffer.count), nil, UInt8(SQLITE_UTF8))
            guard status == SQLITE_OK else { return .failure(database.error(status, in: sql)) }
            defer { sqlite3_bind_null(handle, index) }
            do throws(StoreError) { return .success(try body()) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Steps until done, for statements that return no rows.
    func run() throws(StoreError) {
        while try step() {}
    }

    /// Column `index` as an integer.
    func int(_ index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

    /// Column `index` as an integer, nil when NULL.
    func optionalInt(_ index: Int32) -> Int64? {
        sqlite3_column_type(handle, index) == SQLITE_NULL ? nil : sqlite3_column_int64(handle, index)
    }

    /// Column `index` as text, nil when NULL.
    func text(_ index: Int32) -> String? {
        guard let pointer = sqlite3_column_text(handle, index) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    /// Column `index` as bytes, nil when NULL.
    func blob(_ index: Int32) -> [UInt8]? {
        let count = Int(sqlite3_column_bytes(handle, index))
        guard let pointer = sqlite3_column_blob(handle, index) else { return count == 0 ? nil : [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }

    /// Calls `body` with column `index`'s bytes in place; valid only inside `body`.
    func withBytes<T, E: Error>(_ index: Int32, _ body: (UnsafeRawBufferPointer) throws(E) -> T) throws(E) -> T {
        let count = Int(sqlite3_column_bytes(handle, index))
        let pointer = sqlite3_column_blob(handle, index)
        return try body(UnsafeRawBufferPointer(start: pointer, count: pointer == nil ? 0 : count))
    }
}
