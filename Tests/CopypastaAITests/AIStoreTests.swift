import CopypastaCore
import CopypastaStore
import TestSupport
import Testing

/// The `entry_ai` rows: replaced by a re-run, removed by `ai clear` and with their entry.
@Suite struct AIStoreTests {
    @Test func resultsAreReplacedClearedAndPurgedWithTheirEntry() throws {
        let sandbox = Sandbox()
        let store = try HistoryStore(path: sandbox.database)
        try store.add("a note", at: Timestamp(microseconds: 1), policy: .move, maxEntries: 0)
        let id = try #require(try store.newestID())
        let at = Timestamp(microseconds: 5)
        try store.setAISummary(id: id, summary: "one", keyPoints: ["a", "b"], model: "m1", at: at)
        try store.setAITags(id: id, tags: ["x", "y"], model: "m2", at: at)
        try store.setAISummary(id: id, summary: "two", keyPoints: [], model: "m3", at: at)
        #expect(try store.aiResult(id: id) == AIResult(summary: "two", keyPoints: [], tags: ["x", "y"], model: "m3", at: at))
        #expect(try store.body(id: id, source: .summary) == "two")
        #expect(try store.clearAIResult(id: id))
        #expect(try store.aiResult(id: id) == nil)
        #expect(try store.body(id: id, source: .summary) == nil)
        try store.setAISummary(id: id, summary: "three", keyPoints: [], model: "m", at: at)
        try store.delete(ids: [id])
        #expect(try store.aiResult(id: id) == nil)
        #expect(throws: StoreError.self) { try store.setAITags(id: id, tags: [], model: "m", at: at) }
    }
}
