import CopypastaSystem
import Glibc
import Testing

@Suite struct WaitStatusTests {
    @Test func anExitCodeIsTheHighByte() {
        #expect(Spawn.exitCode(waitStatus: 0) == 0)
        #expect(Spawn.exitCode(waitStatus: 1 << 8) == 1)
        #expect(Spawn.exitCode(waitStatus: 255 << 8) == 255)
    }

    @Test func aSignalIs128PlusItsNumber() {
        #expect(Spawn.exitCode(waitStatus: SIGKILL) == 128 + SIGKILL)
        // The core-dump flag (0x80) does not change the signal.
        #expect(Spawn.exitCode(waitStatus: SIGSEGV | 0x80) == 128 + SIGSEGV)
    }

    @Test func reapGivesTheStatusOfARealChild() throws {
        let child = try Spawn.start(["sh", "-c", "exit 7"], environment: [:], stdin: false, stdout: false, stderr: false)
        #expect(Spawn.reap(child.pid) == 7)
        let killed = try Spawn.start(["sh", "-c", "kill -TERM $$"], environment: [:], stdin: false, stdout: false, stderr: false)
        #expect(Spawn.reap(killed.pid) == 128 + SIGTERM)
    }
}
