import Glibc

/// The keycodes `type` has bound, written down before it binds them (mode 0600 in the runtime
/// directory) so that a run that dies without restoring the mapping is repaired by the next one.
struct KeymapRecord {
    /// The file; one `KEYCODE CODEPOINT` line per bound keycode.
    let path: String

    /// Writes the current bindings, replacing the file.
    func save(_ bound: [UInt8: Unicode.Scalar]) {
        let text = bound.map { "\($0.key) \($0.value.value)\n" }.joined()
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { return }
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        fsync(fd)
        close(fd)
    }

    /// The bindings a previous run left behind.
    func leftover() -> [(keycode: UInt8, scalar: Unicode.Scalar)] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(fd, &buffer, buffer.count)
        guard count > 0 else { return [] }
        return String(decoding: buffer[0..<count], as: UTF8.self).split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ")
            guard parts.count == 2, let keycode = UInt8(parts[0]), let value = UInt32(parts[1]),
                let scalar = Unicode.Scalar(value)
            else { return nil }
            return (keycode, scalar)
        }
    }

    /// Removes the file: nothing is bound.
    func clear() {
        unlink(path)
    }
}
