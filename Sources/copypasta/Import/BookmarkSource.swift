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

    /// The bookmarks of one profile (or file), the tag naming the browser, and the tag naming
    /// the profile when a run reads more than one (`BrowserProfiles.profileTag`).
    struct Profile {
        /// The bookmarks as the browser keeps them.
        var bookmarks: [Bookmark]
        /// The browser's tag: `firefox`, `chrome`, `bookmarks-file`, ….
        var browser: String
        /// `profile:<folder>`, or nil when the run reads one profile.
        var tag: String? = nil
    }

    /// The bookmarks of `manager` at `location` (its default place when nil): one profile, or
    /// without a location for Chromium every profile of every Chromium-family browser found.
    static func read(_ manager: ForeignManager, at location: String?) throws -> [Profile] {
        switch manager {
        case .firefox:
            var profile = try location ?? firefoxProfile()
            if profile.hasSuffix("/places.sqlite") { profile.removeLast("/places.sqlite".count) }
            return [Profile(bookmarks: try firefox(profile), browser: "firefox")]
        case .chromium:
            let found = try location.map { [($0, BrowserProfiles.chromiumBrowser(profile: $0 + "/"))] } ?? chromiumProfiles()
            return try found.map { folder, browser in
                let file = folder.hasSuffix("/Bookmarks") ? folder : folder + "/Bookmarks"
                let name = String(folder.split(separator: "/").last ?? "")
                return Profile(
                    bookmarks: try ChromiumBookmarks.bookmarks(readFile(file)), browser: browser,
                    tag: found.count > 1 ? BrowserProfiles.profileTag(name) : nil)
            }
        default:
            guard let location else { throw CoreError.usage("name the bookmark file to import") }
            return [Profile(bookmarks: try NetscapeBookmarks.bookmarks(readFile(location)), browser: "bookmarks-file")]
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

    /// Every profile with a Bookmarks file of every Chromium-family browser installed, each with
    /// its browser's tag: `Default` and `Profile N` of Chromium, Chrome, Brave, Vivaldi, Edge.
    private static func chromiumProfiles() throws -> [(String, String)] {
        let config = Environment.values["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? Environment.home + "/.config"
        var found: [(String, String)] = []
        for (folder, browser) in BrowserProfiles.chromiumRoots {
            let root = config + "/" + folder
            for name in BrowserProfiles.chromiumProfiles(names: FolderPath.names(in: root) ?? [])
            where access(root + "/" + name + "/Bookmarks", R_OK) == 0 {
                found.append((root + "/" + name, browser))
            }
        }
        guard found.isEmpty else { return found }
        throw BookmarkSourceMissing(
            message: "found no Bookmarks file of Chromium, Chrome, Brave, Vivaldi or Edge under \(config); "
                + "name the profile directory")
    }

    /// The whole file at `path`.
    private static func readFile(_ path: String) throws -> [UInt8] {
        try FileInput.readFile(
            path, limit: fileLimit,
            tooLarge: { CoreError.data("\(path) is larger than \(fileLimit >> 20) MiB; it is not a bookmark file") },
            unreadable: { code in
                if code == ENOENT { return BookmarkSourceMissing(message: "\(path) does not exist") }
                return CoreError.data("cannot read \(path): \(SystemError.describe(code))")
            })
    }
}
