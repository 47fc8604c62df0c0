import CopypastaCore
import CopypastaSyncthing
import CopypastaSystem
import Glibc

extension Copypasta.SyncSetup {
    /// The API of the running Syncthing, with its key; throws when it does not answer or refuses the key.
    func connect() throws -> SyncthingAPI {
        var environment: [String: String] = [:]
        for name in ["XDG_CONFIG_HOME", "XDG_STATE_HOME"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        let home = SyncthingHome.find(environment: environment, home: Environment.home)
        let (key, origin) = try apiKeyAndOrigin(home: home)
        let address = guiAddress ?? home?.guiAddress ?? SyncthingHome.defaultGUIAddress
        let api = try SyncthingAPI(address: address, apiKey: key)
        guard try api.ping() else {
            guard key != nil else {
                throw SyncthingError.noAPIKey(
                    searched: SyncthingHome.candidates(environment: environment, home: Environment.home))
            }
            throw SyncthingError.apiKeyRefused(address: api.client.address.text)
        }
        Output.standard.write("Syncthing: running at \(api.client.address.text) (API key \(origin))\n")
        return api
    }

    /// The key from --api-key, --api-key-file or config.xml, and where it came from; nil when none.
    private func apiKeyAndOrigin(home: SyncthingHome?) throws -> (String?, String) {
        if let apiKey { return (apiKey, "from --api-key") }
        if let apiKeyFile {
            let fd = apiKeyFile == "-" ? 0 : open(apiKeyFile, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else {
                throw CoreError.usage("cannot read --api-key-file \(apiKeyFile): \(SystemError.describe(errno))")
            }
            defer { if fd != 0 { close(fd) } }
            let bytes = (try? FileInput.readAll(fd, limit: 4096)) ?? []
            let key = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first.map { $0.trimmingSpaces() } ?? ""
            guard !key.isEmpty else { throw CoreError.usage("--api-key-file \(apiKeyFile) holds no key on its first line") }
            return (key, "from \(apiKeyFile)")
        }
        if let home, let key = home.apiKey { return (key, "from \(home.configFile)") }
        return (nil, "none")
    }
}
