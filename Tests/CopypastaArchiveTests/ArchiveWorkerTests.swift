import Glibc
import TestSupport
import Testing

@testable import CopypastaArchive

/// The archive of one link against the loopback fixture server: a full page with its assets
/// rewritten to local copies, legacy charsets, partial and failed archives, non-HTML files.
@Suite(.serialized) struct ArchiveWorkerTests {
    let server: FixtureServer
    let sandbox = Sandbox()
    let folder: String

    init() throws {
        server = try FixtureServer()
        folder = sandbox.root + "/one"
    }

    var limits: ArchiveLimits {
        var limits = ArchiveLimits()
        limits.allowPrivateAddresses = true
        limits.requestSeconds = 5
        limits.archiveSeconds = 15
        return limits
    }

    private func read(_ name: String) -> String? {
        sandbox.read(folder + "/" + name).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func articleArchivesWithEveryAssetRewritten() throws {
        let outcome = LinkArchiver(limits: limits).archive(server.url("/article/"), into: folder)
        #expect(outcome.status == .full, "\(outcome.reason ?? "")")
        #expect(outcome.metadata.title == "The Soup Almanac & Friends")
        #expect(outcome.metadata.author == "Ada Lovelace")
        #expect(outcome.metadata.published?.hasPrefix("2025-03-14") == true)
        let page = try #require(read("page.html"))
        for fetched in ["/images/", "style.css", "favicon.ico", "body.woff2"] {
            #expect(!page.contains(fetched), "\(fetched) still points at the server")
        }
        #expect(!page.contains("<script"))
        // 10 images (srcset, <source>, poster, CSS in <style> and sheets), 2 sheets, a font, an icon.
        let assets = outcome.files.filter { $0.hasPrefix("assets/") }
        #expect(assets.count == 14, "\(assets)")
        for asset in assets {
            let sheets = assets.filter { $0.hasSuffix(".css") }
            #expect(page.contains(asset) || sheets.contains { read($0)?.contains(asset.dropFirst(7)) == true }, "\(asset) unused")
        }
        let sheet = try #require(assets.first { $0.hasSuffix(".css") && read($0)?.contains("@font-face") == true })
        let css = try #require(read(sheet))
        #expect(!css.contains("http://"), "\(css)")
        #expect(css.contains(".woff2"))
        #expect(outcome.readableText?.contains("zanzibarine") == true)
        #expect(outcome.readableText?.contains("Buy our cookbook") == false)
        let reader = try #require(read("reader.html"))
        #expect(reader.contains("zanzibarine") && !reader.contains("Buy our cookbook"))
        #expect(modeOf(folder) == 0o700 && modeOf(folder + "/page.html") == 0o600)
    }

    private func modeOf(_ path: String) -> mode_t {
        (sandbox.mode(path) ?? 0) & 0o777
    }

    @Test(arguments: [
        ("/cp1251/", "Привет, мир", "булок"), ("/cp1251/nocharset.html", "Привет, мир", "булок"),
        ("/sjis/nocharset.html", "日本語のページ", "シフトJIS"),
    ])
    func legacyCharsetArchivesAsCorrectText(path: String, title: String, word: String) throws {
        let outcome = LinkArchiver(limits: limits).archive(server.url(path), into: folder)
        #expect(outcome.status == .full)
        #expect(outcome.metadata.title == title)
        let page = try #require(read("page.html"))
        #expect(page.contains(title) && page.contains(word))
        #expect(page.lowercased().contains("<meta charset=\"utf-8\">"))
        #expect(outcome.readableText?.contains(word) == true)
    }

    @Test func missingAssetMakesThePartialArchive() {
        let outcome = LinkArchiver(limits: limits).archive(server.url("/partial/"), into: folder)
        #expect(outcome.status == .partial)
        #expect(outcome.reason == "1 of 14 assets missing")
        #expect(read("page.html")?.contains("zanzibarine") == true)
    }

    @Test func failuresKeepTheirReason() {
        var short = limits
        short.requestSeconds = 1
        short.pageBytes = 4096
        let archiver = LinkArchiver(limits: short)
        #expect(archiver.archive(server.url("/no/such/page"), into: folder).reason == "HTTP 404")
        #expect(archiver.archive(server.url("/stall"), into: folder).reason == "timed out")
        #expect(archiver.archive(server.url("/loop/a"), into: folder).reason == "too many redirects")
        #expect(archiver.archive(server.url("/big/100000"), into: folder).reason == "too large (over 4096 bytes)")
        var closed = short
        closed.allowPrivateAddresses = false
        let refused = LinkArchiver(limits: closed).archive(server.url("/article/"), into: folder)
        #expect(refused.status == .failed)
        #expect(refused.reason == "private address refused: 127.0.0.1")
        #expect(access(folder, F_OK) != 0, "a failed archive wrote files")
    }

    @Test func assetsOverTheirCapAreMissing() {
        var small = limits
        small.assetBytes = 300
        let outcome = LinkArchiver(limits: small).archive(server.url("/article/"), into: folder)
        #expect(outcome.status == .partial)
        #expect(outcome.bytes < 300 + 8192)
    }

    @Test func nonHTMLURLKeepsTheFile() {
        let outcome = LinkArchiver(limits: limits).archive(server.url("/files/report.pdf"), into: folder)
        #expect(outcome.status == .full)
        #expect(outcome.files == ["page.pdf"])
        #expect(sandbox.read(folder + "/page.pdf")?.starts(with: Array("%PDF".utf8)) == true)
    }

    @Test func redirectedPageArchivesWithItsFinalBase() {
        let outcome = LinkArchiver(limits: limits).archive(server.url("/to?/article/"), into: folder)
        #expect(outcome.status == .full)
        #expect(outcome.files.count == 16)
    }

    @Test(.enabled(if: ChromiumDOM.executable != nil))
    func chromiumRendererArchivesTheDOMAfterScripts() throws {
        var rendered = limits
        rendered.renderer = .chromium
        rendered.requestSeconds = 60
        rendered.archiveSeconds = 120
        let outcome = LinkArchiver(limits: rendered).archive(server.url("/script/"), into: folder)
        #expect(outcome.status == .full, "\(outcome.reason ?? "")")
        let page = try #require(read("page.html"))
        #expect(page.contains("quillfeather") && !page.contains("<script"))
        #expect(outcome.files.contains { $0.hasSuffix(".png") })
        let direct = LinkArchiver(limits: limits).archive(server.url("/script/"), into: folder + "-direct")
        #expect(direct.status == .full)
        #expect(
            sandbox.read(folder + "-direct/page.html").map { String(decoding: $0, as: UTF8.self).contains("quillfeather") }
                == false)
    }
}
