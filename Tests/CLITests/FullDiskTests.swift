import Glibc
import TestSupport
import Testing

/// `add` prints the id inside its transaction, so a commit that fails afterwards (a full disk)
/// must take the printed id back: a script sees the id and the exit status, a person the message.
/// Needs a small tmpfs, so it runs only where `mount` works (root with CAP_SYS_ADMIN).
@Suite struct FullDiskTests {
    let sandbox = Sandbox()
    var cli: CopypastaBinary { CopypastaBinary(sandbox: sandbox) }

    @Test func anAddWhoseCommitFailsSaysItsPrintedIdWasNotStored() throws {
        let disk = sandbox.root + "/disk"
        #expect(mkdir(disk, 0o700) == 0)
        // 1 MiB: creating a database (its migrations, in an incremental-vacuum file) writes about
        // 400 KiB of WAL, copied back when the first command ends.
        guard Child.runQuietly(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", disk]) == 0 else { return }
        defer { Child.runQuietly(["umount", disk]) }
        let database = disk + "/history.sqlite3"
        #expect(try cli.run("--db", database, "add", "seed").status == 0)
        // Fill the disk, then leave room for the shared-memory file (32 KiB) but not for the WAL.
        Child.runQuietly(["dd", "if=/dev/zero", "of=\(disk)/filler", "bs=4096", "status=none"])
        Child.runQuietly(["truncate", "-s", "-48K", "\(disk)/filler"])
        let result = try cli.run(["--db", database, "add"], input: Array(String(repeating: "big text ", count: 8000).utf8))
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.output == "2\n")
        #expect(result.stderr.hasSuffix("; entry 2, printed above, was not stored\n"), "\(result.stderr)")
        Child.runQuietly(["rm", "\(disk)/filler"])
        #expect(try cli.run("--db", database, "list").output == "1\tseed\n")
    }
}
