import Testing

@testable import CopypastaCore

/// The clipboard-manager keys and the choice of targets a save fetches.
@Suite struct ManagerConfigTests {
    @Test func defaultsAreAutoWith32And64MiB() {
        let config = Config()
        #expect(config.clipboardManager == .auto)
        #expect(config.saveTargetMaxBytes == 32 << 20 && config.saveMaxBytes == 64 << 20)
        #expect(config.rendered().contains("clipboard-manager = auto\t# default"))
        #expect(config.rendered().contains("save-target-max-bytes = 32M\t# default"))
    }

    @Test func theKeysParse() throws {
        let config = try Config.parse(
            "clipboard-manager = Replace\nsave-target-max-bytes = 1M\nsave-max-bytes = 8192\n", file: "c")
        #expect(config.clipboardManager == .replace)
        #expect(config.saveTargetMaxBytes == 1 << 20 && config.saveMaxBytes == 8192)
        #expect(config.rendered().contains("save-max-bytes = 8K\t# c:3"))
    }

    @Test(arguments: [
        "clipboard-manager = yes", "save-target-max-bytes = 1K", "save-max-bytes = 1G", "save-max-bytes = lots",
    ])
    func outOfRangeValuesAreRefusedWithTheKeyNamed(line: String) {
        let key = String(line.split(separator: " ")[0])
        #expect(throws: CoreError.self) { try Config.parse(line, file: "c") }
        do {
            _ = try Config.parse(line, file: "c")
        } catch {
            #expect("\(error)".contains(key), "\(error)")
        }
    }

    @Test func savesLeaveOutProtocolSideEffectResourceAndPointerTargets() {
        let offered = [
            "TARGETS", "MULTIPLE", "TIMESTAMP", "SAVE_TARGETS", "DELETE", "INSERT_SELECTION", "PIXMAP", "text/html",
            "application/x-krita-node-internal-pointer", "application/x-kde-cutselection", "image/png", "text/html",
        ]
        #expect(SaveTargets.select(offered) == ["text/html", "image/png"])
    }

    @Test func onlyTheBestPlainTextTargetIsFetchedSinceTheTextServesTheRest() {
        let qt = [
            "TIMESTAMP", "TARGETS", "MULTIPLE", "SAVE_TARGETS", "text/plain", "UTF8_STRING", "STRING", "TEXT", "COMPOUND_TEXT",
        ]
        #expect(SaveTargets.select(qt) == ["UTF8_STRING"])
        // Without a target copypasta decodes, the text targets are kept as they are.
        #expect(SaveTargets.select(["text/plain", "COMPOUND_TEXT"]) == ["text/plain", "COMPOUND_TEXT"])
    }

    @Test func atMostTheLimitIsFetched() {
        let many = (0..<100).map { "x-test/\($0)" }
        #expect(SaveTargets.select(many).count == SaveTargets.limit)
    }
}
