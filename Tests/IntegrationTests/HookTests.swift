import Glibc
import TestSupport
import Testing

/// Hooks and the daemon socket: what the hook sees, and that nothing a hook or a client does stalls the daemon.
@Suite(.serialized) struct HookTests {
    @Test func hooksGetTheEnvironmentAndTheTextOnStdin() throws {
        let desktop = try Desktop()
        let dir = desktop.sandbox.root
        let script =
            "#!/bin/sh\nenv | grep -E '^COPYPASTA_(EVENT|ID|SELECTION|BYTES|PREVIEW|SOURCE_APP)=' | sort > \"\(dir)/$COPYPASTA_EVENT.env\"\ncat > \"\(dir)/$COPYPASTA_EVENT.stdin\"\n"
        desktop.sandbox.write("config/copypasta/hooks/on-capture", script, mode: 0o755)
        desktop.sandbox.write("config/copypasta/hooks/on-copy", script, mode: 0o755)
        try desktop.startDaemon()
        let text = "hook text\nwith 'quotes' $(and) `ticks`"
        let owner = try desktop.start([TestOwner.path, "normal", "--class", "TestApp", "--text", text])
        #expect(owner.waitForLine("owned") != nil)
        #expect(waitUntil { desktop.sandbox.read(dir + "/capture.stdin") == Array(text.utf8) })
        let env = String(decoding: desktop.sandbox.read(dir + "/capture.env") ?? [], as: UTF8.self)
        #expect(
            env == """
                COPYPASTA_BYTES=\(text.utf8.count)
                COPYPASTA_EVENT=capture
                COPYPASTA_ID=1
                COPYPASTA_PREVIEW=hook text⏎with 'quotes' $(and) `ticks`
                COPYPASTA_SELECTION=clipboard
                COPYPASTA_SOURCE_APP=TestApp

                """)
        #expect(try desktop.cli.run("copy", "1").status == 0)
        #expect(waitUntil { desktop.sandbox.read(dir + "/copy.stdin") == Array(text.utf8) })
        #expect(String(decoding: desktop.sandbox.read(dir + "/copy.env") ?? [], as: UTF8.self).contains("COPYPASTA_EVENT=copy"))
    }

    /// Puts a stand-in notify-send first in the desktop's PATH; it writes its arguments, one per line, to the returned file.
    func fakeNotifySend(_ desktop: Desktop) -> String {
        let log = desktop.sandbox.root + "/notify.log"
        // Written aside and renamed, so the log appears whole: the tests read it as soon as it exists.
        desktop.sandbox.write(
            "bin/notify-send",
            "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > \"\(log).part\"\nmv \"\(log).part\" \"\(log)\"\n",
            mode: 0o755)
        desktop.extraEnvironment["PATH"] =
            desktop.sandbox.root + "/bin:" + (getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin")
        return log
    }

    @Test func defaultFeedbackIsATransientReplacingNotification() throws {
        let desktop = try Desktop()
        let log = fakeNotifySend(desktop)
        try desktop.startDaemon()
        try desktop.cli.run("add", "first line <b>bold</b>\nsecond line")
        #expect(try desktop.cli.run("copy", "1").status == 0)
        #expect(waitUntil { desktop.sandbox.read(log) != nil })
        let arguments = String(decoding: desktop.sandbox.read(log) ?? [], as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(arguments.contains("--app-name=copypasta"))
        #expect(arguments.contains("--hint=int:transient:1"))
        #expect(arguments.contains("--hint=string:x-canonical-private-synchronous:copypasta"))
        #expect(arguments.suffix(2) == ["Copied", "first line &lt;b&gt;bold&lt;/b&gt;⏎second line"])
    }

    @Test func feedbackNoneAndAnOnCopyHookEachSilenceTheNotification() throws {
        let desktop = try Desktop(config: "feedback = none\n")
        let log = fakeNotifySend(desktop)
        try desktop.startDaemon()
        try desktop.cli.run("add", "quiet")
        #expect(try desktop.cli.run("copy", "1").status == 0)
        #expect(desktop.waitForLog("restored"))
        let marker = desktop.sandbox.root + "/hook-ran"
        desktop.sandbox.write("config/copypasta/hooks/on-copy", "#!/bin/sh\ntouch \"\(marker)\"\n", mode: 0o755)
        desktop.sandbox.write("config/copypasta/copypasta.conf", "")
        #expect(try desktop.cli.run("config", "--reload").status == 0)
        #expect(try desktop.cli.run("copy", "1").status == 0)
        #expect(waitUntil { desktop.sandbox.read(marker) != nil })
        #expect(desktop.sandbox.read(log) == nil)
    }

    @Test func slowFailingAndDeafHooksDoNotAffectTheDaemon() throws {
        let desktop = try Desktop(config: "hook-timeout = 300ms\nmax-bytes = 32M\n")
        desktop.sandbox.write(
            "config/copypasta/hooks/on-capture",
            "#!/bin/sh\ncase \"$COPYPASTA_ID\" in\n1) sleep 30;;\n2) echo broken >&2; exit 3;;\nesac\n", mode: 0o755)
        try desktop.startDaemon()
        // Each copy is waited for: a copy replaced before the daemon read it is rightly never stored.
        for (index, payload) in [Array("sleepy".utf8), Array("failing".utf8), Array(repeating: 0x78, count: 4 << 20)].enumerated()
        {
            try desktop.xclip(payload)
            #expect(try desktop.waitForEntries(index + 1))
        }
        #expect(desktop.waitForLog("timed out"))
        #expect(desktop.waitForLog("exited with status 3"))
        #expect(desktop.log.contains("stderr=broken"))
        try desktop.xclip(Array("still capturing".utf8))
        #expect(try desktop.waitForEntries(4))
    }

    @Test func aHookThatClosesItsStreamsAndRunsOnDoesNotWakeTheDaemon() throws {
        let desktop = try Desktop(config: "hook-timeout = 10s\n")
        desktop.sandbox.write("config/copypasta/hooks/on-capture", "#!/bin/sh\nexec 0<&- 2>&-\nsleep 3\n", mode: 0o755)
        let daemon = try desktop.startDaemon()
        try desktop.xclip(Array("quiet hook".utf8))
        try desktop.waitForEntries(1)
        func cpuTicks() -> Int {
            let stat = String(decoding: desktop.sandbox.read("/proc/\(daemon.pid)/stat") ?? [], as: UTF8.self)
            let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
            return fields.count > 12 ? (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0) : -1
        }
        usleep(200_000)
        let before = cpuTicks()
        usleep(1_000_000)
        // A spinning loop would burn about 100 ticks in that second.
        #expect(cpuTicks() - before < 20)
    }

    /// The pids a hook recorded in `file`, one a line.
    func recordedPids(_ desktop: Desktop, _ file: String) -> [pid_t] {
        String(decoding: desktop.sandbox.read(file) ?? [], as: UTF8.self).split(separator: "\n").compactMap { pid_t($0) }
    }

    /// Whether `pid` has ended (gone, or a zombie waiting for its parent).
    func hasEnded(_ desktop: Desktop, _ pid: pid_t) -> Bool {
        let stat = String(decoding: desktop.sandbox.read("/proc/\(pid)/stat") ?? [], as: UTF8.self)
        return stat.isEmpty || stat.split(separator: ")").last?.split(separator: " ").first == "Z"
    }

    @Test func aHookThatLeavesABackgroundChildDoesNotStallTheDaemon() throws {
        let desktop = try Desktop(config: "hook-timeout = 60s\n")
        let pids = desktop.sandbox.root + "/leftovers"
        desktop.sandbox.write(
            "config/copypasta/hooks/on-capture", "#!/bin/sh\nsleep 20 &\necho $! >> \"\(pids)\"\nexit 0\n", mode: 0o755)
        let daemon = try desktop.startDaemon()
        defer { for pid in recordedPids(desktop, pids) { kill(pid, SIGKILL) } }
        for index in 1...6 {
            try desktop.xclip(Array("copy number \(index)".utf8))
            // The user's pace in the report: one copy every 0.3 s, whether or not the previous one is stored yet.
            usleep(300_000)
        }
        #expect(try desktop.waitForEntries(6))
        #expect(try desktop.entryCount() == 6)
        let started = Clock.now()
        let status = try desktop.cli.run("status")
        #expect(status.output.contains("daemon: running"), "\(status.output)")
        #expect(Clock.now() - started < 3)
        #expect(recordedPids(desktop, pids).count == 6)
        let stopping = Clock.now()
        daemon.signal(SIGTERM)
        #expect(daemon.wait(seconds: 10) == 0)
        #expect(Clock.now() - stopping < 3)
        // Nothing a hook started outlives the daemon.
        let leftover = recordedPids(desktop, pids)
        #expect(waitUntil { leftover.allSatisfy { hasEnded(desktop, $0) } })
    }

    @Test func whatAHookLeavesBehindIsKilledAtTheHookTimeout() throws {
        let desktop = try Desktop(config: "hook-timeout = 1s\n")
        let pids = desktop.sandbox.root + "/leftovers"
        desktop.sandbox.write(
            "config/copypasta/hooks/on-capture", "#!/bin/sh\nsleep 30 >/dev/null 2>&1 &\necho $! >> \"\(pids)\"\nexit 0\n",
            mode: 0o755)
        try desktop.startDaemon()
        defer { for pid in recordedPids(desktop, pids) { kill(pid, SIGKILL) } }
        try desktop.xclip(Array("leaves a child".utf8))
        #expect(try desktop.waitForEntries(1))
        #expect(waitUntil { recordedPids(desktop, pids).count == 1 })
        let leftover = recordedPids(desktop, pids)
        #expect(waitUntil(seconds: 15) { leftover.allSatisfy { hasEnded(desktop, $0) } })
        try desktop.xclip(Array("still capturing".utf8))
        #expect(try desktop.waitForEntries(2))
    }

    @Test func socketRejectsGarbageOversizedAndForeignClients() throws {
        let desktop = try Desktop()
        let daemon = try desktop.startDaemon()
        let socket = desktop.sandbox.root + "/run/copypasta/daemon.sock"
        #expect(desktop.sandbox.mode(socket) == 0o600)
        #expect(desktop.sandbox.mode(desktop.sandbox.root + "/run/copypasta") == 0o700)
        #expect(socketExchange(socket, Array("hello there\n".utf8))?.hasPrefix("error 64 ") == true)
        #expect(socketExchange(socket, Array("copypasta/1 restore x y\n".utf8))?.hasPrefix("error 64 ") == true)
        #expect(socketExchange(socket, Array("copypasta/1 restore 42 clipboard\n".utf8))?.hasPrefix("error 66 ") == true)
        #expect(socketExchange(socket, Array(repeating: 0x41, count: 100_000))?.hasPrefix("error 64 request too long") == true)
        #expect(socketExchange(socket, Array("copypasta/1 ping\n".utf8)) == "ok pong\n")
        chmod(desktop.sandbox.root + "/run/copypasta", 0o755)
        chmod(desktop.sandbox.root + "/run", 0o755)
        chmod(desktop.sandbox.root, 0o755)
        chmod(socket, 0o666)
        // Another user's client skips every check a copypasta client makes of the socket: the daemon refuses it itself.
        let ping =
            "use IO::Socket::UNIX; $SIG{PIPE} = 'IGNORE'; my $s = IO::Socket::UNIX->new(Peer => $ARGV[0]) or exit 2; print $s \"copypasta/1 ping\\n\"; print <$s>;"
        let foreign = try Child(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "perl", "-e", ping, socket])
            .communicate()
        #expect(foreign.status == 0 && !foreign.output.contains("pong"), "\(foreign.status) \(foreign.output) \(foreign.stderr)")
        #expect(desktop.waitForLog("refused a socket connection from another user"))
        try desktop.xclip(Array("daemon unaffected".utf8))
        #expect(try desktop.waitForEntries(1))
        #expect(daemon.exitStatusIfExited() == nil)
    }
}
