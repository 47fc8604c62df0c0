import Glibc
import TestSupport
import Testing

/// `import --from clipmenu|greenclip|cliphist`, from fixtures in the formats those projects
/// define (they are not packaged in Debian; see ForeignFixtures). CopyQ, which is, is tested
/// with the real program in the integration tests.
@Suite struct ForeignImportTests {
    let sandbox = Sandbox()
    var cli: CopypastaBinary { CopypastaBinary(sandbox: sandbox) }

    func lines(_ arguments: String...) throws -> String { try cli.run(arguments).output }

    @Test func clipmenuKeepsItsOrderSkipsDuplicatesNonTextAndOversized() throws {
        sandbox.write("config/copypasta/copypasta.conf", "max-bytes = 64\n")
        #expect(try cli.run("add", "already here").status == 0)
        let store = sandbox.root + "/clipmenu.7.1000"
        let clips: [[UInt8]] = [
            Array("oldest".utf8), Array("two\nlines".utf8), [0xFF, 0xFE, 0x00], Array("already here".utf8),
            Array(String(repeating: "x", count: 100).utf8), Array("oldest".utf8), Array("newest".utf8),
        ]
        ForeignFixtures.clipmenu(store, clips: clips)
        let result = try cli.run("import", "--from", "clipmenu", store)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr == "copypasta: imported 3 entries from clipmenu, skipped 2 duplicates, "
                + "1 non-text items and 1 entries longer than max-bytes\n")
        // The newest clip that was a copy of "oldest" makes it the second newest.
        #expect(try lines("list") == "1\talready here\n2\tnewest\n3\toldest\n4\ttwo⏎lines\n")
        #expect(
            try lines("list", "--json", "--limit", "1", "--offset", "1").contains(#""source":"import","sourceApp":"clipmenu""#))
    }

    @Test func clipmenuFindsItsStoreThroughCM_DIR() throws {
        ForeignFixtures.clipmenu(sandbox.root + "/clipmenu.7.\(getuid())", clips: [Array("from the default place".utf8)])
        let result = try CopypastaBinary(sandbox: sandbox, environment: ["CM_DIR": sandbox.root]).run(
            "import", "--from", "clipmenu")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try lines("list") == "1\tfrom the default place\n")
    }

    @Test func aMalformedClipmenuStoreImportsNothing() throws {
        let store = sandbox.root + "/broken"
        ForeignFixtures.clipmenu(store, clips: [Array("a".utf8), Array("b".utf8)])
        // The header promises more clips than the file holds.
        var cache = sandbox.read(store + "/line_cache") ?? []
        cache[0] = 9
        ForeignFixtures.write(store + "/line_cache", cache)
        let result = try cli.run("import", "--from", "clipmenu", store)
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("copypasta: line_cache's header (9 clips, 4 allocated) does not match its size"))
        #expect(try lines("list").isEmpty)
        // A snip whose content file is gone.
        ForeignFixtures.clipmenu(store, clips: [Array("a".utf8), Array("b".utf8)])
        _ = Child.runQuietly(["rm", "-r", store + "/177670"])
        let missing = try cli.run("import", "--from", "clipmenu", store)
        #expect(missing.status == 65 && missing.stderr.contains("has no file"), "\(missing.stderr)")
        #expect(try lines("list").isEmpty)
    }

    @Test func greenclipReadsItsHistoryFile() throws {
        let history = ForeignFixtures.greenclip([
            (app: "firefox", constructor: 0, content: Array("newest\ntext".utf8)),
            (app: "gimp", constructor: 1, content: Array("3f2a".utf8)),
            (app: "xterm", constructor: 0, content: Array("oldest ✓".utf8)),
        ])
        let path = sandbox.root + "/greenclip.history"
        ForeignFixtures.write(path, history)
        let result = try cli.run("import", "--from", "greenclip", path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("copypasta: imported 2 entries from greenclip, skipped 0 duplicates, 1 non-text items"))
        #expect(try cli.run("show", "1").output == "newest\ntext")
        #expect(try lines("list") == "1\tnewest⏎text\n2\toldest ✓\n")
        // The default place.
        _ = Child.runQuietly(["mkdir", "-p", sandbox.root + "/.cache"])
        ForeignFixtures.write(
            sandbox.root + "/.cache/greenclip.history",
            ForeignFixtures.greenclip([(app: "a", constructor: 0, content: Array("cached".utf8))]))
        #expect(try cli.run("import", "--from", "greenclip").status == 0)
        #expect(try lines("list").hasSuffix("3\tcached\n"))
    }

    /// More entries than one import transaction holds (500): one summary line, the order kept across batches.
    @Test func aHistoryLargerThanOneBatchKeepsItsOrder() throws {
        let items = (0..<1000).map { (app: "x", constructor: UInt8(0), content: Array("item \($0)".utf8)) }
        let path = sandbox.root + "/greenclip.history"
        ForeignFixtures.write(path, ForeignFixtures.greenclip(items))
        let result = try cli.run("import", "--from", "greenclip", path)
        #expect(result.status == 0 && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("copypasta: imported 1000 entries from greenclip"))
        let listed = try lines("list").split(separator: "\n")
        #expect(listed.count == 1000 && listed.first == "1\titem 0" && listed.last == "1000\titem 999")
    }

    @Test func aTruncatedGreenclipHistoryImportsNothing() throws {
        let history = ForeignFixtures.greenclip([
            (app: "a", constructor: 0, content: Array("one".utf8)), (app: "b", constructor: 0, content: Array("two".utf8)),
        ])
        let path = sandbox.root + "/greenclip.history"
        ForeignFixtures.write(path, Array(history.dropLast(2)))
        let result = try cli.run("import", "--from", "greenclip", path)
        #expect(result.status == 65)
        #expect(
            result.stderr.hasPrefix("copypasta: the greenclip history is not one greenclip writes: the end of the file"),
            "\(result.stderr)")
        #expect(try lines("list").isEmpty)
    }

    @Test func cliphistListsThenDecodesEachText() throws {
        let bin = sandbox.root + "/bin"
        ForeignFixtures.cliphist(
            bin,
            items: [
                (id: 9, bytes: Array("newest  with\ttabs\n".utf8), binary: false),
                (id: 7, bytes: [0x89, 0x50, 0x4E, 0x47], binary: true),
                (id: 3, bytes: Array("oldest".utf8), binary: false),
            ])
        let path = bin + ":" + String(cString: getenv("PATH"))
        let result = try CopypastaBinary(sandbox: sandbox, environment: ["PATH": path]).run("import", "--from", "cliphist")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("copypasta: imported 2 entries from cliphist, skipped 0 duplicates, 1 non-text items"))
        #expect(try cli.run("show", "1").output == "newest  with\ttabs\n")
        #expect(try lines("list") == "1\tnewest  with⇥tabs⏎\n2\toldest\n")
    }

    @Test func cliphistMissingIsUnavailable() throws {
        let result = try CopypastaBinary(sandbox: sandbox, environment: ["PATH": sandbox.root + "/nowhere"]).run(
            "import", "--from", "cliphist")
        #expect(result.status == 69 && result.stderr.hasPrefix("copypasta: cannot run cliphist"), "\(result.stderr)")
    }
}
