import Glibc
import TestSupport
import Testing

/// `snippet-dir` with a real daemon: files present at start, then created, edited, renamed and
/// removed while it runs, become, change and leave snippets; a file that is not UTF-8 or over
/// `max-bytes` is skipped with a log line; a file snippet expands with `/TITLE`.
@Suite(.serialized) struct SnippetFileTests {
    /// A daemon (returned with its desktop) over a snippet directory that holds `greet.txt`, a
    /// non-UTF-8 file, a file over max-bytes and a hidden one.
    private func start(expand: Bool = false) throws -> (Desktop, Child) {
        let desktop = try Desktop(
            config: "feedback = none\nmax-bytes = 1000\nexpand = \(expand)\nsnippet-dir = ~/snippets/\n")
        desktop.sandbox.write("snippets/greet.txt", "Hello")
        _ = desktop.file("snippets/bad.txt", [0x66, 0xff, 0xfe])
        desktop.sandbox.write("snippets/big.txt", String(repeating: "x", count: 1001))
        desktop.sandbox.write("snippets/.swap.txt", "hidden")
        // Links are not followed, to a file or to a folder outside the directory.
        let outside = desktop.sandbox.write("outside/secret.txt", "not a snippet")
        #expect(symlink(outside, desktop.sandbox.root + "/snippets/link.txt") == 0)
        #expect(symlink(desktop.sandbox.root + "/outside", desktop.sandbox.root + "/snippets/linked") == 0)
        return (desktop, try desktop.startDaemon())
    }

    /// The live snippets as `title=text [tags]`, read from the database file.
    private func snippets(_ desktop: Desktop) throws -> String {
        try desktop.sql(
            """
            SELECT group_concat(line, ' ') FROM (SELECT e.title || '=' || t.text || ' [' || coalesce((SELECT group_concat(g.name)
            FROM entry_tag et JOIN tag g ON g.id = et.tag_id WHERE et.entry_id = e.id), '') || ']' AS line
            FROM entry e JOIN entry_text t ON t.id = e.id WHERE e.title IS NOT NULL AND e.trashed_at IS NULL ORDER BY e.title)
            """)
    }

    private func waitForSnippets(_ desktop: Desktop, _ expected: String) throws -> Bool {
        let found = try waitUntil(seconds: 20) { try snippets(desktop) == expected }
        if !found { Issue.record("snippets: \(try snippets(desktop)); log: \(desktop.log)") }
        return found
    }

    @Test func theStoreFollowsTheFilesWhileTheDaemonRuns() throws {
        let (desktop, _) = try start()
        let root = desktop.sandbox.root + "/snippets"
        #expect(try waitForSnippets(desktop, "greet=Hello []"))
        #expect(desktop.waitForLog("bad.txt skipped: not UTF-8"))
        #expect(desktop.waitForLog("big.txt skipped: 1001 bytes, over max-bytes"))
        desktop.sandbox.write("snippets/mail/sig.md", "Regards")
        #expect(try waitForSnippets(desktop, "greet=Hello [] sig=Regards [collection:mail]"))
        desktop.sandbox.write("snippets/greet.txt", "Hi there")
        #expect(try waitForSnippets(desktop, "greet=Hi there [] sig=Regards [collection:mail]"))
        #expect(rename(root + "/greet.txt", root + "/hello.txt") == 0)
        #expect(try waitForSnippets(desktop, "hello=Hi there [] sig=Regards [collection:mail]"))
        #expect(try desktop.cli.run("show", "@hello").output == "Hi there")
        #expect(try desktop.cli.run("find", "hel").output.contains("@hello"))
        #expect(unlink(root + "/mail/sig.md") == 0)
        #expect(try waitForSnippets(desktop, "hello=Hi there []"))
        #expect(try desktop.sql("SELECT count(*) FROM entry WHERE trashed_at IS NOT NULL") == "2")
        // A folder renamed moves its snippets to the new collection.
        desktop.sandbox.write("snippets/work/todo.txt", "call Bob")
        #expect(try waitForSnippets(desktop, "hello=Hi there [] todo=call Bob [collection:work]"))
        #expect(rename(root + "/work", root + "/jobs") == 0)
        #expect(try waitForSnippets(desktop, "hello=Hi there [] todo=call Bob [collection:jobs]"))
        #expect(!desktop.log.contains("swap") && !desktop.log.contains("link") && !desktop.log.contains("secret"))
    }

    @Test func filesChangedWhileTheDaemonWasDownAreReconciledAtStart() throws {
        let (desktop, daemon) = try start()
        #expect(try waitForSnippets(desktop, "greet=Hello []"))
        daemon.stop()
        desktop.sandbox.write("snippets/greet.txt", "Hello again")
        desktop.sandbox.write("snippets/notes/todo.txt", "buy milk")
        try desktop.startDaemon()
        #expect(try waitForSnippets(desktop, "greet=Hello again [] todo=buy milk [collection:notes]"))
    }

    @Test func aFileSnippetExpands() throws {
        let (desktop, _) = try start(expand: true)
        #expect(try waitForSnippets(desktop, "greet=Hello []"))
        let (_, output) = try desktop.startFocusedClient("client")
        #expect(try desktop.tool(["xdotool", "type", "--delay", "20", "/greet "]) == 0)
        #expect(desktop.waitForFile(output, "Hello ", seconds: 60))
    }

    @Test func nameAndDeleteWriteTheFilesBack() throws {
        let (desktop, _) = try start()
        let root = desktop.sandbox.root + "/snippets"
        desktop.sandbox.write("snippets/mail/sig.md", "Regards")
        #expect(try waitForSnippets(desktop, "greet=Hello [] sig=Regards [collection:mail]"))
        let id = try desktop.sql("SELECT id FROM entry WHERE title = 'sig'")
        #expect(try desktop.cli.run("name", "@sig", "regards").status == 0)
        #expect(desktop.sandbox.read(root + "/mail/regards.md") == Array("Regards".utf8))
        #expect(desktop.sandbox.read(root + "/mail/sig.md") == nil)
        #expect(try waitForSnippets(desktop, "greet=Hello [] regards=Regards [collection:mail]"))
        #expect(try desktop.sql("SELECT id FROM entry WHERE title = 'regards'") == id)
        #expect(try desktop.cli.run("name", "--clear", "@regards").status == 65)
        #expect(try desktop.cli.run("delete", "@greet").status == 0)
        #expect(desktop.sandbox.read(root + "/greet.txt") == nil)
        #expect(try waitForSnippets(desktop, "regards=Regards [collection:mail]"))
        // The daemon saw the renames and the removal: a later file is still read, and nothing came back.
        desktop.sandbox.write("snippets/later.txt", "later")
        #expect(try waitForSnippets(desktop, "later=later [] regards=Regards [collection:mail]"))
        #expect(try desktop.sql("SELECT count(*) FROM entry") == "3")
        #expect(!desktop.log.contains("is gone"))
    }

    @Test func aReloadFollowsANewSnippetDir() throws {
        let (desktop, daemon) = try start()
        #expect(try waitForSnippets(desktop, "greet=Hello []"))
        desktop.sandbox.write("other/new.txt", "new")
        desktop.sandbox.write("config/copypasta/copypasta.conf", "feedback = none\nsnippet-dir = ~/other\n")
        daemon.signal(SIGHUP)
        #expect(try waitForSnippets(desktop, "new=new []"))
        desktop.sandbox.write("other/next.txt", "next")
        #expect(try waitForSnippets(desktop, "new=new [] next=next []"))
    }
}
