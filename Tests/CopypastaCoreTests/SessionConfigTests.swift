import Testing

@testable import CopypastaCore

/// The copy-on-select and clear-on keys.
@Suite struct SessionConfigTests {
    @Test func defaultsAreOffWith300msAndNever() {
        let config = Config()
        #expect(config.syncSelections == .off && config.selectSettleMilliseconds == 300 && config.clearOn == .never)
        #expect(config.rendered().contains("sync-selections = off\t# default"))
        #expect(config.rendered().contains("select-settle = 300ms\t# default"))
        #expect(config.rendered().contains("clear-on = never\t# default"))
    }

    @Test func theKeysParse() throws {
        let config = try Config.parse("sync-selections = Primary-To-Clipboard\nselect-settle = 1s\nclear-on = lock\n", file: "c")
        #expect(config.syncSelections == .primaryToClipboard)
        #expect(config.selectSettleMilliseconds == 1000)
        #expect(config.clearOn == .lock)
        #expect(Config.SelectionSync.both.target(of: .primary) == .clipboard)
        #expect(Config.SelectionSync.both.target(of: .clipboard) == .primary)
        #expect(Config.SelectionSync.primaryToClipboard.target(of: .clipboard) == nil)
    }

    @Test(arguments: ["sync-selections = yes", "select-settle = 11s", "select-settle = soon", "clear-on = reboot"])
    func badValuesAreRefused(line: String) {
        #expect(throws: CoreError.self) { try Config.parse(line, file: "c") }
    }
}
