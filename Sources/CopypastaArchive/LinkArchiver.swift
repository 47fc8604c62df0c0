import CopypastaCore
import CopypastaHTML
import CopypastaNet

/// Archives one link into a folder: `page.html` with its assets in `assets/` and every
/// reference rewritten to them, `reader.html` with the readable article, or, for a URL that is
/// not a web page (a PDF, an image), the file itself as `page.<extension>`.
public struct LinkArchiver {
    /// The limits of every archive.
    public let limits: ArchiveLimits

    /// An archiver with `limits`.
    public init(limits: ArchiveLimits) {
        self.limits = limits
    }

    /// Fetches `url` and writes its archive into `folder` (created 0700 if missing). Never
    /// throws: every failure is an outcome with its reason.
    public func archive(_ url: String, into folder: String) -> ArchiveOutcome {
        let deadline = monotonicSeconds() + limits.archiveSeconds
        let reply: HTTPReply
        do {
            reply = try perform(
                HTTPRequest(
                    url: url, deadline: min(limits.requestSeconds, limits.archiveSeconds), maxBytes: limits.pageBytes,
                    maxRedirects: limits.redirects, allowPrivateAddresses: limits.allowPrivateAddresses))
        } catch {
            return .failed(error.description)
        }
        guard (200..<300).contains(reply.status) else { return .failed("HTTP \(reply.status)") }
        let files = ArchiveFiles(root: folder)
        do {
            try files.prepare()
            let type = reply.header("content-type")
            guard Self.isHTML(type: type, body: reply.body) else {
                let name = "page." + (AssetName.fileExtension(url: reply.effectiveURL, contentType: type) ?? "bin")
                try files.write(name, reply.body)
                return ArchiveOutcome(status: .full, files: [name], bytes: reply.body.count)
            }
            return try archivePage(reply, into: files, deadline: deadline)
        } catch {
            return .failed(error.description)
        }
    }

    /// The page and its assets, once the page's HTML is here.
    private func archivePage(_ reply: HTTPReply, into files: ArchiveFiles, deadline: Double) throws(ArchiveFiles.Failure)
        -> ArchiveOutcome
    {
        var outcome = ArchiveOutcome(status: .full)
        var bytes = reply.body
        var type = reply.header("content-type")
        if limits.renderer == .chromium, let chromium = ChromiumDOM.executable {
            let seconds = min(limits.requestSeconds * 2, deadline - monotonicSeconds())
            if let dom = ChromiumDOM.dump(reply.effectiveURL, executable: chromium, seconds: seconds, maxBytes: limits.pageBytes)
            {
                bytes = dom
                type = "text/html; charset=utf-8"
            } else {
                outcome = ArchiveOutcome(status: .partial, reason: "chromium did not render the page; saved as served")
            }
        }
        let page = HTMLPage(bytes: bytes, contentType: type, baseURL: reply.effectiveURL)
        outcome.metadata = page.metadata
        var collector = AssetCollector(limits: limits, deadline: deadline)
        collector.collect(page.assets)
        for asset in collector.assets.values {
            let stored = collector.stored(asset)
            try files.write("assets/" + asset.name, stored)
            outcome.files.append("assets/" + asset.name)
            outcome.bytes += stored.count
        }
        let local = collector.localPaths(prefix: "assets/")
        try write("page.html", page.archived(replacing: local), to: files, outcome: &outcome)
        if let article = page.readable() {
            let reader = ReaderPage.render(article, metadata: page.metadata, url: reply.effectiveURL)
            // Through the archiver again, so that the article's images are the local copies.
            let offline = HTMLPage(
                bytes: Array(reader.utf8), contentType: "text/html; charset=utf-8", baseURL: reply.effectiveURL)
            try write("reader.html", offline.archived(replacing: local), to: files, outcome: &outcome)
            outcome.readableText = article.text
        }
        if !collector.missing.isEmpty {
            let total = collector.missing.count + collector.assets.count
            outcome.status = .partial
            outcome.reason = "\(collector.missing.count) of \(total) assets missing"
        }
        return outcome
    }

    private func write(_ name: String, _ text: String, to files: ArchiveFiles, outcome: inout ArchiveOutcome)
        throws(ArchiveFiles.Failure)
    {
        let bytes = Array(text.utf8)
        try files.write(name, bytes)
        outcome.files.append(name)
        outcome.bytes += bytes.count
    }

    /// Whether a response is a web page: an HTML media type, or none and a body that starts
    /// like HTML.
    static func isHTML(type: String?, body: [UInt8]) -> Bool {
        if let type {
            let media = type.split(separator: ";").first.map { $0.lowercased().filter { $0 != " " } } ?? ""
            return media == "text/html" || media == "application/xhtml+xml"
        }
        let head = String(decoding: body.prefix(512), as: UTF8.self).lowercased()
        return head.contains("<!doctype html") || head.contains("<html")
    }
}
