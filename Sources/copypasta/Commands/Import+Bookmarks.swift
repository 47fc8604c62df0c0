import CopypastaCore
import CopypastaStore

extension Copypasta.Import {
    /// Imports a browser's bookmarks as link items (docs/DESIGN.md "Bookmark import"): all of
    /// them are read and checked first, then stored in one transaction, so a run imports all or
    /// nothing.
    func importBookmarks(_ config: Config) throws {
        if archive && config.library.archiveLinks == .off {
            throw CoreError.usage("--archive: archive-links is off, so nothing would be archived; set it to added first")
        }
        let profiles = try BookmarkSource.read(from, at: file)
        let bookmarks = profiles.flatMap(\.bookmarks)
        let items = profiles.flatMap { profile in
            profile.bookmarks.compactMap { mark in
                var item = mark.item(browser: profile.browser)
                if let tag = profile.tag { item?.tags.append(tag) }
                return item
            }
        }
        var browsers: [String] = []
        for profile in profiles where !browsers.contains(profile.browser) { browsers.append(profile.browser) }
        let browser = browsers.joined(separator: ", ")
        let summary = try global.changeHistory { store, _ in try store.importBookmarks(items, archive: archive, now: .now()) }
        if archive && summary.imported > 0 { ArchiveKick.send(global) }
        var note =
            "imported \(summary.imported) bookmarks from \(browser), skipped \(summary.duplicates) duplicates "
            + "and \(bookmarks.count - items.count) that are not links"
        if archive && summary.imported > 0 { note += "; their archives are queued" }
        Terminal.warn(note)
    }
}
