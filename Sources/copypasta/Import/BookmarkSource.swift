import CopypastaBookmarks
import CopypastaCore
import CopypastaStore
import CopypastaSystem
import Glibc

/// A browser's bookmarks that could not be found (no profile, no file): nothing was imported (66).
struct BookmarkSourceMissing: CopypastaFailure {
    let message: String
    var exitStatus: ExitStatus { .noSuchEntry }
    var description: String { message }
}

/// Where `import --from bookmarks|firefox|chromium` reads, and the tag naming the browser.
enum BookmarkSource {
    /// The most bytes a bookmark file may have; the largest real ones are a few MiB.
    static let fileLimit = 256 << 20

    /// The bookmarks of `manager` at `location` (its default place when nil) and the tag that
    /// names where they came from.
    static func read(_ manager: ForeignManager, at location: String?) throws -> (bookmarks: [Bookmark], browser: String) {
        switch manager {
        case .firefox:
            var profile = try location ?? firefoxProfile()
            if profile.hasSuffix("/places.sqlite") { profile.removeLast("/places.sqlite".count) }
            return (try firefox(profile), "firefox")
        case .chromium:
            let (folder, browser) =
                try location.map { ($0, BrowserProfiles.chromiumBrowser(profile: $0 + "/")) } ?? chromiumProfile()
            let file = folder.hasSuffix("/Bookmarks") ? folder : folder + "/Bookmarks"
            return (try ChromiumBookmarks.bookmarks(readFile(file)), browser)
        default:
            guard let location else { throw CoreError.usage("name the bookmark file to import") }
            return (try NetscapeBookmarks.bookmarks(readFile(location)), "bookmarks-file")
        }
    }

    /// The bookmarks of Firefox profile `profile`; a profile without places.sqlite is missing (66).
    private static func firefox(_ profile: String) throws -> [Bookmark] {
        let marks: Result<[Bookmark], StoreError> = Result { () throws(StoreError) in
            try FirefoxPlaces.bookmarks(profile: profile)
        }
        if case .failure(.noDatabase) = marks {
            throw BookmarkSourceMissing(message: "\(profile) has no places.sqlite; name a Firefox profile directory")
        }
        return try marks.get()
    }

    /// The profile Firefox starts with, from the first `profiles.ini` found (the Debian package's,
    /// then Flatpak's, then Snap's), the first of its profiles that has a places.sqlite.
    private static func firefoxProfile() throws -> String {
        for root in BrowserProfiles.firefoxRoots.map({ Environment.home + "/" + $0 }) {
            guard let ini = try? readFile(root + "/profiles.ini") else { continue }
            let profiles = BrowserProfiles.firefoxProfiles(ini: String(decoding: ini, as: UTF8.self), root: root)
            if let profile = profiles.first(where: { access($0 + "/places.sqlite", R_OK) == 0 }) { return profile }
        }
        throw BookmarkSourceMissing(
            message: "found no Firefox profile with bookmarks (profiles.ini under ~/.mozilla/firefox, Flatpak or Snap); "
                + "name the profile directory")
    }

    /// The Default profile of the first Chromium-family browser installed, and its tag.
    private static func chromiumProfile() throws -> (String, String) {
        let config = Environment.values["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? Environment.home + "/.config"
        for (folder, browser) in BrowserProfiles.chromiumRoots {
            let profile = config + "/" + folder + "/Default"
            if access(profile + "/Bookmarks", R_OK) == 0 { return (profile, browser) }
        }
        throw BookmarkSourceMissing(
            message: "found no Bookmarks file of Chromium, Chrome, Brave, Vivaldi or Edge under \(config); "
                + "name the profile directory")
    }

    /// The whole file at `path`.
    private static func readFile(_ path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { throw BookmarkSourceMissing(message: "\(path) does not exist") }
            throw CoreError.data("cannot read \(path): \(SystemError.describe(code))")
        }
        defer { close(fd) }
        do {
            return try FileInput.readAll(fd, limit: fileLimit)
        } catch .tooLarge {
            throw CoreError.data("\(path) is larger than \(fileLimit >> 20) MiB; it is not a bookmark file")
        } catch let .system(code) {
            throw CoreError.data("cannot read \(path): \(SystemError.describe(code))")
        }
    }
}
