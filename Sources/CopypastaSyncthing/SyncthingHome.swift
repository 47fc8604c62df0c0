import CopypastaCore
import CopypastaSystem
import Glibc

/// The local Syncthing's config.xml: where its REST API listens and its API key.
///
/// Syncthing 1.19 (Debian 12) keeps its home in `$XDG_CONFIG_HOME/syncthing`; releases from
/// 1.27 use `$XDG_STATE_HOME/syncthing` for new installs and keep an existing old home. Reading
/// the key from there is what users expect instead of copying it out of the GUI.
public struct SyncthingHome: Equatable, Sendable {
    /// The config.xml read.
    public let configFile: String
    /// `<gui><apikey>`, when set.
    public let apiKey: String?
    /// `<gui><address>` as an http URL, when set (a wildcard host is reached on 127.0.0.1).
    public let guiAddress: String?

    /// A home read from `configFile`.
    public init(configFile: String, apiKey: String?, guiAddress: String?) {
        self.configFile = configFile
        self.apiKey = apiKey
        self.guiAddress = guiAddress
    }

    /// Syncthing's default GUI address.
    public static let defaultGUIAddress = "http://127.0.0.1:8384"

    /// The config.xml files to look at, in order (the old home first, as Syncthing itself does).
    public static func candidates(environment: [String: String], home: String) -> [String] {
        func directory(_ name: String, _ fallback: String) -> String {
            guard let value = environment[name], value.hasPrefix("/") else { return home + fallback }
            return value
        }
        return [
            directory("XDG_CONFIG_HOME", "/.config") + "/syncthing/config.xml",
            directory("XDG_STATE_HOME", "/.local/state") + "/syncthing/config.xml",
        ]
    }

    /// The first readable candidate, parsed; nil when there is none.
    public static func find(environment: [String: String], home: String) -> SyncthingHome? {
        for path in candidates(environment: environment, home: home) {
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { continue }
            defer { close(fd) }
            guard let bytes = try? FileInput.readAll(fd, limit: 4 << 20) else { continue }
            return parse(String(decoding: bytes, as: UTF8.self), file: path)
        }
        return nil
    }

    /// Reads the `<gui>` element of a config.xml's text.
    public static func parse(_ xml: String, file: String) -> SyncthingHome {
        guard let start = xml.firstRange(of: "<gui"), let end = xml[start.upperBound...].firstRange(of: "</gui>") else {
            return SyncthingHome(configFile: file, apiKey: nil, guiAddress: nil)
        }
        let gui = xml[start.lowerBound..<end.lowerBound]
        let opening = gui.prefix { $0 != ">" }
        let tls = opening.contains("tls=\"true\"")
        let address = element("address", in: gui).map { address -> String in
            var hostPort = address
            for wildcard in ["0.0.0.0:", "[::]:", ":"] where hostPort.hasPrefix(wildcard) {
                hostPort = "127.0.0.1:" + hostPort.dropFirst(wildcard.count)
                break
            }
            if hostPort.hasPrefix("http://") || hostPort.hasPrefix("https://") { return hostPort }
            return (tls ? "https://" : "http://") + hostPort
        }
        return SyncthingHome(configFile: file, apiKey: element("apikey", in: gui), guiAddress: address)
    }

    private static func element(_ name: String, in xml: Substring) -> String? {
        guard let open = xml.firstRange(of: "<\(name)>"), let close = xml[open.upperBound...].firstRange(of: "</\(name)>")
        else { return nil }
        let value = String(xml[open.upperBound..<close.lowerBound]).trimmingSpaces()
        return value.isEmpty ? nil : value
    }
}
