import CopypastaCore
import Testing

@Suite struct IPCMessageTests {
    static let requests: [IPCMessage.Request] = [
        .ping, .status, .pause, .resume, .reload, .paste(id: 42), .syncKick, .archiveKick,
        .restore(id: 7, selections: [.clipboard]), .restore(id: 9_000_000_000, selections: [.clipboard, .primary]),
    ]

    @Test(arguments: requests) func everyRequestSurvivesTheRoundTrip(request: IPCMessage.Request) {
        let line = IPCMessage.encode(request)
        #expect(line.hasPrefix("copypasta/1 "))
        #expect(IPCMessage.decode(line) == .success(request))
    }

    @Test(arguments: [
        "copypasta/2 ping", "ping", "copypasta/1 restore 1", "copypasta/1 restore x clipboard",
        "copypasta/1 restore 1 secondary", "copypasta/1 status now", "",
    ])
    func malformedRequestsAreUsageErrors(line: String) {
        guard case let .failure(error) = IPCMessage.decode(line) else {
            Issue.record("\(line) was accepted")
            return
        }
        #expect(error.status == .usage)
    }

    static let statuses = [
        DaemonStatus(
            pid: 4242, display: ":0", uptimeSeconds: 3725, selections: [.clipboard, .primary],
            lastCaptureAt: Timestamp.parseISO8601("2026-11-21T16:40:19.123Z")),
        DaemonStatus(pid: 1, display: "host name:10.0", uptimeSeconds: 0, selections: [.primary], lastCaptureAt: nil),
        DaemonStatus(pid: 7, display: "a=b%c\td ü", uptimeSeconds: 1, selections: [.clipboard], lastCaptureAt: nil),
    ]

    @Test(arguments: statuses) func theStatusReplySurvivesTheRoundTrip(status: DaemonStatus) {
        let line = IPCMessage.encode(.status(status))
        #expect(!line.dropFirst(3).contains("\t") && line.split(separator: " ").count == 6, "\(line)")
        #expect(IPCMessage.decodeReply(line, to: .status) == .success(.status(status)))
    }

    @Test func theStatusReplyIsReadableKeyValueFields() {
        let line = IPCMessage.encode(.status(Self.statuses[1]))
        #expect(line == "ok pid=1 display=host%20name:10.0 uptime=0 selections=primary lastCaptureAt=never")
    }

    @Test func thePickHotkeyAndItsGrabRideAlongAsOptionalFields() {
        let status = DaemonStatus(
            pid: 1, display: ":0", uptimeSeconds: 5, selections: [.clipboard], lastCaptureAt: nil, pickHotkey: "super+v",
            pickHotkeyState: "taken")
        let line = IPCMessage.encode(.status(status))
        #expect(line.hasSuffix(" pickHotkey=super+v pickHotkeyState=taken"), "\(line)")
        #expect(IPCMessage.decodeReply(line, to: .status) == .success(.status(status)))
    }

    @Test func unknownStatusFieldsAreSkippedSoALaterDaemonMayAddSome() {
        let line = "ok pid=1 display=:0 uptime=5 selections=clipboard lastCaptureAt=never hooks=2"
        let expected = DaemonStatus(pid: 1, display: ":0", uptimeSeconds: 5, selections: [.clipboard], lastCaptureAt: nil)
        #expect(IPCMessage.decodeReply(line, to: .status) == .success(.status(expected)))
    }

    @Test(arguments: [
        "ok", "ok pid=1 display=:0 uptime=5 selections=clipboard",  // a field missing
        "ok pid=x display=:0 uptime=5 selections=clipboard lastCaptureAt=never",  // not a number
        "ok pid=1 display=:0 uptime=-5 selections=clipboard lastCaptureAt=never",  // out of range
        "ok pid=1 display=:0 uptime=5 selections=secondary lastCaptureAt=never",  // unknown selection
        "ok pid=1 display=:0 uptime=5 selections=clipboard lastCaptureAt=yesterday",  // not a time
        "ok pid=1 pid=2 display=:0 uptime=5 selections=clipboard lastCaptureAt=never",  // repeated
        "ok pid=1 display=%2 uptime=5 selections=clipboard lastCaptureAt=never",  // broken escape
        "ok pid=1 display=:0 uptime=5 selections=clipboard lastCaptureAt=never " + String(repeating: "x", count: 5000),
    ])
    func aGarbledStatusReplyIsAnErrorNotAGuess(line: String) {
        #expect(
            IPCMessage.decodeReply(line, to: .status)
                == .failure(IPCError(status: .unavailable, message: "unexpected reply from the daemon")))
    }

    @Test func eachRequestExpectsItsOwnKindOfReply() {
        #expect(IPCMessage.decodeReply("ok pong", to: .ping) == .success(.pong))
        #expect(IPCMessage.decodeReply("ok", to: .ping) != .success(.pong))
        #expect(IPCMessage.decodeReply("ok", to: .pause) == .success(.done))
        #expect(IPCMessage.decodeReply("ok pong", to: .reload) != .success(.done))
        #expect(IPCMessage.encode(.done) == "ok")
        #expect(IPCMessage.encode(.pong) == "ok pong")
    }

    @Test func anErrorReplyCarriesItsStatusAndOneLine() {
        let error = IPCError(status: .noSuchEntry, message: "no entry 5\nsecond line")
        let line = IPCMessage.encodeError(error)
        #expect(line == "error 66 no entry 5 second line")
        #expect(
            IPCMessage.decodeReply(line, to: .restore(id: 5, selections: [.clipboard]))
                == .failure(IPCError(status: .noSuchEntry, message: "no entry 5 second line")))
    }
}
