import TestSupport
import Testing

/// `copypasta vacuum`: an older database (auto_vacuum NONE) becomes INCREMENTAL, keeps its
/// entries and says what it did; a second run only gives free pages back.
@Suite struct VacuumCLITests {
    let sandbox = Sandbox()
    var cli: CopypastaBinary { CopypastaBinary(sandbox: sandbox) }

    /// Runs `sql` in the sqlite3 shell (an independent reader) and returns its output.
    func sqlite(_ sql: String) throws -> String {
        try Child(["sqlite3", sandbox.database, sql]).communicate().output
    }

    @Test func vacuumSwitchesAnOlderDatabaseAndKeepsItsEntries() throws {
        #expect(try cli.run("add", "kept").status == 0)
        _ = try sqlite("PRAGMA auto_vacuum = NONE; VACUUM;")
        #expect(try sqlite("PRAGMA auto_vacuum") == "0\n")
        let first = try cli.run("vacuum")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("purges give their space back from now on"), "\(first.stderr)")
        #expect(try sqlite("PRAGMA auto_vacuum") == "2\n")
        let second = try cli.run("vacuum")
        #expect(second.status == 0 && !second.stderr.contains("from now on"), "\(second.stderr)")
        #expect(try cli.run("list").output.contains("kept"))
    }
}
