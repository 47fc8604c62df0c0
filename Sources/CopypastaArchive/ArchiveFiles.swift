import CopypastaCore
import Glibc

/// Writes the files of one archive into its folder: each file under a temporary name, synced,
/// then renamed, so a reader (or a kill) never sees half a file; directories 0700, files 0600,
/// like the database.
struct ArchiveFiles {
    /// The archive's folder (`links/<folder>` under the data directory).
    let root: String

    /// Why a file could not be written.
    struct Failure: Error, CustomStringConvertible {
        /// What failed, with the system's reason.
        let description: String
    }

    /// Creates the folder and its `assets` directory (0700) if they are missing.
    func prepare() throws(Failure) {
        for directory in [root, root + "/assets"] where mkdir(directory, 0o700) != 0 && errno != EEXIST {
            throw Failure(description: "cannot create \(directory): \(String(cString: strerror(errno)))")
        }
    }

    /// Writes `bytes` to `name` (a path relative to the folder) atomically, mode 0600.
    func write(_ name: String, _ bytes: [UInt8]) throws(Failure) {
        let path = root + "/" + name
        let temporary = path + ".part"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw failure("cannot create", temporary) }
        var written = 0
        let ok = bytes.withUnsafeBytes { raw -> Bool in
            while written < raw.count {
                let count = Glibc.write(fd, raw.baseAddress.map { $0 + written }, raw.count - written)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                written += count
            }
            return fsync(fd) == 0
        }
        let error = errno
        close(fd)
        guard ok, rename(temporary, path) == 0 else {
            unlink(temporary)
            errno = ok ? errno : error
            throw failure("cannot write", path)
        }
    }

    /// Removes `name` (relative to the folder) if it exists.
    func remove(_ name: String) {
        unlink(root + "/" + name)
    }

    private func failure(_ what: String, _ path: String) -> Failure {
        Failure(description: "\(what) \(path): \(String(cString: strerror(errno)))")
    }
}

/// The local name of a downloaded asset: a digest of its URL (so the same URL is stored once and
/// names never collide or carry a path) plus an extension that lets a browser open it offline.
enum AssetName {
    /// `assets`-relative name of `url`, fetched with `contentType`.
    static func of(_ url: String, contentType: String?) -> String {
        let digest = Sodium.hex(Array(Sodium.sha256(Array(url.utf8)).prefix(12)))
        return digest + (fileExtension(url: url, contentType: contentType).map { "." + $0 } ?? "")
    }

    /// Extensions by media type, for assets whose URL has none (`/image?id=3`).
    private static let byType: [String: String] = [
        "image/png": "png", "image/jpeg": "jpg", "image/gif": "gif", "image/webp": "webp", "image/avif": "avif",
        "image/svg+xml": "svg", "image/x-icon": "ico", "image/vnd.microsoft.icon": "ico", "text/css": "css",
        "font/woff2": "woff2", "font/woff": "woff", "font/ttf": "ttf", "font/otf": "otf",
        "application/font-woff": "woff", "application/pdf": "pdf", "text/html": "html", "text/plain": "txt",
    ]

    /// The extension from the media type when known, else the URL path's (letters and digits only,
    /// at most 5), else nil.
    static func fileExtension(url: String, contentType: String?) -> String? {
        let type = contentType?.split(separator: ";").first.map { $0.trimmed().lowercased() }
        if let type, let known = byType[type] { return known }
        let path = url.split(separator: "#").first?.split(separator: "?").first ?? ""
        guard let last = path.split(separator: "/").last, !(url.hasSuffix("/")), let dot = last.lastIndex(of: ".") else {
            return nil
        }
        let candidate = last[last.index(after: dot)...].lowercased()
        guard (1...5).contains(candidate.count), candidate.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            return nil
        }
        return candidate
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    fileprivate func trimmed() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
