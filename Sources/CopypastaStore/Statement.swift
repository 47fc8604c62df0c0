import CSQLite

/// A prepared SQLite statement with typed binding and column access.
final class Statement {
    /// The sqlite3_stmt.
    let handle: OpaquePointer
    private unowned let database: Database

    /// Prepares `sql` on `database` for repeated use.
    init(database: Database, sql: String) throws(StoreError) {
        var prepared: OpaquePointer?
        let status = sqlite3_prepare_v3(database.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
        guard status == SQLITE_OK, let prepared else { throw database.error(status) }
        handle = prepared
        self.database = database
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Resets the statement and clears its bindings.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Binds parameters 1…n in order; nil binds NULL.
    func bind(_ values: [(any SQLValue)?]) {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            if let value { value.bind(to: handle, at: index) } else { sqlite3_bind_null(handle, index) }
        }
    }

    /// Steps once: true when a row is available, false when done.
    func step() throws(StoreError) -> Bool {
        let status = sqlite3_step(handle)
        switch status {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            sqlite3_reset(handle)
            throw database.error(status)
        }
    }

    /// Binds `text` to parameter `index` without copying it and runs `body` while the binding is valid.
    ///
    /// SQLite otherwise copies every bound text (SQLITE_TRANSIENT); for a 20 MiB capture that copy
    /// would be a third buffer of the payload.
    func withBorrowedText<T>(_ text: String, at index: Int32, _ body: () throws -> T) rethrows -> T {
        var text = text
        return try text.withUTF8 { buffer in
            let start = UnsafeRawPointer(buffer.baseAddress ?? UnsafePointer(bitPattern: 1))?.assumingMemoryBound(to: CChar.self)
            sqlite3_bind_text64(handle, index, start, sqlite3_uint64(buffer.count), nil, UInt8(SQLITE_UTF8))
            defer { sqlite3_bind_null(handle, index) }
            return try body()
        }
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
}

/// A Swift value that can be bound to a statement parameter.
protocol SQLValue {
    /// Binds the value to parameter `index` of `statement`.
    func bind(to statement: OpaquePointer, at index: Int32)
}

extension Int64: SQLValue {
    func bind(to statement: OpaquePointer, at index: Int32) { sqlite3_bind_int64(statement, index, self) }
}

extension Int: SQLValue {
    func bind(to statement: OpaquePointer, at index: Int32) { sqlite3_bind_int64(statement, index, Int64(self)) }
}

extension Bool: SQLValue {
    func bind(to statement: OpaquePointer, at index: Int32) { sqlite3_bind_int(statement, index, self ? 1 : 0) }
}

extension String: SQLValue {
    func bind(to statement: OpaquePointer, at index: Int32) {
        var copy = self
        copy.withUTF8 { buffer in
            _ = sqlite3_bind_text64(
                statement, index, UnsafeRawPointer(buffer.baseAddress ?? UnsafePointer(bitPattern: 1))?
                    .assumingMemoryBound(to: CChar.self),
                sqlite3_uint64(buffer.count), csqlite_transient(), UInt8(SQLITE_UTF8))
        }
    }
}

extension Array: SQLValue where Element == UInt8 {
    func bind(to statement: OpaquePointer, at index: Int32) {
        withUnsafeBytes { buffer in
            _ = sqlite3_bind_blob64(statement, index, buffer.baseAddress, sqlite3_uint64(buffer.count), csqlite_transient())
        }
    }
}

extension Statement {
    /// Calls `body` with column `index`'s bytes in place; valid only inside `body`.
    func withBytes<T>(_ index: Int32, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        let count = Int(sqlite3_column_bytes(handle, index))
        let pointer = sqlite3_column_blob(handle, index)
        return try body(UnsafeRawBufferPointer(start: pointer, count: pointer == nil ? 0 : count))
    }
}
