import CopypastaCore
import Testing

/// The log line of each skip is derived from its typed reason.
@Suite struct SkipReasonTests {
    @Test(arguments: [
        (SkipReason.ownerGone(.targets), "owner went away before it sent TARGETS"),
        (.ownerGone(.text), "owner went away before it sent the text"),
        (.ownerGone(.incremental), "owner went away during the INCR transfer"),
        (.timedOut(.targets, milliseconds: 1000), "owner did not send TARGETS within 1000 ms"),
        (.timedOut(.incremental, milliseconds: 250), "owner did not send the next INCR chunk within 250 ms"),
        (.tooLarge(2048), "larger than max-bytes (2048 bytes or more)"),
        (.ignoredApp("KeePassXC"), "ignored app KeePassXC"),
        (.passwordHint, "password manager hint"),
        (.superseded, "superseded by a newer copy"),
        (.invalidReply(.unusableTargets), "owner sent an unusable TARGETS list"),
        (.invalidReply(.notText(type: "image/png", format: 8)), "owner sent type image/png with format 8 instead of text"),
    ])
    func reasonsReadAsTheyAreLogged(reason: SkipReason, line: String) {
        #expect(reason.description == line)
    }
}
