import Glibc

/// Reading a whole file descriptor or file, for the config file, `add` from standard input, the
/// files `import` reads and the text `edit` gets back.
public enum FileInput {
    /// Why a read stopped.
    public enum Failure: Error {
        /// read(2) failed with this errno.
        case system(Int32)
        /// More than the allowed number of bytes arrived.
        case tooLarge
    }

    /// All bytes of `fd` up to end of file; throws `tooLarge` past `limit` bytes.
    ///
    /// Reads at most `limit` + 1 bytes, however much more the descriptor
    /// holds, so that a huge input costs neither memory nor time to refuse.
    public static func readAll(_ fd: Int32, limit: Int = .max) throws(Failure) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let wanted = min(chunk.count - 1, limit - bytes.count) + 1
            let count = read(fd, &chunk, wanted)
            if count < 0 {
                if errno == EINTR { continue }
                throw .system(errno)
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit { throw .tooLarge }
        }
    }

    /// The whole file at `path`, at most `limit` bytes; the caller says what to throw when it is
    /// larger (`tooLarge`) or cannot be opened or read (`unreadable`, given the errno).
    public static func readFile(
        _ path: String, limit: Int, tooLarge: () -> any Error, unreadable: (Int32) -> any Error
    ) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw unreadable(errno) }
        defer { close(fd) }
        do {
            return try readAll(fd, limit: limit)
        } catch .tooLarge {
            throw tooLarge()
        } catch let .system(code) {
            throw unreadable(code)
        }
    }
}
