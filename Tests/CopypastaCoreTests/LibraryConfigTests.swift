import CopypastaCore
import Testing

/// The library's configuration keys: defaults, accepted values and refusals.
@Suite struct LibraryConfigTests {
    @Test func defaultsAreAddedLinksDirectFetchAndTheDocumentedSizes() {
        let library = Config().library
        #expect(library.archiveLinks == .added && !library.archivePrivateHosts && library.archiveRenderer == .direct)
        #expect(library.maxFileMegabytes == 512 && library.maxFileBytes == 512 << 20)
        #expect(library.syncMaxFileMegabytes == 64 && library.syncMaxFileBytes == 64 << 20)
        #expect(library.archiveTimeoutMilliseconds == 900_000)
    }

    @Test func everyKeyParsesAndShows() throws {
        let config = try Config.parse(
            """
            archive-links = all
            archive-private-hosts = yes
            archive-renderer = chromium
            archive-timeout = 90s
            max-file-size = 4096
            sync-max-file-size = 10
            """, file: "c.conf")
        #expect(config.library.archiveLinks == .all && config.library.archivePrivateHosts)
        #expect(config.library.archiveRenderer == .chromium && config.library.maxFileMegabytes == 4096)
        #expect(config.library.syncMaxFileMegabytes == 10 && config.library.archiveTimeoutMilliseconds == 90_000)
        let shown = config.rendered()
        for line in [
            "archive-links = all", "archive-private-hosts = yes", "archive-renderer = chromium", "archive-timeout = 90s",
            "max-file-size = 4096",
        ] {
            #expect(shown.contains(line))
        }
    }

    @Test(arguments: [
        "archive-links = some", "archive-private-hosts = maybe", "archive-renderer = webkit", "max-file-size = 49",
        "max-file-size = 4097", "sync-max-file-size = 0", "archive-timeout = 500ms", "archive-timeout = 2h",
    ])
    func badValuesAreRefusedWithTheirLine(_ line: String) {
        #expect(throws: CoreError.self) { try Config.parse(line, file: "c.conf") }
    }
}
