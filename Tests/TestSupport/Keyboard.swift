import Glibc

/// The focus-taking test client built next to the test bundle (Tests/TestClient).
public enum TestClient {
    /// Its path.
    public static let path: String = {
        let binary = CopypastaBinary.path
        return String(binary[..<(binary.lastIndex(of: "/") ?? binary.startIndex)]) + "/copypasta-testclient"
    }()
}

extension Desktop {
    /// Starts the test client with the input focus (`--class`, `--group` passed on); returns it and the
    /// file where it records typed text (`.pasted` beside it holds what Ctrl+V fetched).
    public func startFocusedClient(_ name: String, arguments: [String] = []) throws -> (client: Child, output: String) {
        let output = sandbox.root + "/" + name
        let client = try start([TestClient.path, output] + arguments)
        guard client.waitForLine("ready", seconds: 20) != nil else { throw SpawnError("the test client did not take the focus") }
        return (client, output)
    }

    /// The whole keyboard description (xkbcomp), to compare before and after typing.
    public func keymap() throws -> String {
        try Child(["xkbcomp", "-xkb", server.display, "-"], environment: environment).communicate(timeout: 30).output
    }

    /// Runs a tool (setxkbmap, xdotool) on this desktop; returns its status.
    @discardableResult
    public func tool(_ arguments: [String]) throws -> Int32 {
        try Child(arguments, environment: environment).communicate(timeout: 30).status
    }

    /// Waits until the file at `path` holds exactly `text`.
    public func waitForFile(_ path: String, _ text: String, seconds: Double = 30) -> Bool {
        waitUntil(seconds: seconds) { sandbox.read(path) == Array(text.utf8) }
    }
}

extension Desktop {
    /// Tests/Toolkits/type_target.py, the text fields of real applications.
    static let typeTarget: String = {
        let file = #filePath
        return String(file[..<(file.firstRange(of: "/TestSupport/")?.lowerBound ?? file.endIndex)]) + "/Toolkits/type_target.py"
    }()

    /// Starts a real application's text field with the input focus (`kind`: gtk3, qt5, firefox, chromium or
    /// xterm; see Tests/Toolkits/type_target.py); returns it and the file that mirrors the field's text.
    public func startTypeTarget(_ kind: String) throws -> (client: Child, output: String) {
        let output = sandbox.root + "/field-" + kind
        let target = try start(["/usr/bin/python3", Self.typeTarget, kind, output, sandbox.root + "/profile-" + kind])
        guard target.waitForLine("ready", seconds: 120) != nil else {
            throw SpawnError("the \(kind) field did not take the focus")
        }
        return (target, output)
    }
}
