import CopypastaSystem
import Glibc
import Testing

@Suite struct PrivateDirectoryTests {
    /// A fresh directory under /tmp, removed by the caller.
    private func scratch() -> String {
        var template = Array("/tmp/copypasta-system-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            Issue.record("mkdtemp failed")
            return "/tmp"
        }
        return String(cString: made)
    }

    private func mode(_ path: String) -> mode_t? {
        var stats = stat()
        return lstat(path, &stats) == 0 ? stats.st_mode & 0o7777 : nil
    }

    @Test func createsEveryMissingParentPrivate() throws {
        let root = scratch()
        defer { _ = system("rm -rf '\(root)'") }
        let previous = umask(0)
        defer { umask(previous) }
        #expect(try PrivateDirectory.create(root + "/a/b/c"))
        for path in [root + "/a", root + "/a/b", root + "/a/b/c"] { #expect(mode(path) == 0o700, "\(path)") }
        #expect(try PrivateDirectory.create(root + "/a/b/c") == false)
    }

    @Test func theParentOfAFileIsCreatedNotTheFile() throws {
        let root = scratch()
        defer { _ = system("rm -rf '\(root)'") }
        try PrivateDirectory.createParent(of: root + "/data/history.sqlite3")
        #expect(mode(root + "/data") == 0o700)
        #expect(mode(root + "/data/history.sqlite3") == nil)
    }

    @Test func aFileInTheWayNamesTheDirectoryThatFailed() throws {
        let root = scratch()
        defer { _ = system("rm -rf '\(root)'") }
        let fd = open(root + "/file", O_CREAT | O_WRONLY, 0o600)
        close(fd)
        #expect(throws: SystemError.cannotCreate(path: root + "/file/sub", reason: SystemError.describe(ENOTDIR))) {
            try PrivateDirectory.create(root + "/file/sub/deeper")
        }
    }

    @Test func aRuntimeDirectoryOpenToOthersIsRefused() throws {
        let root = scratch()
        defer { _ = system("rm -rf '\(root)'") }
        try RuntimeDirectory.prepare(root + "/run")
        #expect(try RuntimeDirectory.check(root + "/run"))
        chmod(root + "/run", 0o755)
        #expect(throws: SystemError.unsafeRuntimeDirectory(path: root + "/run", reason: "its mode is 0755, not 0700")) {
            try RuntimeDirectory.check(root + "/run")
        }
        #expect(try RuntimeDirectory.check(root + "/missing") == false)
    }
}
