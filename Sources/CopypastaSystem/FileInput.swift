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
}
