import Glibc

/// Edits a Syncthing home's config.xml before Syncthing starts, so that it stays on loopback.
///
/// Syncthing rewrites the file itself once it runs, so edits are made while it is stopped; the
/// elements are plain `<name>value</name>` lines, so a text substitution is enough.
public enum SyncthingConfig {
    /// Options set on every test instance: no discovery, relays, NAT, usage or crash reports,
    /// upgrades or browser, and a 5 s reconnection interval.
    static let options = [
        "globalAnnounceEnabled": "false", "localAnnounceEnabled": "false", "relaysEnabled": "false", "natEnabled": "false",
        "urAccepted": "-1", "crashReportingEnabled": "false", "autoUpgradeIntervalH": "0", "startBrowser": "false",
        "reconnectionIntervalS": "5",
    ]

    /// Sets the listen address, the GUI address and API key, and `options` in `home`/config.xml.
    public static func edit(home: String, listen: String, gui: String, apiKey: String) throws {
        let path = home + "/config.xml"
        guard var xml = read(path) else { throw SpawnError("cannot read \(path)") }
        xml = replacing("listenAddress", with: listen, in: xml)
        for (name, value) in options { xml = replacing(name, with: value, in: xml) }
        if let start = xml.firstRange(of: "<gui "), let end = xml[start.upperBound...].firstRange(of: "</gui>") {
            var element = String(xml[start.lowerBound..<end.upperBound])
            element = replacing("address", with: gui, in: element)
            element = replacing("apikey", with: apiKey, in: element)
            xml.replaceSubrange(start.lowerBound..<end.upperBound, with: element)
        }
        guard write(xml, to: path) else { throw SpawnError("cannot write \(path)") }
    }

    /// `xml` with the first `<name>…</name>` holding `value`; an element that is missing is left so.
    static func replacing(_ name: String, with value: String, in xml: String) -> String {
        guard let open = xml.firstRange(of: "<\(name)>"), let close = xml[open.upperBound...].firstRange(of: "</\(name)>")
        else { return xml }
        var result = xml
        result.replaceSubrange(open.upperBound..<close.lowerBound, with: value)
        return result
    }

    /// A file's text, nil when it cannot be read.
    public static func read(_ path: String) -> String? {
        Sandbox.read(path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Writes `text` to `path` through a temporary file and a rename, as Syncthing and copypasta do.
    @discardableResult
    public static func write(_ text: String, to path: String, mode: mode_t = 0o600) -> Bool {
        let temporary = path + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard fd >= 0 else { return false }
        var text = text
        let written = text.withUTF8 { Glibc.write(fd, $0.baseAddress, $0.count) == $0.count }
        let synced = fsync(fd) == 0
        close(fd)
        guard written, synced, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }
}
