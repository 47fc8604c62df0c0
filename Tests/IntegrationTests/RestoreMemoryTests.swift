import Glibc
import TestSupport
import Testing

/// A large entry is held once by the daemon that serves it: read from the database straight into
/// its string, and served in every text encoding from that string.
@Suite(.serialized) struct RestoreMemoryTests {
    /// A field of /proc/PID/status in KiB.
    func status(_ desktop: Desktop, _ pid: pid_t, _ field: String) throws -> Int {
        let text = String(decoding: desktop.sandbox.read("/proc/\(pid)/status") ?? [], as: UTF8.self)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix(field + ":") })
        return try #require(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
    }

    /// Before, `copy` of 20 MiB raised the daemon's peak by 61 MiB: SQLite's buffer of the text, the
    /// string, its UTF-8 array and its Latin-1 array.
    @Test func copyOfTwentyMebibytesRaisesTheDaemonsPeakByLittleMoreThanThePayload() throws {
        let desktop = try Desktop(config: "max-bytes = 32M\nfeedback = none\n")
        let daemon = try desktop.startDaemon()
        let pattern = Array("copypasta holds this line once\n".utf8)
        let payload = (0..<(20 << 20)).map { pattern[$0 % pattern.count] }
        let added = try Child([CopypastaBinary.path, "add"], environment: desktop.environment).communicate(payload)
        #expect(added.output == "1\n", "\(added.stderr)")
        // Writing 5 to clear_refs resets the peak (VmHWM) to the present size.
        let reset = open("/proc/\(daemon.pid)/clear_refs", O_WRONLY)
        #expect(reset >= 0 && write(reset, "5", 1) == 1)
        close(reset)
        let before = try status(desktop, daemon.pid, "VmRSS")
        #expect(try desktop.cli.run("copy", "1").status == 0)
        #expect(try desktop.paste(timeout: 60).stdout == payload)
        #expect(try desktop.paste(target: "STRING", timeout: 60).stdout == payload)
        let growth = try status(desktop, daemon.pid, "VmHWM") - before
        #expect(growth <= (20 << 10) + (8 << 10), "the peak grew by \(growth) KiB for a 20 MiB entry")
    }
}
