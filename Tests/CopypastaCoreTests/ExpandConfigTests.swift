import CopypastaCore
import Testing

/// The keys of `/TITLE` expansion: off by default, range-checked, and a list of classes.
@Suite struct ExpandConfigTests {
    @Test func theKeysHaveDefaultsAndParse() throws {
        let defaults = Config()
        #expect(defaults.expand == false)
        #expect(defaults.expandTypeMax == 200)
        #expect(defaults.expandIgnoreApps.contains("KeePassXC"))
        let config = try Config.parse("expand = true\nexpand-type-max = 0\nexpand-ignore-apps = XTerm, \"a,b\"\n", file: "c.conf")
        #expect(config.expand)
        #expect(config.expandTypeMax == 0)
        #expect(config.expandIgnoreApps == ["XTerm", "a,b"])
    }

    @Test(arguments: [
        "expand = yes please", "expand-type-max = -1", "expand-type-max = 100001", "expand-type-max = lots",
        "expand-ignore-apps = a,,b",
    ])
    func badValuesAreRefused(line: String) {
        #expect(throws: CoreError.self) { try Config.parse(line + "\n", file: "c.conf") }
    }
}
