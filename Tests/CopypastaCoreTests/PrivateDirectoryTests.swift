import CopypastaCore
import Glibc
import Testing

/// The one walk that makes the database's and the socket's directories.
@Suite struct PrivateDirectoryTests {
    let root: String

    init() {
        var template = Array("/tmp/copypasta-dir-XXXXXX".utf8CString)
        root = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap(mkdtemp).map { String(cString: $0) } ?? "/tmp"
        }
    }

    func mode(_ path: String) -> mode_t? {
        var stats = stat()
        return lstat(path, &stats) == 0 ? stats.st_mode & 0o7777 : nil
    }

    @Test func createsEveryMissingDirectoryPrivateAndSaysWhetherTheLastIsNew() throws {
        let saved = umask(0)
        defer { umask(saved) }
        #expect(try PrivateDirectory.create(root + "/a/b/c") == true)
        for path in ["/a", "/a/b", "/a/b/c"] { #expect(mode(root + path) == 0o700, "\(path)") }
        #expect(try PrivateDirectory.create(root + "/a/b/c") == false)
        #expect(try PrivateDirectory.create(root + "/a/b/d/") == true)
    }

    @Test func anExistingDirectoryKeepsItsMode() throws {
        #expect(mkdir(root + "/open", 0o755) == 0)
        #expect(try PrivateDirectory.create(root + "/open/inner") == true)
        #expect(mode(root + "/open") == 0o755 & ~currentUmask())
    }

    @Test func aFileInTheWayNamesTheComponentThatFailed() {
        let fd = open(root + "/file", O_WRONLY | O_CREAT, 0o600)
        close(fd)
        do {
            try PrivateDirectory.create(root + "/file/sub/deeper")
            Issue.record("created a directory below a file")
        } catch {
            #expect(error.path == root + "/file/sub")
            #expect(error.reason == String(cString: strerror(ENOTDIR)))
        }
    }

    private func currentUmask() -> mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }
}
