import CopypastaCore
import Glibc
import TestSupport
import Testing

@testable import CopypastaAI

/// Where the key comes from, and what is refused (copypasta(1) ai, "Keys").
@Suite struct AIKeyTests {
    @Test func keyFileGivesItsFirstLineTrimmed() throws {
        let sandbox = Sandbox()
        let path = sandbox.write("key", "  sk-test-123 \r\nsecond line\n", mode: 0o600)
        #expect(try AIKey.fromFile(path) == "sk-test-123")
    }

    @Test(arguments: [mode_t(0o644), 0o640, 0o604, 0o660])
    func keyFileOthersCanReadIsRefusedWith78(mode: mode_t) {
        let sandbox = Sandbox()
        let path = sandbox.write("key", "sk-secret-value\n", mode: mode)
        #expect {
            try AIKey.fromFile(path)
        } throws: { error in
            guard let error = error as? AIError else { return false }
            return error.exitStatus == .badConfig && error.description.contains("chmod 600")
                && !error.description.contains("sk-secret-value")
        }
    }

    @Test func keyFileThatIsNotARegularFileIsRefused() throws {
        let sandbox = Sandbox()
        let directory = sandbox.root + "/keydir"
        mkdir(directory, 0o700)
        let fifo = sandbox.root + "/fifo"
        mkfifo(fifo, 0o600)
        for path in [directory, fifo, sandbox.root + "/missing"] {
            #expect(throws: AIError.self) { try AIKey.fromFile(path) }
        }
        #expect(throws: AIError.notConfigured("ai-key-file \(fifo) is not a regular file")) { try AIKey.fromFile(fifo) }
    }

    @Test func emptyOrHeaderBreakingKeysAreRefused() {
        let sandbox = Sandbox()
        for contents in ["\n", "", "two words\n", "tab\there\n"] {
            let path = sandbox.write("key", contents, mode: 0o600)
            #expect(throws: AIError.self) { try AIKey.fromFile(path) }
        }
    }

    @Test func keyCommandRunsWithoutAShell() throws {
        #expect(try AIKey.fromCommand(["printf", "%s\\n%s", "sk-from-command", "ignored"]) == "sk-from-command")
        // A shell would expand this; without one it is printed as it is.
        #expect(try AIKey.fromCommand(["echo", "$HOME;x"]) == "$HOME;x")
    }

    @Test func failingOrHangingKeyCommandsAreRefusedWithoutTheirOutput() {
        #expect {
            try AIKey.fromCommand(["sh", "-c", "echo sk-leaked; exit 3"])
        } throws: { error in
            guard let error = error as? AIError else { return false }
            return error.exitStatus == .badConfig && error.description.contains("status 3")
                && !error.description.contains("sk-leaked")
        }
        let start = monotonicSeconds()
        #expect(throws: AIError.self) { try AIKey.fromCommand(["sleep", "30"], seconds: 0.5) }
        #expect(monotonicSeconds() - start < 10)
        #expect(throws: AIError.self) { try AIKey.fromCommand(["/nonexistent/key-helper"]) }
    }

    @Test func settingsPickTheFileFirstAndNothingWhenUnset() throws {
        let sandbox = Sandbox()
        sandbox.write("k", "file-key\n", mode: 0o600)
        var settings = AISettings()
        #expect(try AIKey.load(settings, home: sandbox.root) == nil)
        settings.keyCommand = ["echo", "command-key"]
        #expect(try AIKey.load(settings, home: sandbox.root) == "command-key")
        settings.keyFile = "~/k"
        #expect(try AIKey.load(settings, home: sandbox.root) == "file-key")
    }
}
