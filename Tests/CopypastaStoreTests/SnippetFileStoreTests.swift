import CopypastaCore
import CopypastaStore
import TestSupport
import Testing

/// The rows behind `snippet-dir`: a file stored, re-read unchanged, replaced when edited,
/// trashed without its title when removed, and a title taken by another entry refused.
@Suite struct SnippetFileStoreTests {
    let sandbox = Sandbox()

    @Test func reconcileFollowsTheFiles() throws {
        let store = try HistoryStore(path: sandbox.database)
        let time = Timestamp(microseconds: 1)
        let first = try store.storeSnippetFile(
            path: "mail/sig.txt", stamp: "1", text: "Regards", title: "sig", tags: ["collection:mail"], at: time)
        #expect(try store.entry(id: first).title == "sig")
        #expect(try store.entry(id: first).pinned && store.entry(id: first).tags == ["collection:mail"])
        #expect(try store.snippetFilePaths() == ["mail/sig.txt"])
        // The same stamp again reads nothing and keeps the entry.
        #expect(
            try store.storeSnippetFile(path: "mail/sig.txt", stamp: "1", text: "other", title: "sig", tags: [], at: time) == first
        )
        // An edit replaces the entry; the title follows the new one.
        let edited = try store.storeSnippetFile(
            path: "mail/sig.txt", stamp: "2", text: "Best", title: "sig", tags: ["collection:mail"], at: time)
        #expect(edited != first)
        #expect(try store.text(id: store.id(forTitle: "sig")) == "Best")
        #expect(throws: StoreError.noSuchEntry(first)) { try store.entry(id: first) }
        // A title held by an entry from elsewhere is refused.
        let manual = try store.add("hand made", at: time, policy: .move, maxEntries: 0, title: "hand").id
        #expect(throws: StoreError.titleTaken("hand", manual ?? 0)) {
            try store.storeSnippetFile(path: "hand.md", stamp: "1", text: "x", title: "hand", tags: [], at: time)
        }
        // Removing the file trashes the entry without its title, so the name is free again.
        #expect(try store.removeSnippetFile(path: "mail/sig.txt", at: time) == edited)
        #expect(try store.entry(id: edited).trashedAt != nil && store.entry(id: edited).title == nil)
        #expect(try store.snippetFilePaths().isEmpty)
        #expect(try store.removeSnippetFile(path: "mail/sig.txt", at: time) == nil)
        let again = try store.storeSnippetFile(path: "sig.txt", stamp: "3", text: "Cheers", title: "sig", tags: [], at: time)
        #expect(try store.id(forTitle: "sig") == again)
    }
}
