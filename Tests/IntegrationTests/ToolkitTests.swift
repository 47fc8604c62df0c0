import Glibc
import TestSupport
import Testing

/// Real toolkits from Debian (GTK 3 and 4 through python3-gi, Qt 5 through
/// python3-pyqt5, Tk through python3-tk, and xterm) own and read CLIPBOARD the
/// way applications do. Most of them own it through a window that carries no
/// WM_CLASS, so the application is found from the other windows of its X client.
@Suite(.serialized) struct ToolkitTests {
    /// Debian's interpreter, which the python3-* packages extend (not a pyenv or venv one).
    static let python = "/usr/bin/python3"
    /// The helper scripts next to this suite.
    static let scripts: String = {
        let file = #filePath
        let tests = file[..<(file.firstRange(of: "/IntegrationTests/")?.lowerBound ?? file.endIndex)]
        return tests + "/Toolkits"
    }()
    /// Toolkits talk to X only, without accessibility bus or Wayland.
    static let environment = [
        "GDK_BACKEND": "x11", "NO_AT_BRIDGE": "1", "GTK_A11Y": "none", "QT_QPA_PLATFORM": "xcb", "WAYLAND_DISPLAY": "",
    ]

    /// The command that makes `toolkit` own CLIPBOARD with `text` as application `name`.
    static func ownerCommand(_ toolkit: String, name: String, text: String) -> [String] {
        guard toolkit == "xterm" else { return [python, scripts + "/clipboard_owner.py", toolkit, name, text] }
        // OSC 52 makes xterm own CLIPBOARD with the text, as a selection with the mouse would.
        let encoded = base64(Array(text.utf8))
        return [
            "xterm", "-class", name, "-xrm", "\(name)*allowWindowOps: true", "-xrm",
            "\(name)*disallowedWindowOps: 20,21,SetXprop",
            "-e", "sh", "-c", "printf '\\033]52;c;\(encoded)\\007'; exec sleep 600",
        ]
    }

    @Test(arguments: [
        ("gtk3", "Cpgtk3"), ("gtk4", "cpgtk4"), ("gtk4-bare", "python3"), ("qt5", "cpqt5"), ("tk", "Cptk"), ("xterm", "Cpxterm"),
    ])
    func sourceAppIsTheApplicationAndIgnoreAppsSkipsIt(toolkit: String, name: String) throws {
        let desktop = try Desktop()
        desktop.extraEnvironment = Self.environment
        let daemon = try desktop.startDaemon()
        let text = "copied from \(toolkit)"
        _ = try desktop.start(Self.ownerCommand(toolkit, name: name.lowercased(), text: text), captureOutput: false)
        #expect(try desktop.waitForEntries(1, seconds: 60), "\(desktop.log)")
        #expect(try desktop.cli.run("show", "1").output == text)
        let json = try desktop.cli.run("list", "--json").output
        #expect(json.lowercased().contains("\"sourceapp\":\"\(name.lowercased())\""), "\(json)\n\(desktop.log)")
        // The same application, still owning CLIPBOARD, is read again at start-up and skipped.
        daemon.stop()
        desktop.sandbox.write("config/copypasta/copypasta.conf", "ignore-apps = \(name.uppercased())\n")
        try desktop.startDaemon()
        #expect(desktop.waitForLog("ignored app", seconds: 30), "\(desktop.log)")
        #expect(try desktop.entryCount() == 1)
    }

    /// Under a reparenting window manager that keeps no _NET_CLIENT_LIST, Qt's named window
    /// sits inside the manager's frame; it is still found as a window of Qt's client.
    @Test func qtInsideAWindowManagerFrameIsStillNamed() throws {
        let desktop = try Desktop()
        desktop.extraEnvironment = Self.environment
        let qt = try desktop.start(Self.ownerCommand("qt5", name: "cpqt5", text: "copied from a framed Qt"))
        #expect(qt.waitForLine("owned", seconds: 60) != nil)
        let framer = try desktop.start([TestOwner.path, "frame-others"])
        let framed = framer.waitForLine("framed")
        #expect(framed != nil && framed != "framed 0", "\(framed ?? "-")")
        try desktop.startDaemon()
        #expect(try desktop.waitForEntries(1, seconds: 30), "\(desktop.log)")
        let json = try desktop.cli.run("list", "--json").output
        #expect(json.contains("\"sourceApp\":\"cpqt5\""), "\(json)\n\(desktop.log)")
    }

    /// An owner whose client has no window with WM_CLASS is named by its process (comm, at most
    /// 15 characters), found through _NET_WM_PID on this machine.
    @Test func anUnnamedOwnerIsNamedByItsProcess() throws {
        let desktop = try Desktop(config: "ignore-apps = copypasta-testo\n")
        try desktop.startDaemon()
        let owner = try desktop.start([TestOwner.path, "normal", "--pid", "--text", "from an unnamed window"])
        #expect(owner.waitForLine("owned") != nil)
        #expect(desktop.waitForLog("ignored app copypasta-testo"), "\(desktop.log)")
        try desktop.xclip(Array("allowed".utf8))
        #expect(try desktop.waitForEntries(1), "\(desktop.log)")
        #expect(try desktop.entryCount() == 1)
    }

    /// Tk reads at most about 400 kB per transfer step: a 1 MiB restore still reaches it whole.
    @Test func tkPastesAOneMebibyteRestoreByteForByte() throws {
        let desktop = try Desktop(config: "max-bytes = 4M\nfeedback = none\n")
        desktop.extraEnvironment = Self.environment
        try desktop.startDaemon()
        let pattern = Array("Tk reads this line in 256 KiB steps ✓\n".utf8)
        var text = (0..<(1 << 20)).map { pattern[$0 % pattern.count] }
        while String(validating: text, as: UTF8.self) == nil { text.removeLast() }
        let added = try Child([CopypastaBinary.path, "add"], environment: desktop.environment).communicate(text)
        #expect(added.output == "1\n", "\(added.stderr)")
        #expect(try desktop.cli.run("copy", "1").status == 0)
        let output = desktop.sandbox.root + "/tk-pasted"
        let reader = try Child([Self.python, Self.scripts + "/tk_reader.py", output], environment: desktop.environment)
        let result = reader.communicate(timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(desktop.sandbox.read(output) == text)
    }
}

/// RFC 4648 base64, for the OSC 52 sequence.
private func base64(_ bytes: [UInt8]) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
    var out = ""
    for start in stride(from: 0, to: bytes.count, by: 3) {
        let group = bytes[start..<min(start + 3, bytes.count)]
        let value = group.enumerated().reduce(0) { $0 | Int($1.element) << (16 - 8 * $1.offset) }
        for index in 0..<4 {
            out.append(index <= group.count ? alphabet[(value >> (18 - 6 * index)) & 63] : "=")
        }
    }
    return out
}
