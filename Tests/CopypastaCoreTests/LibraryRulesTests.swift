import CopypastaCore
import Testing

/// The pure rules of the library: link detection, ages, filters, and the foreign formats.
@Suite struct LibraryRulesTests {
    @Test(arguments: [
        ("https://www.example.com/a", EntryKind.link), ("  http://x.org\n", .link), ("FTP://host/file", .link),
        ("file:///etc/hosts", .link), ("mailto:a@b.c", .link), ("https://", .text), ("http:/x", .text),
        ("see https://x.org", .text), ("https://x.org two", .text), ("mailto:nobody", .text), ("javascript:alert(1)", .text),
        ("example.com", .text), ("", .text), ("MailTo:a@b.c", .link), ("https://x.org/\u{7}", .text),
        ("file:/tmp/a\tb", .text), (" \n ", .text), ("urn:isbn:0451450523", .text), ("https:x", .text),
        ("mailtos:a@b.c", .text), ("\u{A0}http://x.org\u{2003}", .link), ("http://x.org/\u{2028}a", .text),
    ])
    func aLinkIsOneURLWithAKnownScheme(text: String, kind: EntryKind) {
        #expect(EntryKind.of(text) == kind)
    }

    @Test func agesReadAndShowInTheirUnits() throws {
        #expect(ConfigValue.age("30d") == 30 * 86400 && ConfigValue.age("12h") == 43200 && ConfigValue.age("90m") == 5400)
        #expect(ConfigValue.age("2w") == 14 * 86400 && ConfigValue.age("0d") == nil && ConfigValue.age("3") == nil)
        #expect(
            ConfigValue.showAge(30 * 86400) == "30d" && ConfigValue.showAge(14 * 86400) == "2w"
                && ConfigValue.showAge(5400) == "90m")
        #expect(throws: CoreError.self) { try Config.parse("max-age = soon\n", file: "f") }
        #expect(try Config.parse("max-age = 12h\ntrash-days = 0\n", file: "f").maxAgeSeconds == 43200)
    }

    @Test func searchFiltersForKindCollectionAndTrash() throws {
        let query = try SearchQuery.parse("kind:LINK collection:Work in:trash word")
        #expect(query.kind == .link && query.tags == ["collection:Work"] && query.inTrash && query.hasTerms)
        #expect(throws: CoreError.self) { try SearchQuery.parse("in:bin x") }
        #expect(CollectionTag.name(ofTag: "Collection:Recipes") == "Recipes" && CollectionTag.name(ofTag: "collection:") == nil)
        #expect(TagName.problem("collection:") != nil && TagName.problem("Collection:") != nil)
        #expect(TagName.problem(CollectionTag.tag("")) != nil && TagName.problem(CollectionTag.tag("x")) == nil)
    }

    @Test func copyqOutputIsReadByLengthAndRefusedWhenItIsNot() throws {
        let output = Array("3\n5\nab\ncd\n-\n2\n\u{0}\n\n".utf8)
        #expect(try CopyqDump.items(output, maxBytes: 100) == [.text("ab\ncd"), .notText, .text("\u{0}\n")])
        #expect(try CopyqDump.items(output, maxBytes: 4) == [.tooLong(bytes: 5), .notText, .text("\u{0}\n")])
        #expect(throws: CoreError.self) { try CopyqDump.items(Array("2\n-\n".utf8), maxBytes: 9) }
        #expect(throws: CoreError.self) { try CopyqDump.items(Array("ScriptError: x\n".utf8), maxBytes: 9) }
    }

    @Test func aGreenclipHistoryWithTrailingBytesOrAnUnknownTypeIsRefused() {
        let one: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 0, 0, 1, 0x61] + [0] + [0, 0, 0, 0, 0, 0, 0, 1, 0x62]
        #expect((try? GreenclipHistory.items(one, maxBytes: 10))?.map(\.clip) == [.text("b")])
        #expect(throws: CoreError.self) { try GreenclipHistory.items(one + [0], maxBytes: 10) }
        var unknown = one
        unknown[17] = 7
        #expect(throws: CoreError.self) { try GreenclipHistory.items(unknown, maxBytes: 10) }
    }

    @Test func aClipmenuLineCacheMustMatchItsHeader() throws {
        var cache = [UInt8](repeating: 0, count: 256 * 3)
        cache[0] = 1
        cache[8] = 2
        cache[256] = 42
        #expect(try ClipmenuStore.hashes(lineCache: cache) == [42])
        #expect(throws: CoreError.self) { try ClipmenuStore.hashes(lineCache: Array(cache.dropLast())) }
        #expect(throws: CoreError.self) { try ClipmenuStore.hashes(lineCache: cache + [UInt8](repeating: 0, count: 256)) }
        #expect(ClipmenuStore.directory(environment: ["XDG_RUNTIME_DIR": "/run/user/7"], uid: 7) == "/run/user/7/clipmenu.7.7")
        #expect(ClipmenuStore.directory(environment: ["CM_DIR": "/c", "XDG_RUNTIME_DIR": "/r"], uid: 7) == "/c/clipmenu.7.7")
    }
}
