/// Clients the integration tests start on a desktop: a real xterm, a test owner of CLIPBOARD.
extension Desktop {
    /// Starts a real xterm of class `name` at height `y` in the `fixed` font (6×13 pixels) showing
    /// `line` on its first row, with each of `resources` given as `-xrm`; returns its window id
    /// once it drew the line (the selection tests click and drag in it).
    public func startXterm(_ name: String, showing line: String, y: Int = 0, resources: [String] = []) throws -> String {
        let ready = sandbox.root + "/\(name)-ready"
        _ = try start(
            ["xterm", "-class", name, "-geometry", "60x8+0+\(y)", "-fn", "fixed"] + resources.flatMap { ["-xrm", $0] }
                + ["-e", "sh", "-c", "printf '%s\\n' '\(line)'; touch '\(ready)'; exec sleep 600"],
            captureOutput: false)
        guard waitUntil(seconds: 30, { sandbox.read(ready) != nil }) else { throw SpawnError("xterm \(name) did not start") }
        let search = try Child(["xdotool", "search", "--sync", "--class", name], environment: environment)
            .communicate(timeout: 30).output
        guard let window = search.split(separator: "\n").first.map(String.init) else {
            throw SpawnError("no window of class \(name)")
        }
        return window
    }
}

extension Desktop {
    /// Starts the daemon and a test owner of CLIPBOARD holding `text`, and waits until the daemon
    /// stored the copy: the keep-alive tests then kill the owner.
    public func startDaemonWithOwner(of text: String) throws -> Child {
        try startDaemon()
        let owner = try start([TestOwner.path, "normal", "--text", text])
        guard owner.waitForLine("owned") != nil else { throw SpawnError("the test owner did not take CLIPBOARD") }
        guard try waitForEntries(1) else { throw SpawnError("the daemon did not store the owner's copy: \(log)") }
        return owner
    }
}
