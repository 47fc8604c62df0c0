import CopypastaCore
import Testing

/// The pure rules of secure entries: the unlock and lock requests, the pinentry lines, the keys
/// and the JSON form of a secure entry.
@Suite struct SecureRulesTests {
    static let requests: [IPCMessage.Request] = [
        .lock, .unlock(passphrase: Array("correct horse".utf8)), .unlock(passphrase: Array("a b\nc\u{0}d ü%".utf8)),
        .unlock(passphrase: Array(repeating: 0xFF, count: 1024)),
    ]

    @Test(arguments: requests) func unlockAndLockSurviveTheRoundTrip(request: IPCMessage.Request) {
        let line = IPCMessage.encode(request)
        #expect(line.utf8.count <= IPCMessage.maximumBytes && !line.contains("\n") && line.split(separator: " ").count <= 3)
        #expect(IPCMessage.decode(line) == .success(request))
        #expect(IPCMessage.decodeReply("ok", to: request) == .success(.done))
    }

    @Test(arguments: ["copypasta/1 unlock", "copypasta/1 unlock abc", "copypasta/1 unlock zz", "copypasta/1 lock now"])
    func malformedUnlocksAreUsageErrors(line: String) {
        guard case let .failure(error) = IPCMessage.decode(line) else {
            Issue.record("\(line) was accepted")
            return
        }
        #expect(error.status == .usage)
    }

    @Test func aWrongPassphraseReplyIsExit77() {
        let reply = IPCMessage.encodeError(IPCError(status: .noPermission, message: "wrong passphrase"))
        #expect(
            IPCMessage.decodeReply(reply, to: .unlock(passphrase: [1]))
                == .failure(IPCError(status: .noPermission, message: "wrong passphrase")))
        #expect(CoreError.permission("x").exitStatus.rawValue == 77)
    }

    @Test func pinentryLinesAreParsed() {
        #expect(Assuan.parse(Array("OK Pleased to meet you".utf8)) == .ok)
        #expect(Assuan.parse(Array("OK".utf8)) == .ok)
        #expect(Assuan.parse(Array("D pa%25ss%0Aword ok".utf8)) == .data(Array("pa%ss\nword ok".utf8)))
        #expect(
            Assuan.parse(Array("ERR 83886179 Operation cancelled <Pinentry>".utf8))
                == .error(code: Assuan.cancelled, message: "Operation cancelled <Pinentry>"))
        #expect(Assuan.parse(Array("# a comment".utf8)) == .other)
        #expect(Assuan.parse(Array("S PIN_REPEATED".utf8)) == .status("PIN_REPEATED"))
        #expect(Assuan.decode(Array("100%".utf8)[...]) == Array("100%".utf8))
        #expect(Assuan.escape("50% done\nnext\r") == "50%25 done%0Anext%0D")
    }

    @Test func theKeysHaveDefaultsAndParse() throws {
        let defaults = Config()
        #expect(defaults.pinentryProgram == "pinentry")
        #expect(defaults.secureUnlockTimeoutMilliseconds == 300_000)
        #expect(defaults.secureClearMilliseconds == 30_000)
        let config = try Config.parse(
            "pinentry-program = /usr/bin/pinentry-tty\nsecure-unlock-timeout = 2s\nsecure-clear = 500ms\n", file: "c.conf")
        #expect(config.pinentryProgram == "/usr/bin/pinentry-tty")
        #expect(config.secureUnlockTimeoutMilliseconds == 2000)
        #expect(config.secureClearMilliseconds == 500)
        #expect(throws: CoreError.self) { try Config.parse("secure-clear = forever\n", file: "c.conf") }
        #expect(throws: CoreError.self) { try Config.parse("secure-unlock-timeout = 0\n", file: "c.conf") }
    }

    @Test func aSecureEntryHasNoTextOrPreviewInJSON() {
        let entry = Entry(
            id: 3, text: nil, previewSource: Entry.securePreview, capturedAt: Timestamp(microseconds: 0), source: .manual,
            sourceApp: nil, bytes: 12, pinned: false, tags: [], useCount: 0, lastUsedAt: nil, secure: true)
        let line = JSONLines.encode(entry)
        #expect(line.hasPrefix("{\"id\":3,\"text\":null,\"preview\":null,"))
        #expect(line.hasSuffix(",\"secure\":true}"))
    }
}
