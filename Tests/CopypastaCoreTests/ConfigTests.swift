import CopypastaCore
import Testing

@Suite struct ConfigTests {
    @Test func emptyFileGivesDefaults() throws {
        let config = try Config.parse("# nothing\n\n", file: "c.conf")
        #expect(config == Config())
        #expect(config.maxEntries == 1000)
        #expect(config.maxBytes == 16 << 20)
        #expect(config.convertTimeoutMilliseconds == 1000)
        #expect(config.hookTimeoutMilliseconds == 5000)
        #expect(config.selections == [.clipboard])
    }

    @Test func everyKeyIsParsed() throws {
        let text = """
            selections = clipboard, primary
            max-entries = 0
            max-bytes = 1M
            duplicates = "keep"
            keep-alive = no
            keep-blank = yes
            ignore-apps = KeePassXC, Bitwarden
            ignore-patterns = "^sk-[a-z]{2,}", token
            convert-timeout = 250ms
            feedback = none
            launcher = rofi -dmenu -p 'clip board'
            hook-timeout = 2s
            on-copy = ~/bin/copied
            on-capture = "/usr/local/bin/captured"
            """
        let config = try Config.parse(text, file: "c.conf")
        #expect(config.selections == [.clipboard, .primary])
        #expect(config.maxEntries == 0)
        #expect(config.maxBytes == 1 << 20)
        #expect(config.duplicates == .keep)
        #expect(config.keepAlive == false)
        #expect(config.keepBlank)
        #expect(config.ignoreApps == ["KeePassXC", "Bitwarden"])
        #expect(config.ignorePatterns == ["^sk-[a-z]{2,}", "token"])
        #expect(config.convertTimeoutMilliseconds == 250)
        #expect(config.feedback == .none)
        #expect(config.launcher == ["rofi", "-dmenu", "-p", "clip board"])
        #expect(config.hookTimeoutMilliseconds == 2000)
        #expect(config.onCopy == "~/bin/copied")
        #expect(config.onCapture == "/usr/local/bin/captured")
        #expect(config.origins["max-bytes"] == "c.conf:3")
        #expect(Config.keyNames.count == 63)
    }

    @Test(arguments: [
        ("colour = red", "unknown key 'colour'"),
        ("max-entries = -1", "max-entries"),
        ("max-entries = many", "max-entries"),
        ("max-bytes = 0", "max-bytes"),
        ("max-bytes = huge", "max-bytes"),
        ("duplicates = merge", "duplicates"),
        ("keep-alive = maybe", "keep-alive"),
        ("keep-blank = sometimes", "keep-blank"),
        ("selections = secondary", "secondary"),
        ("selections = ", "selections"),
        ("ignore-patterns = \"(unclosed\"", "not a valid regular expression"),
        ("ignore-patterns = \"open", "ignore-patterns"),
        ("convert-timeout = 1h", "convert-timeout"),
        ("convert-timeout = 1ms", "convert-timeout"),
        ("feedback = loud", "feedback"),
        ("launcher = rofi 'unterminated", "launcher"),
        ("pick-hotkey = hyper+v", "pick-hotkey"),
        ("pick-hotkey = super+", "pick-hotkey"),
        ("hook-timeout = forever", "hook-timeout"),
        ("on-copy = ", "on-copy"),
        ("just words", "expected 'key = value'"),
    ])
    func badLinesNameFileLineAndKey(line: String, fragment: String) {
        guard let error = configError(line) else { return }
        #expect(error.exitStatus == .badConfig)
        #expect(error.description.hasPrefix("copypasta.conf:2: "))
        #expect(error.description.contains(fragment))
    }

    @Test func renderedShowsOrigins() throws {
        let config = try Config.parse("max-entries = 5\n", file: "/x/c.conf")
        let rendered = config.rendered()
        #expect(rendered.contains("max-entries = 5\t# /x/c.conf:1"))
        #expect(rendered.contains("max-bytes = 16M\t# default"))
    }

    @Test func renderedConfigParsesBackToTheSameValues() throws {
        let config = try Config.parse("ignore-patterns = \"a,b\", c\nlauncher = fzf --read0\n", file: "c")
        let lines = config.rendered().split(separator: "\n").compactMap { line -> String? in
            let value = line.split(separator: "\t").first.map(String.init) ?? ""
            return value.contains("(") ? nil : value
        }
        let again = try Config.parse(lines.joined(separator: "\n"), file: "c")
        #expect(again.ignorePatterns == ["a,b", "c"])
        #expect(again.launcher == ["fzf", "--read0"])
    }

    @Test func valueParsers() {
        #expect(ConfigValue.bytes("64K") == 65536)
        #expect(ConfigValue.bytes("16MiB") == 16 << 20)
        #expect(ConfigValue.bytes("2G") == 2 << 30)
        #expect(ConfigValue.milliseconds("1.5s") == 1500)
        #expect(ConfigValue.milliseconds("2") == 2000)
        #expect(ConfigValue.list("a, \"b,c\" ,d") == ["a", "b,c", "d"])
        #expect(ConfigValue.list("") == [])
        #expect(ConfigValue.bool("On") == true)
    }

    @Test func commandWordsSplitLikeAShell() {
        #expect(CommandWords.split(#"rofi -dmenu -p "Clip: " -i"#) == ["rofi", "-dmenu", "-p", "Clip: ", "-i"])
        #expect(CommandWords.split(#"a\ b 'c d' "e\"f""#) == ["a b", "c d", "e\"f"])
        #expect(CommandWords.split("'open") == nil)
        let words = ["it's", "a b", ""]
        #expect(CommandWords.split(CommandWords.join(words)) == words)
    }
}

/// The error `Config.parse` gives for `line` as line 2 of copypasta.conf (after a comment); nil,
/// recorded as an issue, when it accepts the line.
func configError(_ line: String) -> CoreError? {
    do {
        _ = try Config.parse("# first\n\(line)\n", file: "copypasta.conf")
        Issue.record("expected an error for \(line)")
        return nil
    } catch {
        return error
    }
}
