import CopypastaCore
import CopypastaStore
import Glibc

/// What `open` opens for an entry: the file of a link's archive, its URL, or a document's copy.
enum OpenTarget {
    /// Why there is nothing to open (exit 66, copypasta(1) EXIT STATUS).
    struct Unavailable: CopypastaFailure {
        /// The message, naming what to do instead.
        let description: String
        /// Always 66.
        var exitStatus: ExitStatus { .noSuchEntry }
    }

    /// The path or URL to open for entry `id`.
    static func find(id: Int64, in store: HistoryStore, page: Bool, original: Bool) throws -> String {
        let link = try store.link(id: id)
        if original {
            guard let link else { throw Unavailable(description: "entry \(id) carries no URL") }
            return link.url
        }
        if let link {
            if let path = archiveFile(link, area: store.payloads, page: page) { return path }
            throw Unavailable(description: "entry \(id): \(describe(link)); open --original \(id) opens the live URL")
        }
        if let path = try store.filePath(id: id) {
            guard access(path, R_OK) == 0 else {
                throw Unavailable(description: "entry \(id): its document is missing (\(path))")
            }
            return path
        }
        throw Unavailable(description: "entry \(id) has no archive or document to open")
    }

    /// The archive's reader view (or, with `page` or without a reader view, the saved page, or
    /// the file a non-HTML URL was saved as); nil when there is none on disk.
    static func archiveFile(_ link: EntryLink, area: PayloadArea, page: Bool) -> String? {
        guard link.status == .full || link.status == .partial, let folder = link.folder, PayloadArea.isFolderName(folder) else {
            return nil
        }
        let root = area.path(.links, folder)
        let names = (page ? [] : ["reader.html"]) + ["page.html"] + savedFiles(root)
        return names.lazy.map { root + "/" + $0 }.first { access($0, R_OK) == 0 }
    }

    /// `page.<extension>` files in `root`: what a URL that is not a web page was saved as.
    private static func savedFiles(_ root: String) -> [String] {
        guard let directory = opendir(root) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix("page.") && name != "page.html" && !name.hasSuffix(".part") { names.append(name) }
        }
        return names.sorted()
    }

    /// Where an archive stands, for the message.
    private static func describe(_ link: EntryLink) -> String {
        switch link.status {
        case .none: "its page is not archived (archive-links)"
        case .pending: "its archive is pending"
        case .failed: "its archive failed" + (link.reason.map { " (\($0))" } ?? "")
        case .full, .partial: "its archive is missing from disk"
        }
    }
}
