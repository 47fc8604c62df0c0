import Glibc

/// Reading a whole file descriptor, for the config file and for `add` from standard input.
public enum FileInput {
    /// Why a read stopped.
    public enum Failure: Error {
        /// read(2) failed with this errno.
        case system(Int32)
        /// More than the allowed number of bytes arrived.
        case tooLarge
    }

    /// All bytes of `fd` up to end of file; throws `tooLarge` past `limit` bytes.
    public static func readAll(_ fd: Int32, limit: Int = .max) throws(Failure) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(fd, &chunk, chunk.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw .system(errno)
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit { throw .tooLarge }
        }
    }
}
