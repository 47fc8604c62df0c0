import Glibc
import TestSupport
import Testing

/// Documents and links through the real binary: add --file, add --url, attach, detach, and a
/// kill in the middle of a copy.
@Suite struct DocumentTests {
    let sandbox = Sandbox()
    var cli: CopypastaBinary { CopypastaBinary(sandbox: sandbox) }
    var data: String { sandbox.root + "/data/copypasta" }

    /// Every file below the data directory except the database's own.
    var payloadFiles: [String] {
        walk(data).filter { !$0.hasPrefix("history.sqlite3") }
    }

    func walk(_ directory: String) -> [String] {
        let result = try? Child(["find", directory, "-mindepth", "1", "-not", "-type", "d", "-printf", "%P\\n"]).communicate()
        return result?.output.split(separator: "\n").map(String.init).sorted() ?? []
    }

    @Test func addFileCopiesTheDocumentAndFindsItsWords() throws {
        let source = sandbox.write("in/notes.md", "# Plans\nthe zanzibar plan\n")
        let added = try cli.run("add", "--file", source, "--tag", "work")
        #expect(added.status == 0 && added.output == "1\n", "\(added.stderr)")
        #expect(try cli.run("list").output == "1\tnotes.md\n")
        #expect(try cli.run("search", "zanzibar").output == "1\tnotes.md\n")
        #expect(try cli.run("pick", "--list", "zanzibar").output == "1\tnotes.md\n")
        #expect(try cli.run("search", "kind:document").output == "1\tnotes.md\n")
        let json = try cli.run("list", "--json").output
        #expect(json.contains(#""kind":"document""#) && json.contains(#""file":{"name":"notes.md","size":26,"missing":false}"#))
        let files = payloadFiles
        #expect(files.count == 1 && files.first?.hasPrefix("documents/") == true && files.first?.hasSuffix("/notes.md") == true)
        #expect(sandbox.mode(data + "/" + (files.first ?? "")) == 0o600)
        #expect(sandbox.read(source) == sandbox.read(data + "/" + (files.first ?? "")))
    }

    func sqlite(_ sql: String) -> Bool {
        (try? Child(["sqlite3", sandbox.database, sql]).communicate())?.status == 0
    }

    @Test func showPrintsTheLibraryFieldsBeforeTheText() throws {
        sandbox.write("config/copypasta/copypasta.conf", "archive-links = off\n")
        #expect(try cli.run("add", "plain words").status == 0)
        #expect(try cli.run("show", "1").output == "plain words")
        let source = sandbox.write("in/notes.md", "quokka notes\n")
        #expect(try cli.run("add", "--file", source).status == 0)
        #expect(try cli.run("show", "2").output == "kind: document\nfile: notes.md (13 bytes)\n\nnotes.md")
        #expect(try cli.run("add", "--url", "https://example.org/a").status == 0)
        let update = """
            UPDATE entry_link SET archive = 'failed', reason = 'HTTP 404', page_title = 'Page', \
            author = 'Ann', published = '2024-01-02' WHERE entry_id = 3
            """
        #expect(sqlite(update))
        let shown = try cli.run("show", "3").output
        #expect(shown.hasPrefix("kind: link\nurl: https://example.org/a\narchive: failed (HTTP 404)\n"))
        #expect(shown.contains("page title: Page\nauthor: Ann\npublished: 2024-01-02\n\n"))
        #expect(sqlite("UPDATE entry_link SET archive = 'full', reason = NULL, folder = 'gone' WHERE entry_id = 3"))
        #expect(try cli.run("show", "3").output.contains("archive: missing\n"))
        let json = try cli.run("show", "--json", "3").output
        #expect(json.hasPrefix(#"{"id":3,"#) && json.contains(#""url":"https://example.org/a","archive":"missing""#))
        #expect(json.contains(#""pageTitle":"Page","author":"Ann","published":"2024-01-02""#) && json.hasSuffix("}\n"))
    }

    @Test func aPayloadThatStayedOnAnotherMachineSaysNotSyncedNotMissing() throws {
        sandbox.write("config/copypasta/copypasta.conf", "archive-links = off\n")
        #expect(try cli.run("add", "--url", "https://example.org/big").status == 0)
        let folder = "00000000-0000-4000-8000-000000000001"
        #expect(sqlite("UPDATE entry_link SET archive = 'full', folder = '\(folder)', origin = 'size' WHERE entry_id = 1"))
        #expect(try cli.run("show", "1").output.contains("archive: not synced (size)\n"))
        #expect(try cli.run("list").output == "1\thttps://example.org/big [archive: not synced (size)]\n")
        let link = try cli.run("show", "--json", "1").output
        #expect(link.contains(#""archive":"full","archiveNotSynced":"size""#))
        let source = sandbox.write("in/notes.md", "quokka notes\n")
        #expect(try cli.run("add", "--file", source).status == 0)
        #expect(sqlite("UPDATE entry_file SET folder = '\(folder)', origin = 'size' WHERE entry_id = 2"))
        #expect(try cli.run("show", "2").output.hasPrefix("kind: document\nfile: notes.md (13 bytes, not synced (size))\n"))
        #expect(try cli.run("list").output.hasPrefix("2\tnotes.md [file: not synced (size)]\n"))
        let file = try cli.run("show", "--json", "2").output
        #expect(file.contains(#""file":{"name":"notes.md","size":13,"missing":false,"notSynced":"size"}"#))
    }

