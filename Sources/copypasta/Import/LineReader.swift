import CopypastaCore
import CopypastaSystem
import Glibc

/// Splits a file descriptor's bytes into numbered lines without loading it whole.
///
/// Each byte is looked at once (a long line costs the same per byte as a
/// short one), and a line longer than `limit` is not held: the reader drops
/// what it has of it and skips to the next newline, so an oversized entry
/// costs neither memory nor time beyond reading it.
struct LineReader {
    /// One line of input.
    enum Line {
        /// The line's bytes without its newline (and without a BOM on line 1, a CR before the newline).
        case text(ArraySlice<UInt8>)
        /// The line was longer than the limit and was skipped.
        case oversized
    }

    /// The descriptor to read.
    let fd: Int32
    /// The most bytes of a line held, not counting the backslashes of JSON escapes.
    let limit: Int

    /// The line limit for entries whose texts may hold `maxBytes` bytes: the text plus 64 KiB for the
    /// other fields. Backslashes are not counted, so that an escaped text (`\n`, `\"`) is not refused early.
    static func limit(forTextBytes maxBytes: Int) -> Int { maxBytes + (64 << 10) }

    /// Calls `body` with each line and its number, counted from 1.
    func forEachLine(_ body: (Int, Line) throws -> Void) throws {
        var pending: [UInt8] = []
        var weight = 0
        var skipping = false
        var lineNumber = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        func finish() throws {
            lineNumber += 1
            if lineNumber == 1, pending.starts(with: [0xEF, 0xBB, 0xBF]) { pending.removeFirst(3) }
            if pending.last == 0x0D { pending.removeLast() }
            try body(lineNumber, skipping ? .oversized : .text(pending[...]))
            pending.removeAll(keepingCapacity: pending.capacity <= 1 << 20)
            weight = 0
            skipping = false
        }
        while true {
            let count = read(fd, &chunk, chunk.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw CoreError.data("cannot read the import: \(SystemError.describe(errno))")
            }
            if count == 0 { break }
            var start = 0
            while start < count {
                let newline = Self.index(of: 0x0A, in: chunk, from: start, to: count)
                let segment = chunk[start..<(newline ?? count)]
                if !skipping {
                    weight += segment.count - Self.count(of: 0x5C, in: segment)
                    if weight > limit {
                        skipping = true
                        pending = []
                    } else {
                        pending.append(contentsOf: segment)
                    }
                }
                guard let newline else { break }
                try finish()
                start = newline + 1
            }
        }
        if !pending.isEmpty || skipping { try finish() }
    }

    private static func index(of byte: UInt8, in bytes: [UInt8], from start: Int, to end: Int) -> Int? {
        bytes.withUnsafeBytes { buffer -> Int? in
            guard let base = buffer.baseAddress, let found = memchr(base + start, Int32(byte), end - start) else { return nil }
            return UnsafeRawPointer(found) - base
        }
    }

    private static func count(of byte: UInt8, in bytes: ArraySlice<UInt8>) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            var count = 0
            for value in buffer where value == byte { count += 1 }
            return count
        }
    }
}
