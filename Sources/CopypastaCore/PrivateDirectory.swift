import Glibc

/// Creates a directory and its missing parents with mode 0700: the database's directory and
/// the daemon's runtime directory both hold what only their user may read, so both are made
/// by this one walk.
public enum PrivateDirectory {
    /// A directory that could not be created, and the C library's reason.
    public struct Failure: Error, Equatable {
        /// The first directory on the way that could not be made.
        public let path: String
        /// strerror(3) of the failure.
        public let reason: String
    }

    /// Creates each missing directory of `path` with mode 0700 (an existing one is left as it
    /// is); returns true when `path` itself was created by this call.
    @discardableResult
    public static func create(_ path: String) throws(Failure) -> Bool {
        var built = path.hasPrefix("/") ? "" : "."
        var created = false
        for component in path.split(separator: "/") {
            built += "/" + component
            created = mkdir(built, 0o700) == 0
            if !created && errno != EEXIST { throw Failure(path: built, reason: String(cString: strerror(errno))) }
        }
        return created
    }
}
