import CopypastaCore
import CopypastaStore

/// Where the text sent for an entry comes from (copypasta(1) ai): its own text, and for a
/// link or a document what the library holds about it.
struct AISource {
    /// The entry's own text.
    var text: String
    /// A link's page title, when the archiver found one.
    var pageTitle: String?
    /// The archived readable text of a link, or the extracted text of a document.
    var body: String?

    /// The source of `entry`.
    static func read(_ entry: Entry, store: HistoryStore) throws -> AISource {
        let text = entry.secure ? "" : try store.text(id: entry.id)
        switch entry.kind {
        case .link:
            let link = try store.link(id: entry.id)
            return AISource(
                text: link?.url ?? text, pageTitle: link?.displayTitle, body: try store.body(id: entry.id, source: .reader))
        case .document:
            return AISource(text: text, pageTitle: nil, body: try store.body(id: entry.id, source: .document))
        case .text:
            return AISource(text: text, pageTitle: nil, body: nil)
        }
    }
}
