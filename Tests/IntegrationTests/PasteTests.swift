import Glibc
import TestSupport
import Testing

/// `copypasta paste` into the test client and a real GTK 3 entry, with and without a daemon.
@Suite(.serialized) struct PasteTests {
    static let text = "pasted ✓ text\nsecond line"

    /// Copies `previous` with xclip and, with a daemon, waits until it is captured.
    private func prepare(_ desktop: Desktop, daemon: Bool, previous: String) throws -> Int {
        if daemon { try desktop.startDaemon() }
        #expect(try desktop.cli.run("add", Self.text).status == 0)
        try desktop.xclip(Array(previous.utf8))
        if daemon { #expect(try desktop.waitForEntries(2)) }
        return try desktop.entryCount()
    }

    @Test(arguments: [true, false])
    func pasteReachesTheClientAndPutsThePreviousContentBack(daemon: Bool) throws {
        let desktop = try Desktop(config: "feedback = none\n")
        let (client, output) = try desktop.startFocusedClient("client")
        let entries = try prepare(desktop, daemon: daemon, previous: "what was there before")
        let pasted = try desktop.cli.run("paste", "1")
        #expect(pasted.status == 0, "\(pasted.stderr)")
        #expect(client.waitForLine("pasted") != nil)
        #expect(desktop.sandbox.read(output + ".pasted") == Array(Self.text.utf8))
        #expect(waitUntil(seconds: 20) { (try? desktop.paste().output) == "what was there before" })
        #expect(try desktop.entryCount() == entries)
        #expect(try desktop.sql("SELECT use_count FROM entry WHERE id = 1") == "1")
        if daemon { #expect(desktop.waitForLog("put the previous clipboard content back")) }
    }

    /// Without a daemon and with nothing to put back, the background server exits once the
    /// paste is done: the clipboard is empty again and no copypasta process is left behind.
    @Test func pasteWithoutADaemonOnAnEmptyClipboardLeavesNoProcess() throws {
        let desktop = try Desktop(config: "feedback = none\n")
        let (client, output) = try desktop.startFocusedClient("client")
        #expect(try desktop.cli.run("add", Self.text).status == 0)
        #expect(try desktop.cli.run("paste", "1").status == 0)
        #expect(client.waitForLine("pasted") != nil)
        #expect(desktop.sandbox.read(output + ".pasted") == Array(Self.text.utf8))
        #expect(waitUntil(seconds: 20) { Self.processes(naming: desktop.sandbox.database).isEmpty })
        #expect(try desktop.paste(timeout: 5).status != 0)
    }

    /// The pids of processes whose command line names `word` (the sandbox's database path).
    private static func processes(naming word: String) -> [Int32] {
        guard let directory = opendir("/proc") else { return [] }
        defer { closedir(directory) }
        var found: [Int32] = []
        while let item = readdir(directory) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let pid = Int32(name) else { continue }
            let fd = open("/proc/\(pid)/cmdline", O_RDONLY)
            guard fd >= 0 else { continue }
            var bytes = [UInt8](repeating: 0, count: 4096)
            let count = read(fd, &bytes, bytes.count)
            close(fd)
            // A zombie has an empty command line: it is gone, only not yet reaped.
            if count > 0, String(decoding: bytes[..<count], as: UTF8.self).contains(word) { found.append(pid) }
        }
        return found
    }

    @Test func terminalsGetCtrlShiftVAndPasteKeysOverride() throws {
        let desktop = try Desktop(config: "feedback = none\npaste-keys = Special:ctrl+v\n")
        try desktop.startDaemon()
        #expect(try desktop.cli.run("add", Self.text).status == 0)
        let (kitty, _) = try desktop.startFocusedClient("kitty", arguments: ["--class", "kitty"])
        #expect(try desktop.cli.run("paste", "1").status == 0)
        #expect(kitty.waitForLine("paste-key") == "paste-key ctrl+shift+v")
        let (special, _) = try desktop.startFocusedClient("special", arguments: ["--class", "Special"])
        #expect(try desktop.cli.run("paste", "1").status == 0)
        #expect(special.waitForLine("paste-key") == "paste-key ctrl+v")
    }

    @Test func nobodyFetchingPutsThePreviousContentBackAtTheTimeout() throws {
        let desktop = try Desktop(config: "feedback = none\npaste-restore-timeout = 300ms\n")
        let (client, _) = try desktop.startFocusedClient("client", arguments: ["--class", "xterm"])
        _ = try prepare(desktop, daemon: true, previous: "before")
        let started = Clock.now()
        client.stop()
        #expect(try desktop.cli.run("paste", "1").status == 0)
        #expect(desktop.waitForLog("fetched=false"))
        #expect(Clock.now() - started >= 0.3)
        #expect(try desktop.paste().output == "before")
    }

    @Test(arguments: [true, false])
    func pasteIntoAGtkEntry(daemon: Bool) throws {
        let desktop = try Desktop(config: "feedback = none\n")
        desktop.extraEnvironment = ["NO_AT_BRIDGE": "1", "GDK_BACKEND": "x11"]
        let script = String(#filePath).replacing("/IntegrationTests/PasteTests.swift", with: "/gtk-entry.py")
        let gtk = try desktop.start(["/usr/bin/python3", script])
        #expect(gtk.waitForLine("ready", seconds: 60) != nil)
        let entries = try prepare(desktop, daemon: daemon, previous: "gtk before")
        #expect(try desktop.cli.run("add", "into GTK ✓").status == 0)
        #expect(try desktop.cli.run("paste", "\(entries + 1)").status == 0)
        #expect(gtk.waitForLine("text \"into GTK \\u2713\"", seconds: 30) != nil)
        #expect(waitUntil(seconds: 20) { (try? desktop.paste().output) == "gtk before" })
        #expect(try desktop.entryCount() == entries + 1)
        if daemon { #expect(desktop.waitForLog("fetched=true")) }
    }

    @Test func pickPastesOrTypesTheChosenEntry() throws {
        let desktop = try Desktop(config: "feedback = none\n")
        let (client, output) = try desktop.startFocusedClient("client")
        #expect(try desktop.cli.run("add", "picked to paste").status == 0)
        #expect(try desktop.cli.run("add", "picked to type").status == 0)
        let first = desktop.sandbox.write("first.sh", "#!/bin/sh\ncat >/dev/null; echo 1\n", mode: 0o755)
        let second = desktop.sandbox.write("second.sh", "#!/bin/sh\ncat >/dev/null; echo 2\n", mode: 0o755)
        #expect(try desktop.cli.run("pick", "--paste", "--launcher", first).status == 0)
        #expect(client.waitForLine("pasted") != nil)
        #expect(desktop.sandbox.read(output + ".pasted") == Array("picked to paste".utf8))
        #expect(try desktop.cli.run("pick", "--type", "--launcher", second).status == 0)
        #expect(desktop.waitForFile(output, "picked to type"))
        #expect(try desktop.cli.run("pick", "--type", "--paste", "--launcher", second).status == 64)
    }

    @Test func hooksSeePasteAndTypeEvents() throws {
        let desktop = try Desktop()
        let events = desktop.sandbox.root + "/events"
        let hook = desktop.sandbox.write(
            "hook.sh", "#!/bin/sh\ncat >/dev/null; echo \"$COPYPASTA_EVENT $COPYPASTA_ID\" >> \(events)\n", mode: 0o755)
        desktop.sandbox.write("config/copypasta/copypasta.conf", "on-copy = \(hook)\n")
        let (client, output) = try desktop.startFocusedClient("client")
        #expect(try desktop.cli.run("add", "hooked").status == 0)
        #expect(try desktop.cli.run("type", "1").status == 0)
        #expect(desktop.waitForFile(output, "hooked"))
        try desktop.startDaemon()
        #expect(try desktop.cli.run("paste", "1").status == 0)
        #expect(client.waitForLine("pasted") != nil)
        #expect(desktop.waitForFile(events, "type 1\npaste 1\n"))
    }

    @Test func anotherClipboardReaderDoesNotEndTheWait() throws {
        let desktop = try Desktop(config: "feedback = none\npaste-restore-timeout = 3s\n")
        let (client, _) = try desktop.startFocusedClient("client", arguments: ["--no-fetch"])
        _ = try prepare(desktop, daemon: true, previous: "before")
        #expect(try desktop.cli.run("paste", "1").status == 0)
        #expect(client.waitForLine("paste-key") != nil)
        #expect(try desktop.paste().output == Self.text)
        #expect(try desktop.paste().output == Self.text, "a reader other than the focused client put the old content back")
        #expect(desktop.waitForLog("fetched=false"))
        #expect(try desktop.paste().output == "before")
    }
}
