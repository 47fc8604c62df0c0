import Glibc
import TestSupport
import Testing

/// `copypasta type` against a real Xvfb, its layouts, and the focus-taking test client.
@Suite(.serialized) struct TypeTests {
    static let text = """
        ASCII: Hello, World! 0123 ~`!@#$%^&*()_+-=[]{}|\\;:'",.<>/?
        Latin-1: àéîõü ß ç ñ ÿ Ä
        \teuro € Cyrillic Привет CJK 中文 emoji 😀

        """

    @Test(arguments: [("us", "0"), ("de", "0"), ("fr", "0"), ("us,ru", "1")])
    func typedTextArrivesExactlyAndTheMappingIsRestored(layout: String, group: String) throws {
        let desktop = try Desktop(config: "feedback = none\n")
        #expect(try desktop.tool(["setxkbmap", "-layout", layout]) == 0)
        let (_, output) = try desktop.startFocusedClient("typed", arguments: ["--group", group])
        #expect(try desktop.cli.run("add", Self.text).status == 0)
        let before = try desktop.keymap()
        #expect(before.contains("xkb_symbols"), "\(before)")
        let typed = try desktop.cli.run("type", "1")
        #expect(typed.status == 0, "\(typed.stderr)")
        #expect(desktop.waitForFile(output, Self.text), "\(String(decoding: desktop.sandbox.read(output) ?? [], as: UTF8.self))")
        #expect(try desktop.keymap() == before)
        #expect(try desktop.sql("SELECT use_count FROM entry WHERE id = 1") == "1")
    }

    @Test func heldShiftCtrlAndCapsLockDoNotChangeTheText() throws {
        let desktop = try Desktop(config: "feedback = none\n")
        let (_, output) = try desktop.startFocusedClient("typed")
        #expect(try desktop.cli.run("add", "Mixed Case 42!").status == 0)
        #expect(try desktop.tool(["xdotool", "key", "Caps_Lock"]) == 0)
        #expect(try desktop.tool(["xdotool", "keydown", "shift", "keydown", "ctrl"]) == 0)
        let typed = try desktop.cli.run("type", "1")
        #expect(typed.status == 0, "\(typed.stderr)")
        #expect(desktop.waitForFile(output, "Mixed Case 42!"))
    }

    @Test func sigtermMidTypingRestoresTheMappingAndACrashIsRepairedNextRun() throws {
        let desktop = try Desktop(config: "feedback = none\n")
        let (_, output) = try desktop.startFocusedClient("typed")
        let rare = String(repeating: "€ж中😀ñ", count: 60)
        #expect(try desktop.cli.run("add", rare).status == 0)
        #expect(try desktop.cli.run("add", "ok").status == 0)
        let before = try desktop.keymap()
        for (signal, status) in [(SIGTERM, Int32(128 + SIGTERM)), (SIGKILL, Int32(-1))] {
            let typedBefore = desktop.sandbox.read(output)?.count ?? 0
            let typing = try desktop.start([CopypastaBinary.path, "type", "1", "--delay", "20"])
            #expect(waitUntil(seconds: 30) { (desktop.sandbox.read(output)?.count ?? 0) > typedBefore + 10 })
            #expect(try desktop.keymap() != before)
            typing.signal(signal)
            let exited = typing.wait(seconds: 30)
            if status >= 0 {
                #expect(exited == status)
                #expect(try desktop.keymap() == before)
            }
        }
        #expect(try desktop.keymap() != before, "SIGKILL leaves the bound keycodes")
        #expect(try desktop.cli.run("type", "2").status == 0)
        #expect(try desktop.keymap() == before)
    }

    @Test func focusMovingToAnotherWindowStopsWith75() throws {
        let desktop = try Desktop(config: "feedback = none\n")
        let (_, output) = try desktop.startFocusedClient("first")
        #expect(try desktop.cli.run("add", String(repeating: "abcdefghij", count: 100)).status == 0)
        let typing = try desktop.start([CopypastaBinary.path, "type", "1", "--delay", "10"])
        #expect(waitUntil(seconds: 30) { (desktop.sandbox.read(output)?.count ?? 0) > 5 })
        _ = try desktop.startFocusedClient("second")
        #expect(typing.wait(seconds: 30) == 75)
        #expect((desktop.sandbox.read(output)?.count ?? 0) < 1000)
    }

    @Test func badInputIsRefused() throws {
        let desktop = try Desktop(config: "feedback = none\ntype-max-chars = 20\n")
        #expect(try desktop.cli.run("add", "bell\u{07}").status == 0)
        #expect(try desktop.cli.run("add", String(repeating: "x", count: 21)).status == 0)
        #expect(try desktop.cli.run("add", "fine").status == 0)
        let control = try desktop.cli.run("type", "1")
        #expect(control.status == 65)
        #expect(control.stderr.contains("--raw"))
        let long = try desktop.cli.run("type", "2")
        #expect(long.status == 65)
        #expect(long.stderr.contains("paste"))
        #expect(try desktop.cli.run("type", "99").status == 66)
        #expect(try desktop.cli.run("paste", "99").status == 66)
        var headless = desktop.cli
        headless.environment["DISPLAY"] = ""
        #expect(try headless.run("type", "3").status == 69)
        #expect(try headless.run("paste", "3").status == 69)
        #expect(try desktop.cli.run("type", "3", "--delay", "5000").status == 64)
    }
}
