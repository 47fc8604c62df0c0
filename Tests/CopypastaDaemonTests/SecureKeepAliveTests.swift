import CopypastaCore
import Testing

@testable import CopypastaDaemon

/// A secure entry is never served by keep-alive: made secure after its capture, its text is
/// sealed and the owner's closing leaves the clipboard empty.
@Suite struct SecureKeepAliveTests {
    @Test func anEntryMadeSecureAfterItsCaptureIsNotKeptAlive() throws {
        let harness = try CaptureHarness()
        harness.copy("hunter2")
        let id = try #require(try harness.store.newestID())
        try harness.store.makeSecure(id: id, key: try harness.store.secureKey(passphrase: Array("pass".utf8), create: true))
        harness.ownerGone()
        #expect(harness.source.owned.isEmpty)
    }
}
