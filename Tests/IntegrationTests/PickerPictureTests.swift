import Glibc
import TestSupport
import Testing

/// The README's picture of the picker window (docs/picker.png), made under Xvfb by the test code:
/// `COPYPASTA_PICKER_PICTURE=PATH swift test --filter PickerPictureTests` writes it.
@Suite struct PickerPictureTests {
    static let path = getenv("COPYPASTA_PICKER_PICTURE").map { String(cString: $0) }

    @Test(.enabled(if: path != nil)) func pictureOfTheWindow() throws {
        let desktop = try Desktop(config: "feedback = none\npick-close = stay\n")
        try desktop.startDaemon()
        let texts = [
            "git log --oneline --graph --decorate", "https://github.com/example/copypasta/issues/21",
            "Dear Ana,\n\tthe invoice is attached.\nBest, Jo", "こんにちは世界 · مرحبا بالعالم · 😀🎉",
            "SELECT id, preview FROM entry ORDER BY captured_at DESC LIMIT 20;", "ssh deploy@10.0.4.17 -p 2222",
        ]
        for text in texts { #expect(try desktop.cli.run("add", text).status == 0) }
        #expect(try desktop.cli.run("tag", "6", "ops").status == 0)
        #expect(try desktop.cli.run("name", "2", "sig").status == 0)
        #expect(try desktop.cli.run("pin", "1").status == 0)
        let picker = try PickerSession(desktop)
        try picker.keys("Down", "Down", "Down", "Return")
        #expect(picker.waitFor("copied") { $0 != "0" })
        let found = try Child(["xdotool", "search", "--classname", "^copypasta-picker$"], environment: desktop.environment)
            .communicate(timeout: 10)
        let window = try #require(found.output.split(separator: "\n").first.map(String.init))
        let shell = try Child(["xdotool", "getwindowgeometry", "--shell", window], environment: desktop.environment)
            .communicate(timeout: 10).output
        var geometry: [String: String] = [:]
        for line in shell.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { geometry[parts[0]] = parts[1] }
        }
        #expect(geometry["WIDTH"] != nil, "\(window) \(shell)")
        let crop = "\(geometry["WIDTH"] ?? "0")x\(geometry["HEIGHT"] ?? "0")+\(geometry["X"] ?? "0")+\(geometry["Y"] ?? "0")"
        let arguments = ["import", "-window", "root", "-crop", crop, "+repage", Self.path ?? "/dev/null"]
        let shot = try Child(arguments, environment: desktop.environment).communicate(timeout: 30)
        #expect(shot.status == 0, "\(crop): \(shot.stderr)")
        try picker.keys("Escape")
        #expect(picker.process.wait(seconds: 10) == 1)
    }
}
