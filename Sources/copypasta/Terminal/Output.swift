import CSystem
import CopypastaCore
import CopypastaSystem
import Glibc

/// Buffered standard output; flushed at exit by `main` and when the buffer fills.
final class Output {
    /// The process's standard output.
    nonisolated(unsafe) static let standard = Output(fd: 1)

    private let fd: Int32
    private var buffer: [UInt8] = []

    private init(fd: Int32) {
        self.fd = fd
        buffer.reserveCapacity(1 << 16)
    }

    /// Appends text.
    func write(_ text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    /// Appends bytes.
    func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { write($0) }
    }

    /// Appends raw bytes; large ones bypass the buffer.
    func write(_ bytes: UnsafeRawBufferPointer) {
        if buffer.count + bytes.count > 1 << 16 { flush() }
        if bytes.count >= 1 << 16 {
            guard Terminal.writeAll(fd, bytes) else {
                Terminal.fail("cannot write to standard output: \(SystemError.describe(errno))", status: .ioError)
            }
        } else {
            buffer.append(contentsOf: bytes)
        }
    }

    /// Writes out what is buffered; exits 74 when it cannot.
    func flush() {
        do {
            try flushOrThrow()
        } catch {
            Terminal.fail(error.description, status: error.exitStatus)
        }
    }

    /// Writes out what is buffered; throws when it cannot, for a caller that must undo something first.
    func flushOrThrow() throws(CopypastaExit) {
        guard !buffer.isEmpty else { return }
        let ok = Terminal.writeAll(fd, buffer)
        buffer.removeAll(keepingCapacity: true)
        if !ok { throw .cannotWrite("cannot write to standard output: \(SystemError.describe(errno))") }
    }
}
