import Glibc
import TestSupport
import Testing

/// `pick-hotkey`: the daemon grabs the key itself and runs `copypasta pick` on each press. The
/// launcher is a script that records its run, so no window is needed.
@Suite(.serialized) struct PickHotkeyTests {
    /// A desktop whose launcher appends a line to `launched` and cancels (exit 1), with one entry to offer.
    private func desktop(hotkey: String) throws -> (desktop: Desktop, launched: String) {
        let desktop = try Desktop()
        let launched = desktop.sandbox.root + "/launched"
        let script = desktop.sandbox.write(
            "launch", "#!/bin/sh\ncat > /dev/null\necho ran >> '\(launched)'\nexit 1\n", mode: 0o755)
        desktop.sandbox.write(
            "config/copypasta/copypasta.conf", "feedback = none\npick-hotkey = \(hotkey)\nlauncher = \(script)\n")
        #expect(try desktop.cli.run(["add", "an entry to offer"]).status == 0)
        return (desktop, launched)
    }

    private func press(_ desktop: Desktop, _ key: String) throws {
        #expect(try desktop.tool(["xdotool", "key", key]) == 0)
    }

    @Test func theHotkeyRunsPickAlsoWithNumLockOn() throws {
        let (desktop, launched) = try desktop(hotkey: "super+v")
        try desktop.startDaemon()
        #expect(desktop.waitForLog("pick-hotkey super+v runs copypasta pick"), "\(desktop.log)")
        try press(desktop, "super+v")
        #expect(desktop.waitForFile(launched, "ran\n"), "\(desktop.log)")
        try press(desktop, "Num_Lock")
        try press(desktop, "super+v")
        #expect(desktop.waitForFile(launched, "ran\nran\n"), "\(desktop.log)")
        try press(desktop, "Num_Lock")
        // Cancelling the picker (exit 1) is no failure for the log.
        #expect(desktop.waitForLog("hook picker finished", times: 2), "\(desktop.log)")
        #expect(!desktop.log.contains("exited with status"), "\(desktop.log)")
        let status = try desktop.cli.run(["status", "--json"]).output
        #expect(status.contains("\"pickHotkey\":\"super+v\",\"pickHotkeyState\":\"grabbed\""), "\(status)")
    }

    @Test func aSecondPressWhileThePickerIsOpenStartsNoSecondOne() throws {
        let desktop = try Desktop()
        let launched = desktop.sandbox.root + "/launched", release = desktop.sandbox.root + "/release"
        // Stays open until the test creates `release` (at most 30 s), as a picker waits for the user.
        let script = desktop.sandbox.write(
            "launch",
            "#!/bin/sh\ncat > /dev/null\necho ran >> '\(launched)'\n"
                + "i=0; while [ ! -e '\(release)' ] && [ $i -lt 600 ]; do sleep 0.05; i=$((i+1)); done\nexit 1\n",
            mode: 0o755)
        desktop.sandbox.write(
            "config/copypasta/copypasta.conf", "feedback = none\npick-hotkey = super+v\nlauncher = \(script)\n")
        #expect(try desktop.cli.run(["add", "an entry to offer"]).status == 0)
        try desktop.startDaemon()
        try press(desktop, "super+v")
        #expect(desktop.waitForFile(launched, "ran\n"), "\(desktop.log)")
        try press(desktop, "super+v")
        #expect(desktop.waitForLog("still open; ignored"), "\(desktop.log)")
        desktop.sandbox.write("release", "")
        #expect(desktop.waitForLog("hook picker finished"), "\(desktop.log)")
        #expect(desktop.sandbox.read(launched) == Array("ran\n".utf8))
        try press(desktop, "super+v")
        #expect(desktop.waitForFile(launched, "ran\nran\n"), "\(desktop.log)")
    }

    @Test func aKeyHeldByAnotherClientIsReportedOnceAndRegrabbedAtReload() throws {
        let (desktop, launched) = try desktop(hotkey: "super+v")
        let holder = try desktop.start([TestClient.path, "--grab-key", "v", "64"])
        #expect(holder.waitForLine("grabbed") != nil)
        try desktop.startDaemon()
        let json = try desktop.cli.run(["status", "--json"]).output
        #expect(json.contains("\"pickHotkey\":\"super+v\",\"pickHotkeyState\":\"taken\""), "\(json)")
        let human = try desktop.cli.run(["status"]).output
        #expect(human.contains("pick-hotkey: super+v is held by another client"), "\(human)")
        #expect(desktop.log.split(separator: "\n").count { $0.contains("super+v") } == 1, "\(desktop.log)")
        #expect(!desktop.log.contains("X protocol error"), "\(desktop.log)")

        holder.stop()
        #expect(try desktop.cli.run(["config", "--reload"]).status == 0)
        #expect(desktop.waitForLog("pick-hotkey super+v runs copypasta pick"), "\(desktop.log)")
        try press(desktop, "super+v")
        #expect(desktop.waitForFile(launched, "ran\n"), "\(desktop.log)")
    }

    @Test func aNewLayoutThatMovesTheKeyIsFollowed() throws {
        let (desktop, launched) = try desktop(hotkey: "super+v")
        try desktop.startDaemon()
        #expect(desktop.waitForLog("pick-hotkey super+v runs copypasta pick"))
        // Dvorak puts v where US has the full stop: the grab must move to that key.
        #expect(try desktop.tool(["setxkbmap", "-layout", "us", "-variant", "dvorak"]) == 0)
        #expect(desktop.waitForLog("pick-hotkey super+v runs copypasta pick", times: 2), "\(desktop.log)")
        try press(desktop, "super+v")
        #expect(desktop.waitForFile(launched, "ran\n"), "\(desktop.log)")
    }

    @Test func aKeyTheKeyboardLacksIsReported() throws {
        let (desktop, _) = try desktop(hotkey: "super+NoSuchKeysym")
        try desktop.startDaemon()
        let json = try desktop.cli.run(["status", "--json"]).output
        #expect(json.contains("\"pickHotkeyState\":\"unknown-key\""), "\(json)")
        #expect(desktop.log.contains("pick-hotkey super+NoSuchKeysym names a key this keyboard does not have"))
    }

    @Test func aReloadMovesTheGrabToTheNewKey() throws {
        let (desktop, launched) = try desktop(hotkey: "super+v")
        try desktop.startDaemon()
        #expect(desktop.waitForLog("pick-hotkey super+v runs copypasta pick"))
        let script = desktop.sandbox.root + "/launch"
        desktop.sandbox.write(
            "config/copypasta/copypasta.conf", "feedback = none\npick-hotkey = ctrl+alt+h\nlauncher = \(script)\n")
        #expect(try desktop.cli.run(["config", "--reload"]).status == 0)
        #expect(desktop.waitForLog("pick-hotkey ctrl+alt+h runs copypasta pick"), "\(desktop.log)")
        // The old key is free again: another client can grab it.
        let holder = try desktop.start([TestClient.path, "--grab-key", "v", "64"])
        #expect(holder.waitForLine("grabbed") != nil)
        try press(desktop, "ctrl+alt+h")
        #expect(desktop.waitForFile(launched, "ran\n"), "\(desktop.log)")
    }
}
