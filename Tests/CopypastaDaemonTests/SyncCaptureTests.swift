import CopypastaCore
import CopypastaStore
import Testing

@testable import CopypastaDaemon
@testable import CopypastaX11

/// Captures matched by a `sync-exclude-*` rule are stored but stay on this machine.
@Suite struct SyncCaptureTests {
    @Test func excludedCapturesAreStoredAsLocalAndOthersArePending() throws {
        let harness = try CaptureHarness {
            $0.syncExcludeApps = ["KeePassXC"]
            $0.syncExcludePatterns = ["^token "]
            $0.syncExcludeLargerThan = 20
        }
        try harness.store.setSync(enabled: true)
        harness.copy("from the vault", app: "keepassxc")
        harness.copy("token 42")
        harness.copy("a text longer than twenty bytes")
        harness.copy("shared")
        let states = try harness.store.entries(EntryFilter(), withText: true).map { "\($0.text ?? ""):\($0.sync.rawValue)" }
        #expect(
            states == [
                "shared:pending", "a text longer than twenty bytes:local", "token 42:local", "from the vault:local",
            ])
    }
}
