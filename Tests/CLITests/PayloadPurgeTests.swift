import TestSupport
import Testing

/// Every path that deletes for good unlinks the payload folders of what it deleted: a walk of
/// the data directory after each finds nothing left.
@Suite struct PayloadPurgeTests {
    let sandbox = Sandbox()
    var cli: CopypastaBinary { CopypastaBinary(sandbox: sandbox) }
    var data: String { sandbox.root + "/data/copypasta" }

    var payloadFiles: [String] {
        let result = try? Child(["find", data, "-mindepth", "1", "-not", "-type", "d", "-printf", "%P\\n"]).communicate()
        return (result?.output.split(separator: "\n").map(String.init) ?? []).filter { !$0.hasPrefix("history.sqlite3") }
    }

    func sqlite(_ sql: String) -> Int32 {
        (try? Child(["sqlite3", sandbox.database, sql]).communicate().status) ?? -1
    }

    /// Adds a document and returns how many payload files exist afterwards.
    func addDocument(_ name: String) throws -> Int {
        let added = try cli.run("add", "--file", sandbox.write(name, "payload \(name)"))
        #expect(added.status == 0, "\(added.stderr)")
        return payloadFiles.count
    }

    @Test func deletePurgeUnlinksTheFile() throws {
        #expect(try addDocument("a.txt") == 1)
        #expect(try cli.run("delete", "--purge", "1").status == 0)
        #expect(payloadFiles.isEmpty)
    }

    @Test func trashEmptyUnlinksTheFile() throws {
        #expect(try addDocument("a.txt") == 1)
        #expect(try cli.run("delete", "1").status == 0)
        #expect(payloadFiles.count == 1)
        #expect(try cli.run("trash", "empty", "--yes").status == 0)
        #expect(payloadFiles.isEmpty)
    }

    @Test func theTrashPurgeAndMaxAgeUnlinkTheFiles() throws {
        sandbox.write("config/copypasta/copypasta.conf", "trash-days = 10\nmax-age = 30d\n")
        #expect(try addDocument("old.txt") == 1)
        #expect(try addDocument("trashed.txt") == 2)
        #expect(try cli.run("delete", "2").status == 0)
        let longAgo = "(strftime('%s', 'now') - 40 * 86400) * 1000000"
        #expect(
            sqlite(
                "UPDATE entry SET trashed_at = \(longAgo) WHERE id = 2; UPDATE entry SET captured_at = \(longAgo) WHERE id = 1")
                == 0)
        #expect(try cli.run("add", "fresh").status == 0)
        #expect(try cli.run("list").output == "3\tfresh\n")
        #expect(payloadFiles.isEmpty)
    }

    @Test func aFolderLeftByACrashBetweenCommitAndUnlinkGoesWithTheNextPurge() throws {
        #expect(try addDocument("a.txt") == 1)
        // What a crash right after the purge's commit leaves: no row, the folder, its release noted.
        let folder = payloadFiles.first?.split(separator: "/").dropFirst().first.map(String.init) ?? ""
        #expect(
            sqlite(
                "DROP TRIGGER entry_file_released; DELETE FROM entry WHERE id = 1; INSERT INTO payload_release VALUES ('documents/\(folder)')"
            ) == 0)
        #expect(payloadFiles.count == 1)
        #expect(try cli.run("add", "other").status == 0)
        #expect(try cli.run("delete", "--purge", "2").status == 0)
        #expect(payloadFiles.isEmpty)
    }
}
