import CopypastaCore
import CopypastaStore
import Glibc
import TestSupport
import Testing

/// The payload area's folders and files: names, modes, atomic writes and removal.
@Suite struct PayloadAreaTests {
    let sandbox = Sandbox()

    @Test func foldersAreRandomVersionFourUUIDs() {
        let folders = (0..<50).map { _ in PayloadArea.newFolder() }
        #expect(Set(folders).count == 50)
        #expect(folders.allSatisfy(PayloadArea.isFolderName))
        #expect(folders.allSatisfy { Array($0)[14] == "4" && $0.split(separator: "-").map(\.count) == [8, 4, 4, 4, 12] })
        #expect(!PayloadArea.isFolderName("..") && !PayloadArea.isFolderName("../../../../../../../../../../etc/x"))
    }

    @Test func theAreaLivesBesideTheDatabaseWithPrivateModes() throws {
        let area = PayloadArea(databasePath: sandbox.database)
        #expect(area.root == sandbox.root + "/data/copypasta")
        let folder = PayloadArea.newFolder()
        try area.write(Array("hello".utf8), to: "assets/a.txt", kind: .links, folder: folder)
        let path = area.path(.links, folder)
        #expect(sandbox.read(path + "/assets/a.txt") == Array("hello".utf8))
        #expect(sandbox.mode(area.directory(.links)) == 0o700 && sandbox.mode(path) == 0o700)
        #expect(sandbox.mode(path + "/assets") == 0o700 && sandbox.mode(path + "/assets/a.txt") == 0o600)
    }

    @Test func aWriteReplacesTheWholeFileAndLeavesNoTemporaryName() throws {
        let area = PayloadArea(root: sandbox.root)
        let folder = PayloadArea.newFolder()
        try area.write(Array(repeating: 7, count: 100_000), to: "page.html", kind: .links, folder: folder)
        try area.write(Array("short".utf8), to: "page.html", kind: .links, folder: folder)
        #expect(sandbox.read(area.path(.links, folder) + "/page.html") == Array("short".utf8))
        #expect(LibraryWalk.files(under: area.path(.links, folder)) == ["page.html"])
    }

    @Test func namesThatLeaveTheFolderAreRefused() {
        let area = PayloadArea(root: sandbox.root)
        let folder = PayloadArea.newFolder()
        for name in ["../x", "/etc/passwd", "a//b", "a/./b", "", "assets/.."] {
            #expect(throws: PayloadError.badName(name)) { try area.write([1], to: name, kind: .links, folder: folder) }
        }
        #expect(throws: PayloadError.badFolder("../..")) { try area.remove(.documents, "../..") }
    }

    @Test func removeTakesTheWholeTreeAndToleratesAGoneFolder() throws {
        let area = PayloadArea(root: sandbox.root)
        let folder = PayloadArea.newFolder()
        try area.write([1], to: "a/b/c/d.bin", kind: .documents, folder: folder)
        symlink(sandbox.root, area.path(.documents, folder) + "/a/link")
        try area.remove(.documents, folder)
        #expect(!area.exists(.documents, folder))
        #expect(sandbox.mode(sandbox.root) != nil)
        try area.remove(.documents, folder)
    }
}
