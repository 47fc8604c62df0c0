import Glibc
import TestSupport
import Testing

/// `sync init`, `join`, `pending`, `approve`, `remove` and `code` with two machines (two sandboxes,
/// each its own data directory and config) sharing one folder: no daemon and no Syncthing needed.
@Suite struct SyncFolderCLITests {
    let a = Sandbox()
    let b = Sandbox()
    var folder: String { a.root + "/synced/copypasta" }
    var cliA: CopypastaBinary { CopypastaBinary(sandbox: a) }
    var cliB: CopypastaBinary { CopypastaBinary(sandbox: b) }

    init() {
        _ = Child.runQuietly(["mkdir", "-p", a.root + "/synced"])
        for (sandbox, name) in [(a, "alpha"), (b, "beta")] {
            sandbox.write("config/copypasta/copypasta.conf", "sync-folder = \(folder)\nsync-device-name = \(name)\n")
        }
    }

    /// The value of the line `name: value` of `output`.
    func field(_ name: String, _ output: String) -> String? {
        output.split(separator: "\n").first { $0.hasPrefix(name + ": ") }.map { String($0.dropFirst(name.count + 2)) }
    }

    /// `sync init` on A; returns its output.
    func initA() throws -> String {
        let result = try cliA.run("sync", "init")
        #expect(result.status == 0, "\(result.stderr)")
        return result.output
    }

    @Test func initWithoutASyncFolderNamesTheKey() throws {
        let lone = Sandbox()
        let result = try CopypastaBinary(sandbox: lone).run("sync", "init")
        #expect(result.status == 78)
        #expect(result.stderr.hasPrefix("copypasta: sync-folder is not set"), "\(result.stderr)")
        #expect(lone.mode(lone.root + "/data/copypasta/sync.key") == nil)
    }

    @Test func initMakesTheKeyTheIdentityAndTheMarkerAndPrintsThem() throws {
        let output = try initA()
        let device = try #require(field("device", output))
        #expect(device.count == 26)
        #expect(field("name", output) == "alpha")
        #expect(field("fingerprint", output)?.split(separator: "-").count == 4)
        let code = try #require(field("code", output))
        #expect(code.count == 63)
        #expect(output.contains("copypasta sync join --code -"))
        #expect(a.mode(a.root + "/data/copypasta/sync.key") == 0o600)
        #expect(a.mode(a.root + "/data/copypasta/device.key") == 0o600)
        #expect(a.read(folder + "/copypasta-sync.json") != nil)
        let description = String(decoding: a.read(folder + "/devices/\(device)/device.json") ?? [], as: UTF8.self)
        #expect(description.contains(#""name":"alpha""#))
        let again = try initA()
        #expect(field("device", again) == device && field("code", again) == code)
        let printed = try cliA.run("sync", "code")
        #expect(field("code", printed.output) == code)
        #expect(printed.stderr.contains("secret"))
    }

    @Test func initRefusesAFolderOfAnotherHistory() throws {
        _ = try initA()
        let result = try cliB.run("sync", "init")
        #expect(result.status == 78)
        #expect(result.stderr.contains("'copypasta sync join'"), "\(result.stderr)")
        #expect(b.mode(b.root + "/data/copypasta/sync.key") == nil)
        #expect(b.mode(b.root + "/data/copypasta/device.key") == nil, "nothing at all is saved")
    }

    @Test func joinWithTheCodeFromStandardInput() throws {
        let code = try #require(field("code", try initA()))
        let joined = try cliB.run(["sync", "join", "--code", "-"], input: Array((code.lowercased() + "\n").utf8))
        #expect(joined.status == 0, "\(joined.stderr)")
        #expect(joined.output.contains("joined:"))
        #expect(field("code", try cliB.run("sync", "code").output) == code)
        #expect(try cliA.run("sync", "pending").output == "")
    }

    @Test func aWrongOrMistypedCodeSavesNothing() throws {
        let code = try #require(field("code", try initA()))
        let other = Sandbox()
        other.write("config/copypasta/copypasta.conf", "sync-folder = \(other.root)/synced/copypasta\n")
        _ = Child.runQuietly(["mkdir", "-p", other.root + "/synced"])
        let otherCode = try #require(field("code", try CopypastaBinary(sandbox: other).run("sync", "init").output))
        let wrong = try cliB.run("sync", "join", "--code", otherCode)
        #expect(wrong.status == 77, "\(wrong.stderr)")
        var typo = Array(code)
        typo[3] = typo[3] == "A" ? "B" : "A"
        let mistyped = try cliB.run("sync", "join", "--code", String(typo))
        #expect(mistyped.status == 64)
        #expect(mistyped.stderr.contains("mistyped"), "\(mistyped.stderr)")
        #expect(b.mode(b.root + "/data/copypasta/sync.key") == nil)
    }

    @Test func joinByApprovalWithTheFingerprint() throws {
        _ = try initA()
        let waiting = try cliB.run("sync", "join")
        #expect(waiting.status == 0, "\(waiting.stderr)")
        let device = try #require(field("device", waiting.output))
        let fingerprint = try #require(field("fingerprint", waiting.output))
        #expect(waiting.output.contains("copypasta sync approve \(device)"))
        #expect(try cliA.run("sync", "pending").output == "\(device)\tbeta\t\(fingerprint)\n")
        let mismatch = try cliA.run("sync", "approve", device, "--fingerprint", "AAAAA-BBBBB-CCCCC-DDDDD")
        #expect(mismatch.status == 77)
        #expect(try cliA.run("sync", "pending").output.hasPrefix(device))
        let approved = try cliA.run("sync", "approve", device, "--fingerprint", fingerprint.lowercased())
        #expect(approved.status == 0, "\(approved.stderr)")
        #expect(try cliA.run("sync", "pending").output == "")
        let joined = try cliB.run("sync", "join")
        #expect(joined.output.contains("joined:"), "\(joined.stderr)")
        #expect(try cliB.run("sync", "code").output == (try cliA.run("sync", "code").output))
    }

    @Test func removeDeletesTheKeyBoxAndUnknownDevicesAreRefused() throws {
        _ = try initA()
        let device = try #require(field("device", try cliB.run("sync", "join").output))
        #expect(try cliA.run("sync", "approve", device).status == 0)
        let me = try #require(field("device", try initA()))
        let box = folder + "/devices/\(me)/k-\(device).box"
        #expect(a.read(box) != nil)
        let removed = try cliA.run("sync", "remove", device)
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(a.read(box) == nil)
        #expect(try cliA.run("sync", "pending").output == "")
        #expect(try cliA.run("sync", "approve", device).status == 0)
        #expect(a.read(box) != nil)
        #expect(try cliA.run("sync", "remove", device).status == 0)
        #expect(try cliA.run("sync", "approve", "abcdefghijklmnopqrstuvwxyz").status == 66)
        #expect(try cliA.run("sync", "remove", "abcdefghijklmnopqrstuvwxyz").status == 66)
        #expect(try cliA.run("sync", "approve", me).status == 64)
    }

    @Test func pendingAndApproveNeedThisMachineInTheHistory() throws {
        _ = try initA()
        #expect(try cliB.run("sync", "pending").status == 78)
        let device = try #require(field("device", try cliB.run("sync", "join").output))
        #expect(try cliB.run("sync", "approve", device).status == 64)
        let approve = try cliB.run("sync", "approve", "abcdefghijklmnopqrstuvwxyz")
        #expect(approve.status == 78)
        #expect(approve.stderr.contains("sync join"), "\(approve.stderr)")
    }
}