    @Test func htmlAndPDFAreSearchableByTheirText() throws {
        let html = sandbox.write("page.html", "<html><script>var hidden</script><body><p>Hello &amp; quokka</p></body></html>")
        #expect(try cli.run("add", "--file", html, "--title", "A page").status == 0)
        #expect(try cli.run("search", "quokka").output == "1\tA page\n")
        #expect(try cli.run("search", "hidden").status == 1)
        let pdf = sandbox.root + "/doc.pdf"
        #expect(Self.writePDF(pdf, text: "The wombat report"))
        #expect(try cli.run("add", "--file", pdf).status == 0)
        #expect(try cli.run("search", "wombat").output == "2\tdoc.pdf\n")
    }

    @Test func aFileOverMaxFileSizeIsRefusedAndNothingIsCopied() throws {
        let big = sandbox.root + "/big.bin"
        let fd = open(big, O_WRONLY | O_CREAT, 0o644)
        ftruncate(fd, 51 << 20)
        close(fd)
        sandbox.write("config/copypasta/copypasta.conf", "max-file-size = 50\n")
        let refused = try cli.run("add", "--file", big)
        #expect(refused.status == 65 && refused.stderr.contains("max-file-size"), "\(refused.stderr)")
        #expect(try cli.run("list").output.isEmpty && payloadFiles.isEmpty)
    }

    @Test func aKillDuringTheCopyLeavesNoFileAndNoEntry() throws {
        let fifo = sandbox.root + "/slow.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let child = try cli.start(["add", "--file", fifo])
        let writer = open(fifo, O_WRONLY)
        #expect(writer >= 0)
        let chunk = [UInt8](repeating: 65, count: 1 << 16)
        // Each write returns once the reader made room: 4 MiB written means the copy is under way.
        for _ in 0..<64 { _ = chunk.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) } }
        child.signal(SIGKILL)
        _ = child.wait()
        close(writer)
        #expect(payloadFiles.isEmpty)
        #expect(try cli.run("list").output.isEmpty)
    }

    @Test func addURLAndAOneURLTextMakeQueuedLinkItems() throws {
        #expect(try cli.run("add", "--url", "https://example.com/a", "--title", "Example A").output == "1\n")
        #expect(try cli.run("add", "https://example.org/b").output == "2\n")
        #expect(try cli.run("add", "plain words").output == "3\n")
        let listed = try cli.run("list").output
        #expect(listed.contains("1\tExample A \u{2014} https://example.com/a [archive: pending]"))
        #expect(try cli.run("search", "archive:pending").output.split(separator: "\n").count == 2)
        #expect(try cli.run("list", "--json").output.contains(#""url":"https://example.com/a","archive":"pending""#))
        sandbox.write("config/copypasta/copypasta.conf", "archive-links = off\n")
        #expect(try cli.run("add", "--url", "https://example.net/c").status == 0)
        #expect(try cli.run("list", "--json", "--limit", "1").output.contains(#""archive":"none""#))
    }

    @Test func attachAndDetachChangeWhatAnItemCarries() throws {
        #expect(try cli.run("add", "a note").status == 0)
        let file = sandbox.write("a.txt", "attached capybara")
        #expect(try cli.run("attach", "1", "--file", file).status == 0)
        #expect(try cli.run("attach", "1", "--url", "https://example.com/n").status == 0)
        #expect(try cli.run("search", "capybara").output.hasPrefix("1\t"))
        let json = try cli.run("list", "--json").output
        #expect(json.contains(#""kind":"text""#) && json.contains(#""url":"https://example.com/n""#) && json.contains("a.txt"))
        #expect(try cli.run("detach", "1", "--file").status == 0)
        #expect(payloadFiles.isEmpty)
        #expect(try cli.run("detach", "1", "--file").status == 65)
        #expect(try cli.run("detach", "1", "--url").status == 0)
        #expect(try cli.run("attach", "1").status == 64 && cli.run("attach", "9", "--url", "https://x.org").status == 66)
    }

    @Test func exportFilesCopiesDocumentsAndLeavesTheLibraryAlone() throws {
        let source = sandbox.write("in/report.txt", "figures")
        #expect(try cli.run("add", "--file", source).status == 0)
        #expect(try cli.run("add", "--file", source).status == 0)
        #expect(try cli.run("add", "plain").status == 0)
        let out = sandbox.root + "/out"
        let exported = try cli.run("export", "--files", out, "1", "2")
        #expect(exported.status == 0 && exported.output == "\(out)/report.txt\n\(out)/report (2).txt\n", "\(exported.stderr)")
        #expect(sandbox.read(out + "/report (2).txt") == Array("figures".utf8))
        #expect(payloadFiles.count == 2)
        #expect(try cli.run("export", "--files", out, "3").status == 65)
        #expect(try cli.run("export", "1").status == 64)
    }

    /// A one-page PDF whose text layer holds `text`; pdftotext repairs the missing cross-reference table.
    static func writePDF(_ path: String, text: String) -> Bool {
        let stream = "BT /F1 24 Tf 72 700 Td (\(text)) Tj ET"
        let pdf = """
            %PDF-1.4
            1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
            2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
            3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj
            4 0 obj << /Length \(stream.utf8.count) >> stream
            \(stream)
            endstream endobj
            5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj
            trailer << /Root 1 0 R >>
            %%EOF

            """
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return pdf.utf8.withContiguousStorageIfAvailable { write(fd, $0.baseAddress, $0.count) } ?? -1 > 0
    }
}
