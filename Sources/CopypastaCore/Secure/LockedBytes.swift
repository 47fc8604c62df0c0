import CSodium

/// Secret bytes in locked memory: a `sodium_malloc` buffer, kept out of swap, between guard
/// pages, and wiped by `sodium_free` when the last reference goes.
///
/// The sync history key, the device's secret key and the secure entries' key live here, so
/// no copy of them lingers in a freed Swift array. The buffer is read-only once filled.
public final class LockedBytes: @unchecked Sendable {
    /// How many bytes.
    public let count: Int
    private let memory: UnsafeMutableRawPointer

    /// Copies `bytes` into locked memory and wipes `bytes`.
    public init(taking bytes: inout [UInt8]) {
        memory = Self.allocate(bytes.count)
        count = bytes.count
        bytes.withUnsafeBytes { source in
            if let base = source.baseAddress { memory.copyMemory(from: base, byteCount: source.count) }
        }
        Sodium.wipe(&bytes)
        sodium_mprotect_readonly(memory)
    }

    /// Locked memory of `count` bytes that `fill` writes (as a key derivation does, so the key
    /// never exists outside locked memory); nil when `fill` fails.
    public init?(count: Int, fill: (UnsafeMutableRawBufferPointer) -> Bool) {
        let memory = Self.allocate(count)
        guard fill(UnsafeMutableRawBufferPointer(start: memory, count: count)) else {
            sodium_free(memory)
            return nil
        }
        self.memory = memory
        self.count = count
        sodium_mprotect_readonly(memory)
    }

    private static func allocate(_ count: Int) -> UnsafeMutableRawPointer {
        precondition(Sodium.ready, "libsodium could not be initialised")
        guard let memory = sodium_malloc(max(count, 1)) else {
            preconditionFailure("libsodium could not allocate locked memory for a key")
        }
        return memory
    }

    deinit { sodium_free(memory) }

    /// Calls `body` with the bytes; `body` must not keep the pointer.
    public func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: memory, count: count))
    }

    /// Whether both hold the same bytes, compared in constant time.
    public func matches(_ other: LockedBytes) -> Bool {
        count == other.count
            && withBytes { mine in other.withBytes { sodium_memcmp(mine.baseAddress, $0.baseAddress, count) == 0 } }
    }
}
