import CSQLite

/// A Swift value that can be bound to a statement parameter.
protocol SQLValue {
    /// Binds the value to parameter `index` of `statement`; returns SQLite's result code.
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32
}

extension Int64: SQLValue {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 { sqlite3_bind_int64(statement, index, self) }
}

extension Int: SQLValue {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 { sqlite3_bind_int64(statement, index, Int64(self)) }
}

extension Bool: SQLValue {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 { sqlite3_bind_int(statement, index, self ? 1 : 0) }
}

extension String: SQLValue {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        var copy = self
        return copy.withUTF8 { buffer in
            sqlite3_bind_text64(
                statement, index,
                UnsafeRawPointer(buffer.baseAddress ?? UnsafePointer(bitPattern: 1))?
                    .assumingMemoryBound(to: CChar.self),
                sqlite3_uint64(buffer.count), csqlite_transient(), UInt8(SQLITE_UTF8))
        }
    }
}

extension Array: SQLValue where Element == UInt8 {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        withUnsafeBytes { buffer in
            sqlite3_bind_blob64(statement, index, buffer.baseAddress, sqlite3_uint64(buffer.count), csqlite_transient())
        }
    }
}
