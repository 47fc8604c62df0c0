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
        let (bookmarks, browser) = try BookmarkSource.read(from, at: file)
        let items = bookmarks.compactMap { $0.item(browser: browser) }
        let summary = try global.changeHistory { store, _ in try store.importBookmarks(items, archive: archive, now: .now()) }
        if archive && summary.imported > 0 { ArchiveKick.send(global) }
        var note =
            "imported \(summary.imported) bookmarks from \(browser), skipped \(summary.duplicates) duplicates "
            + "and \(bookmarks.count - items.count) that are not links"
        if archive && summary.imported > 0 { note += "; their archives are queued" }
        Terminal.warn(note)
    }
}
