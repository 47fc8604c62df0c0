import CopypastaCore
import CopypastaHTML
import CopypastaNet

/// Downloads the assets of one page within its limits: the page's references first, then what
/// the style sheets among them refer to, round by round (`@import` to a depth of
/// `maxImportDepth`; the fonts and images of every fetched sheet, which are not parsed further).
struct AssetCollector {
    /// One downloaded asset.
    struct Asset {
        /// The name under `assets/`.
        var name: String
        /// Its bytes (a style sheet's as fetched; rewritten when written).
        var bytes: [UInt8]
        /// The URL its bytes came from, after redirects: the base of a sheet's references.
        var effectiveURL: String
        /// Whether it is a style sheet.
        var isStyleSheet: Bool
    }

    /// How deep `@import` chains are followed.
    static let maxImportDepth = 4

    private let limits: ArchiveLimits
    private let deadline: Double
    /// The downloaded assets by the absolute URL the document names.
    private(set) var assets: [String: Asset] = [:]
    /// The URLs that could not be downloaded (an error, a status, a cap, the deadline).
    private(set) var missing: Set<String> = []
    private var budget: Int

    /// A collector with `limits`, ending at `deadline` (monotonic seconds).
    init(limits: ArchiveLimits, deadline: Double) {
        self.limits = limits
        self.deadline = deadline
        budget = limits.assetBytes
    }

    /// Downloads `references` and, through style sheets, what they need.
    mutating func collect(_ references: [AssetReference]) {
        var wanted = unseen(references)
        var depth = 0
        while !wanted.isEmpty {
            let remaining = deadline - monotonicSeconds()
            let room = max(0, limits.maxAssets - assets.count - missing.count)
            guard remaining > 0, budget > 0, room > 0 else {
                missing.formUnion(wanted.map(\.url))
                return
            }
            missing.formUnion(wanted.dropFirst(room).map(\.url))
            let batch = Array(wanted.prefix(room))
            let requests = batch.map { reference in
                HTTPRequest(
                    url: reference.url, deadline: min(limits.requestSeconds, remaining),
                    connectDeadline: min(10, remaining), maxBytes: min(limits.pageBytes, budget),
                    maxRedirects: limits.redirects, allowPrivateAddresses: limits.allowPrivateAddresses)
            }
            var next: [AssetReference] = []
            for (reference, result) in zip(batch, performAll(requests, concurrency: limits.concurrency)) {
                next += keep(reference, result, depth: depth)
            }
            wanted = unseen(next)
            depth += 1
        }
    }

    /// Keeps one result; returns the references of a style sheet to fetch next.
    private mutating func keep(_ reference: AssetReference, _ result: Result<HTTPReply, NetError>, depth: Int)
        -> [AssetReference]
    {
        guard case .success(let reply) = result, (200..<300).contains(reply.status), reply.body.count <= budget else {
            missing.insert(reference.url)
            return []
        }
        budget -= reply.body.count
        let type = reply.header("content-type")
        let isStyleSheet =
            reference.kind == .stylesheet || type?.lowercased().hasPrefix("text/css") == true
        assets[reference.url] = Asset(
            name: AssetName.of(reference.url, contentType: type), bytes: reply.body, effectiveURL: reply.effectiveURL,
            isStyleSheet: isStyleSheet)
        guard isStyleSheet else { return [] }
        let css = String(decoding: reply.body, as: UTF8.self)
        return StyleSheet.references(in: css, baseURL: reply.effectiveURL).filter {
            $0.kind != .stylesheet || depth + 1 < Self.maxImportDepth
        }
    }

    /// The references not downloaded or tried yet, each once.
    private func unseen(_ references: [AssetReference]) -> [AssetReference] {
        var seen = Set(assets.keys).union(missing)
        return references.filter { seen.insert($0.url).inserted }
    }

    /// Where each downloaded asset is, relative to a file in the archive's folder (`prefix`
    /// "assets/") or to one in `assets/` itself (prefix "").
    func localPaths(prefix: String) -> [String: String] {
        assets.mapValues { prefix + $0.name }
    }

    /// The bytes to write for `asset`: a style sheet with its references pointing at the local
    /// copies (or made absolute), anything else as fetched.
    func stored(_ asset: Asset) -> [UInt8] {
        guard asset.isStyleSheet else { return asset.bytes }
        let css = String(decoding: asset.bytes, as: UTF8.self)
        return Array(StyleSheet.rewritten(css, baseURL: asset.effectiveURL, replacing: localPaths(prefix: "")).utf8)
    }
}
