import CSodium

/// Secret bytes in locked memory: a `sodium_malloc` buffer, kept out of swap, between guard
/// pages, and wiped by `sodium_free` when the last reference goes.
///
/// The history key and the device's secret key live here, so no copy of them lingers in a
/// freed Swift array.
final class LockedBytes: @unchecked Sendable {
    /// How many bytes.
    let count: Int
    private let memory: UnsafeMutableRawPointer

    /// Copies `bytes` into locked memory and wipes `bytes`.
    init(taking bytes: inout [UInt8]) {
        precondition(Sodium.ready, "libsodium could not be initialised")
        guard let memory = sodium_malloc(max(bytes.count, 1)) else {
            preconditionFailure("libsodium could not allocate locked memory for a key")
        }
        self.memory = memory
        count = bytes.count
        bytes.withUnsafeBytes { source in
            if let base = source.baseAddress { memory.copyMemory(from: base, byteCount: source.count) }
        }
        Sodium.wipe(&bytes)
        sodium_mprotect_readonly(memory)
    }

    deinit { sodium_free(memory) }

    /// Calls `body` with the bytes; `body` must not keep the pointer.
    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: memory, count: count))
    }

    /// Whether both hold the same bytes, compared in constant time.
    func matches(_ other: LockedBytes) -> Bool {
        count == other.count
            && withBytes { mine in other.withBytes { sodium_memcmp(mine.baseAddress, $0.baseAddress, count) == 0 } }
    }
}
