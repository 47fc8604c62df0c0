import CopypastaCore
import CopypastaSystem
import Glibc

/// The searchable text of a document copied into the library (docs/DESIGN.md "The library"):
/// read in the command that adds it, never in the daemon.
enum DocumentExtraction {
    /// How long `pdftotext` may run before it is killed with its process group, in seconds.
    static let pdfDeadline = 30.0

    /// The text of the file at `path` named `name`, or nil when it has none that can be read
    /// (a binary file, a PDF without `pdftotext` on PATH or that it could not read in time).
    static func text(path: String, name: String) -> String? {
        let head = read(path, limit: 8192)
        switch DocumentText.format(name: name, head: head) {
        case .plain: return DocumentText.text(of: read(path, limit: DocumentText.maximumBytes), format: .plain)
        case .html: return DocumentText.text(of: read(path, limit: 4 * DocumentText.maximumBytes), format: .html)
        case .pdf: return pdfText(path)
        case .none: return nil
        }
    }

    /// The first `limit` bytes of a file; empty when it cannot be read.
    private static func read(_ path: String, limit: Int) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        return (try? FileInput.readAll(fd, limit: limit)) ?? readPrefix(fd, limit: limit)
    }

    /// What `readAll` refused as too large: its first `limit` bytes.
    private static func readPrefix(_ fd: Int32, limit: Int) -> [UInt8] {
        lseek(fd, 0, SEEK_SET)
        var bytes = [UInt8](repeating: 0, count: limit)
        var total = 0
        while total < limit {
            let count = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress.map { $0 + total }, limit - total) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            total += count
        }
        return Array(bytes[0..<total])
    }

    /// `pdftotext -enc UTF-8 -q PATH -`: spawned without a shell, its output capped at
    /// `DocumentText.maximumBytes` and its run at `pdfDeadline`.
    private static func pdfText(_ path: String) -> String? {
        guard let program = Spawn.findExecutable("pdftotext"),
            let child = try? Spawn.start(
                [program, "-enc", "UTF-8", "-q", path, "-"], environment: [:], stdin: false, stdout: true, stderr: false)
        else { return nil }
        defer { close(child.stdout) }
        let deadline = monotonicSeconds() + pdfDeadline
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var finished = false
        while output.count < DocumentText.maximumBytes {
            let left = deadline - monotonicSeconds()
            guard left > 0 else { break }
            var descriptor = pollfd(fd: child.stdout, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(left, 1) * 1000) + 1)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { Glibc.read(child.stdout, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 {
                finished = true
                break
            }
            output += chunk[0..<count]
        }
        if !finished { kill(-child.pid, SIGKILL) }
        let status = Spawn.reap(child.pid)
        guard finished, status == 0 else { return finished ? nil : DocumentText.text(of: output, format: .plain) }
        return DocumentText.text(of: output, format: .plain)
    }
}
