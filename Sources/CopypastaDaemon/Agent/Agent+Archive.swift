import CopypastaCore
import CopypastaStore
import Glibc

/// The daemon's part in link archives (docs/DESIGN.md "Link archives"): it never fetches. When
/// links are pending (at start, on `archive-kick` from a command that queued some, after a
/// capture queued one) it starts one `copypasta-archive` child through the hook runner, with a
/// deadline for the whole run; never a second one while it runs. libcurl and the HTML parser
/// load in that child only.
extension Agent {
    /// Starts the worker (`BackgroundWorker.archive`) when links are pending.
    func startArchiveWorker() {
        guard config.library.archiveLinks != .off else { return }
        guard let pending = try? store.pendingArchives(limit: 1), !pending.isEmpty else { return }
        startWorker(
            .archive, arguments: [],
            missing: "links wait for their archive, but copypasta-archive is not installed next to copypasta")
    }

    /// A link captured from the clipboard is queued with `archive-links = all`.
    func queueCapturedLink(id: Int64, text: String) {
        guard config.library.archiveLinks == .all, EntryKind.of(text) == .link else { return }
        let url = text.trimmingWhitespace()
        guard url.hasPrefix("http://") || url.hasPrefix("https://") else { return }
        do {
            try store.queueArchive(id: id, url: url)
            startArchiveWorker()
        } catch {
            logger.warning("captured link not queued for its archive: \(error)", metadata: ["id": "\(id)"])
        }
    }
}

extension String {
    /// Without leading and trailing white space.
    fileprivate func trimmingWhitespace() -> String {
        var view = Substring(self)
        while let first = view.first, first.isWhitespace { view.removeFirst() }
        while let last = view.last, last.isWhitespace { view.removeLast() }
        return String(view)
    }
}
