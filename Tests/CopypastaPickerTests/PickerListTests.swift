import CopypastaCore
import CopypastaPicker
import Testing

/// The picker's paging, selection and marks, over a fake history of `count` entries.
struct PickerListTests {
    /// A history of `count` entries, ids count…1 newest first, recording each page asked for.
    final class History {
        var pages: [(query: String, offset: Int, limit: Int)] = []
        let count: Int
        init(_ count: Int) { self.count = count }

        /// With `short`, a page holds at most that many rows and says more follow, as a picker
        /// page of a phrase rare among the newest entries does (`PickerPage.partial`).
        var short: Int?

        func fetch(_ query: String, _ offset: Int, _ limit: Int) -> (entries: [Entry], more: Bool) {
            pages.append((query, offset, limit))
            let ids = (0..<count).map { Int64(count - $0) }.filter { query.isEmpty || $0 % 2 == 0 }
            let rows = ids.dropFirst(offset).prefix(min(limit, short ?? limit)).map {
                Entry(
                    id: $0, text: nil, previewSource: "entry \($0)", capturedAt: Timestamp(microseconds: 0), source: .manual,
                    sourceApp: nil, bytes: 1, pinned: false, tags: [], useCount: 0, lastUsedAt: nil)
            }
            return (rows, offset + rows.count < ids.count)
        }
    }

    @Test func theFirstPageOnlyThenTheNextNearTheEnd() throws {
        let history = History(1000)
        var list = PickerList(pageSize: 50, visibleRows: 10) { history.fetch($0, $1, $2) }
        list.search("")
        #expect(list.entries.count == 50)
        #expect(history.pages.count == 1)
        list.move(by: 25)
        #expect(history.pages.count == 1, "a page is read only near the end of the loaded rows")
        list.move(by: 15)
        try #require(history.pages.count == 2)
        #expect(history.pages[1].offset == 50)
        #expect(list.entries.count == 100)
        #expect(list.current?.id == 960)
        #expect(list.top == 31)
    }

    @Test func searchStartsOverAtTheTopAndStopsAtTheEnd() {
        let history = History(30)
        var list = PickerList(pageSize: 20, visibleRows: 5) { history.fetch($0, $1, $2) }
        list.search("")
        list.move(by: 19)
        #expect(list.entries.count == 30)
        #expect(list.exhausted)
        list.search("even")
        #expect(list.entries.count == 15)
        #expect(list.selected == 0)
        #expect(list.current?.id == 30)
        list.move(by: 100)
        #expect(list.current?.id == 2)
    }

    /// Short pages that say more follow: the list wants more until a screenful and a half is
    /// loaded, one page per call (the window loads them between events), and stops at the end.
    @Test func shortPagesWithMoreToFollowAreLoadedUntilTheScreenIsFull() {
        let history = History(30)
        history.short = 3
        var list = PickerList(pageSize: 20, visibleRows: 5) { history.fetch($0, $1, $2) }
        list.search("even")
        #expect(list.entries.count == 3)
        #expect(list.wantsMore)
        var calls = 0
        while list.wantsMore {
            list.loadMoreIfNeeded()
            calls += 1
        }
        #expect(list.entries.count == 12)
        #expect(calls == 3)
        list.move(by: 100)
        while list.wantsMore { list.loadMoreIfNeeded() }
        #expect(list.entries.map(\.id) == (1...15).reversed().map { Int64($0 * 2) })
        #expect(list.exhausted)
    }

    @Test func marksKeepTheOrderChosen() {
        let history = History(10)
        var list = PickerList(pageSize: 20, visibleRows: 5) { history.fetch($0, $1, $2) }
        list.search("")
        list.move(by: 2)
        list.toggleMark()
        list.move(by: -2)
        list.toggleMark()
        #expect(list.marked == [8, 10])
        list.toggleMark()
        #expect(list.marked == [8])
    }

    @Test func aQueryThatDoesNotParseKeepsTheRows() {
        var list = PickerList(pageSize: 20, visibleRows: 5) { query, _, _ in
            if query.contains("\"") { throw PickerUsageErrorStandIn() }
            return ([], false)
        }
        list.search("\"open")
        #expect(list.problem != nil)
    }

    struct PickerUsageErrorStandIn: Error {}
}

/// The row texts: visible newlines and tabs, the lock of a secure entry, ages.
struct RowTextTests {
    @Test func newlinesAndTabsAreVisible() {
        #expect(RowText.line("a\nb\tc\r\n\u{7}d") == "a↵b⇥c↵d")
        #expect(RowText.line(String(repeating: "x", count: 500)).count == 240)
    }

    @Test func secureEntriesShowALockAndNoText() {
        let entry = Entry(
            id: 1, text: nil, previewSource: "hidden", capturedAt: Timestamp(microseconds: 0), source: .manual, sourceApp: nil,
            bytes: 6, pinned: false, tags: [], useCount: 0, lastUsedAt: nil, secure: true)
        #expect(RowText.preview(entry) == "🔒")
    }

    @Test func ages() {
        let now = Timestamp(microseconds: 10 * 86_400 * 1_000_000)
        #expect(RowText.age(Timestamp(microseconds: now.microseconds - 42_000_000), now: now) == "42s")
        #expect(RowText.age(Timestamp(microseconds: now.microseconds - 7200 * 1_000_000), now: now) == "2h")
        #expect(RowText.age(Timestamp(microseconds: 0), now: now) == "1w")
    }

    @Test func pickerOptionsNeedThePaths() {
        #expect(throws: PickerUsageError.self) { try PickerOptions.parse(["--db", "x"]).get() }
        let parsed = try? PickerOptions.parse(["--db", "d", "--config", "c", "--copypasta", "p", "--enter", "paste"]).get()
        #expect(parsed?.enter == .paste)
    }
}
