import CopypastaCore
import CopypastaStore
import TestSupport
import Testing

/// Secure entries: sealed at rest, out of the index and previews, gone from the database files.
@Suite struct SecureTests {
    let sandbox = Sandbox()
    let secret = "zqxsecurehunter2password"
    let passphrase = Array("correct horse".utf8)

    func filled() throws -> (HistoryStore, Int64) {
        let store = try HistoryStore(path: sandbox.database)
        for index in 0..<300 {
            _ = try store.add("filler \(index) alpha beta gamma \(index * 7)", at: .now(), policy: .move, maxEntries: 0)
        }
        let outcome = try store.add("login: \(secret) for the server", at: .now(), policy: .move, maxEntries: 0)
        guard case let .inserted(id) = outcome else { throw StoreError.invalid("not inserted") }
        for index in 0..<50 { _ = try store.add("after \(index) delta", at: .now(), policy: .move, maxEntries: 0) }
        return (store, id)
    }

    @Test func securingPurgesThePlaintextFromTheDatabaseFiles() throws {
        let (store, id) = try filled()
        #expect(!sandbox.databaseFilesHolding(secret).isEmpty)
        let key = try store.secureKey(passphrase: passphrase, create: true)
        try store.makeSecure(id: id, key: key)
        #expect(sandbox.databaseFilesHolding(secret) == [])
        #expect(try store.search(SearchQuery.parse(secret), order: .recent, limit: nil).isEmpty)
        let entry = try store.entry(id: id)
        #expect(entry.secure && entry.previewSource == Entry.securePreview)
        #expect(try store.secureText(id: id, key: key) == "login: \(secret) for the server")
    }

    @Test func theTextNeedsTheKey() throws {
        let (store, id) = try filled()
        try store.makeSecure(id: id, key: try store.secureKey(passphrase: passphrase, create: true))
        #expect(throws: StoreError.secureEntry(id)) { try store.text(id: id) }
        #expect(throws: StoreError.wrongPassphrase) { try store.secureKey(passphrase: Array("wrong".utf8), create: false) }
        #expect(StoreError.wrongPassphrase.exitStatus == .noPermission)
        #expect(ExitStatus.noPermission.rawValue == 77)
    }

    @Test func clearingBringsTheTextBackIntoSearch() throws {
        let (store, id) = try filled()
        let key = try store.secureKey(passphrase: passphrase, create: true)
        try store.makeSecure(id: id, key: key)
        try store.clearSecure(id: id, key: try store.secureKey(passphrase: passphrase, create: false))
        #expect(try store.text(id: id) == "login: \(secret) for the server")
        #expect(try store.search(SearchQuery.parse(secret), order: .recent, limit: nil).map(\.id) == [id])
        #expect(try store.entry(id: id).secure == false)
    }

    @Test func deletingASecureEntryRemovesItsSealedText() throws {
        let (store, id) = try filled()
        let key = try store.secureKey(passphrase: passphrase, create: true)
        try store.makeSecure(id: id, key: key)
        try store.delete(ids: [id])
        #expect(throws: StoreError.invalid("entry \(id) is not secure")) { try store.secureText(id: id, key: key) }
    }

    @Test func aSealedTextOnlyOpensWithItsKeyAndContext() throws {
        let parameters = KeyParameters.fresh()
        let key = try #require(SecretKey.derive(passphrase: passphrase, parameters: parameters))
        let sealed = key.seal(Array(secret.utf8), context: Array("entry 1".utf8))
        #expect(key.open(sealed, context: Array("entry 1".utf8)) == Array(secret.utf8))
        #expect(key.open(sealed, context: Array("entry 2".utf8)) == nil)
        let other = try #require(SecretKey.derive(passphrase: Array("other".utf8), parameters: parameters))
        #expect(other.open(sealed, context: Array("entry 1".utf8)) == nil)
        #expect(SecretKey.derive(passphrase: [], parameters: parameters) == nil)
    }
}
