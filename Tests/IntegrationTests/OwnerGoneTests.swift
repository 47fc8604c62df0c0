import TestSupport
import Testing

/// An owner that dies in the middle of a conversion: XFixes reports its client
/// closed, and the read ends then, not at convert-timeout.
@Suite(.serialized) struct OwnerGoneTests {
    @Test(arguments: [
        ("die-on-targets", "before it sent TARGETS"), ("die-on-text", "before it sent the text"),
        ("die-mid-incr", "during the INCR transfer"),
    ])
    func conversionEndsWhenTheOwnerGoesAway(mode: String, reason: String) throws {
        let desktop = try Desktop(config: "convert-timeout = 5000ms\n")
        try desktop.startDaemon()
        let owner = try desktop.start([
            TestOwner.path, mode, "--incr", "--chunk", "1000", "--text", String(repeating: "y", count: 10_000),
        ])
        #expect(owner.waitForLine("owned") != nil)
        let started = Clock.now()
        #expect(desktop.waitForLog("owner went away \(reason)", seconds: 20), "\(desktop.log)")
        let elapsed = Clock.now() - started
        // Well before the 5 s convert-timeout (which would log "did not send").
        #expect(elapsed < 2.5, "skipped after \(elapsed) s")
        #expect(!desktop.log.contains("did not send"), "\(desktop.log)")
        try desktop.xclip(Array("good copy after \(mode)".utf8))
        #expect(try desktop.waitForEntries(1), "\(desktop.log)")
    }
}
