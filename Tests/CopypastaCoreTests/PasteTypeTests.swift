import CopypastaCore
import Testing

@Suite struct PasteKeysTests {
    @Test(arguments: [
        (["Firefox", "firefox"], "ctrl+v"),
        (["xterm", "XTerm"], "shift+Insert"),
        (["urxvt", "URxvt"], "ctrl+alt+v"),
        (["st-256color", "st-256color"], "ctrl+shift+v"),
        (["gnome-terminal-server", "Gnome-terminal"], "ctrl+shift+v"),
        ([], "ctrl+v"),
    ])
    func defaultsFollowTheTerminal(names: [String], expected: String) {
        #expect(PasteKeys().keystroke(forClass: names).description == expected)
    }

    @Test func onlyShiftInsertServesPrimaryToo() {
        #expect(PasteKeys.servesPrimary(PasteKeys().keystroke(forClass: ["xterm", "XTerm"])))
        #expect(PasteKeys.servesPrimary(Keystroke(modifiers: [.shift], key: "insert")))
        #expect(!PasteKeys.servesPrimary(PasteKeys().keystroke(forClass: ["urxvt", "URxvt"])))
        #expect(!PasteKeys.servesPrimary(Keystroke(modifiers: [.control, .shift], key: "Insert")))
    }

    @Test func userRulesOverrideTheTerminalListAndStarComesLast() throws {
        let config = try Config.parse("paste-keys = Emacs:ctrl+y, xterm:shift+Insert, *:ctrl+alt+v", file: "c")
        #expect(config.pasteKeys.keystroke(forClass: ["emacs", "Emacs"]).description == "ctrl+y")
        #expect(config.pasteKeys.keystroke(forClass: ["xterm", "XTerm"]).description == "shift+Insert")
        #expect(config.pasteKeys.keystroke(forClass: ["kitty", "kitty"]).description == "ctrl+shift+v")
        #expect(config.pasteKeys.keystroke(forClass: ["gedit", "Gedit"]).description == "ctrl+alt+v")
        #expect(config.rendered().contains("paste-keys = Emacs:ctrl+y, xterm:shift+Insert, *:ctrl+alt+v"))
    }

    @Test(arguments: ["ctrl+v", "Control+Shift+v", "shift+Insert", "super+v", "y"])
    func keystrokesParse(text: String) {
        #expect(Keystroke.parse(text) != nil)
    }

    @Test(arguments: ["", "ctrl+", "hyper+v", "ctrl+ctrl+v", "ctrl+v x", "+v"])
    func badKeystrokesAreRefused(text: String) {
        #expect(Keystroke.parse(text) == nil)
    }

    @Test(arguments: [
        ("paste-keys = Emacs", "paste-keys"),
        ("paste-keys = Emacs:hyper+y", "paste-keys"),
        ("paste-keys = :ctrl+v", "paste-keys"),
        ("paste-restore-timeout = 10ms", "paste-restore-timeout"),
        ("paste-restore-timeout = 2m", "paste-restore-timeout"),
        ("type-max-chars = 0", "type-max-chars"),
        ("type-max-chars = 2000000", "type-max-chars"),
    ])
    func outOfRangeValuesAreRefused(line: String, mention: String) {
        #expect(throws: CoreError.self) { try Config.parse(line, file: "c") }
        do {
            _ = try Config.parse(line, file: "c")
        } catch {
            #expect(error.description.contains(mention))
        }
    }

    @Test func pasteDefaults() throws {
        let config = try Config.parse("paste-restore-timeout = 250ms\ntype-max-chars = 50", file: "c")
        #expect(Config().pasteRestoreTimeoutMilliseconds == 1000)
        #expect(Config().typeMaxCharacters == 10_000)
        #expect(config.pasteRestoreTimeoutMilliseconds == 250)
        #expect(config.typeMaxCharacters == 50)
    }
}

@Suite struct TypePlanTests {
    @Test func newlinesAndTabsBecomeKeys() throws {
        let steps = try TypePlan.steps("a\tb\nç€", raw: false, maxCharacters: 100).get()
        #expect(steps == [.character("a"), .key("Tab"), .character("b"), .key("Return"), .character("ç"), .character("€")])
    }

    @Test(arguments: ["bell\u{07}", "\r", "esc\u{1B}[0m", "nul\u{0}", "c1\u{85}"])
    func controlCharactersAreRefusedWithoutRaw(text: String) {
        guard case let .failure(error) = TypePlan.steps(text, raw: false, maxCharacters: 100) else {
            Issue.record("accepted a control character")
            return
        }
        #expect(error.exitStatus == .dataError)
        #expect(error.description.contains("--raw"))
    }

    @Test func rawSendsKeysForTheControlCharactersThatHaveOne() throws {
        let steps = try TypePlan.steps("a\r\u{08}\u{1B}\u{7F}\u{07}", raw: true, maxCharacters: 100).get()
        #expect(steps == [.character("a"), .key("Return"), .key("BackSpace"), .key("Escape"), .key("Delete")])
    }

    @Test func overTheLimitSuggestsPaste() {
        guard case let .failure(error) = TypePlan.steps(String(repeating: "x", count: 11), raw: false, maxCharacters: 10) else {
            Issue.record("accepted a text over the limit")
            return
        }
        #expect(error.exitStatus == .dataError)
        #expect(error.description.contains("paste"))
    }

    @Test func batchesFitTheSpareKeycodes() {
        let steps = "a€b😀c€д€e中".unicodeScalars.map { TypeStep.character($0) }
        let batches = RemapBatches.plan(steps, capacity: 2) { !$0.isASCII }
        #expect(batches.map(\.bind) == [["€", "😀"], ["д", "€"], ["中"]])
        #expect(batches.map(\.steps) == [0..<6, 6..<9, 9..<10])
    }

    @Test func asciiIsOneBatchThatBindsNothing() {
        let steps = "hello".unicodeScalars.map { TypeStep.character($0) }
        let batches = RemapBatches.plan(steps, capacity: 4) { !$0.isASCII }
        #expect(batches.map(\.bind) == [[]])
        #expect(batches.map(\.steps) == [0..<5])
        #expect(RemapBatches.plan([], capacity: 4) { _ in true }.map(\.steps) == [0..<0])
    }
}

@Suite struct PasteRequestTests {
    @Test func pasteRequestRoundTrips() {
        #expect(IPCMessage.encode(.paste(id: 42)) == "copypasta/1 paste 42")
        #expect(IPCMessage.decode("copypasta/1 paste 42") == .success(.paste(id: 42)))
        #expect(IPCMessage.decode("copypasta/1 paste x") == .failure(IPCError(status: .usage, message: "malformed request")))
        #expect(IPCMessage.decode("copypasta/1 paste") == .failure(IPCError(status: .usage, message: "malformed request")))
    }
}
