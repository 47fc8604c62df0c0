import CopypastaCore
import Testing

/// Numbers out of range and bytes that are not text in the config file.
@Suite struct ConfigInputTests {
    @Test(arguments: [
        ("max-bytes = 1e30K", "max-bytes"),
        ("max-bytes = 1e300", "max-bytes"),
        ("max-bytes = 513M", "max-bytes"),
        ("max-bytes = 1G", "max-bytes"),
        ("max-bytes = 0.4", "max-bytes"),
        ("max-entries = 10000001", "max-entries"),
        ("max-entries = 99999999999999999999999", "max-entries"),
        ("hook-timeout = 1e300s", "hook-timeout"),
        ("hook-timeout = 99ms", "hook-timeout"),
        ("hook-timeout = 11m", "hook-timeout"),
        ("hook-timeout = inf", "hook-timeout"),
        ("hook-timeout = nan", "hook-timeout"),
        ("convert-timeout = 1e20ms", "convert-timeout"),
        ("convert-timeout = 9ms", "convert-timeout"),
        ("convert-timeout = 61s", "convert-timeout"),
        ("convert-timeout = 1e16m", "convert-timeout"),
        ("paste-restore-timeout = 49ms", "paste-restore-timeout"),
        ("secure-unlock-timeout = 25h", "secure-unlock-timeout"),
        ("secure-clear = 1d", "secure-clear"),
        ("type-max-chars = 0", "type-max-chars"),
        ("expand-type-max = -1", "expand-type-max"),
    ])
    func outOfRangeNumbersAreErrorsNamingFileLineAndKey(line: String, key: String) {
        guard let error = configError(line) else { return }
        #expect(error.exitStatus == .badConfig)
        #expect(error.description.hasPrefix("copypasta.conf:2: \(key): expected"))
        // The parser quotes the bad value once, visibly; a key's own message does not repeat it.
        #expect(error.description.ranges(of: ", got ").count == 1, "\(error.description)")
    }

    @Test func edgesOfEveryRangeAreAccepted() throws {
        let low = try Config.parse(
            "max-entries = 0\nmax-bytes = 1\nconvert-timeout = 10ms\nhook-timeout = 100ms\n", file: "c")
        #expect(low.maxEntries == 0 && low.maxBytes == 1)
        #expect(low.convertTimeoutMilliseconds == 10 && low.hookTimeoutMilliseconds == 100)
        let high = try Config.parse(
            "max-entries = 10000000\nmax-bytes = 512M\nconvert-timeout = 60s\nhook-timeout = 10m\n", file: "c")
        #expect(high.maxEntries == 10_000_000 && high.maxBytes == 512 << 20)
        #expect(high.convertTimeoutMilliseconds == 60_000 && high.hookTimeoutMilliseconds == 600_000)
    }

    @Test func valueParsersNeverTrapOnHugeNumbers() {
        #expect(ConfigValue.bytes("1e30K") == nil)
        #expect(ConfigValue.bytes("1e300G") == nil)
        #expect(ConfigValue.milliseconds("1e300s") == nil)
        #expect(ConfigValue.milliseconds("1e20ms") == nil)
        #expect(ConfigValue.milliseconds("1.5e3ms") == 1500)
    }

    @Test func crlfLineEndsAndAByteOrderMarkAreAccepted() throws {
        let text = "\u{FEFF}ignore-apps = KeePassXC\r\nmax-entries = 7\r\n# note\r\n\r\n"
        let config = try Config.parse(text, file: "c")
        #expect(config.ignoreApps == ["KeePassXC"])
        #expect(config.maxEntries == 7)
        #expect(config.origins["max-entries"] == "c:2")
    }

    @Test(arguments: [
        ([UInt8]("max-entries = 5\nignore-apps = a\0b\n".utf8), "c:2: ", "\\0"),
        ([UInt8]("ignore-apps = Kee\rPassXC\n".utf8), "c:1: ", "carriage return"),
        ([UInt8]("max-entries = 5\r\r\n".utf8), "c:1: ", "carriage return"),
        ([UInt8]("# ok\nfeedback = none\u{1B}[0m\n".utf8), "c:2: ", "\\x1B"),
        ([UInt8]("max-entries = 5\n".utf8) + [0x66, 0xFF, 0x0A], "c:2: ", "not UTF-8 text: byte 0xFF at column 2"),
        ([0xEF, 0xBB] + [UInt8]("max-entries = 5\n".utf8), "c:1: ", "not UTF-8"),
    ])
    func bytesThatAreNotTextAreErrorsNamingTheLine(bytes: [UInt8], prefix: String, fragment: String) {
        do {
            _ = try Config.parse(bytes: bytes, file: "c")
            Issue.record("expected an error")
        } catch {
            #expect(error.exitStatus == .badConfig)
            #expect(error.description.hasPrefix(prefix))
            #expect(error.description.contains(fragment))
        }
    }

    @Test func aByteOrderMarkAfterTheStartIsShownVisibly() {
        do {
            _ = try Config.parse("# one\n\u{FEFF}max-entries = 5\n", file: "c")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("unknown key '<U+FEFF>max-entries'"))
        }
    }

    @Test func quotedValuesAreCutAndShowInvisibleCharacters() {
        #expect(Visible.quoted("a\u{FEFF}b\u{200B}\t\u{7}'") == "'a<U+FEFF>b<U+200B>\\t\\x07\\''")
        let long = Visible.quoted(String(repeating: "x", count: 1000))
        #expect(long == "'" + String(repeating: "x", count: 80) + "…'")
        #expect(Visible.quoted("héllo wörld") == "'héllo wörld'")
    }
}
