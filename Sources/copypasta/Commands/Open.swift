import ArgumentParser
import CopypastaCore
import CopypastaStore
import CopypastaSystem
import Glibc

extension Copypasta {
    /// `copypasta open ID`: a link's archive, a link's live URL, or a document, in the default
    /// application (docs/DESIGN.md "Link archives").
    struct Open: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "open",
            abstract: "Open a link's archive (reader view), its page, its live URL, or a document with xdg-open.",
            discussion: """
                A link opens its readable article (reader.html), or the saved page when it has none; \
                an archive that is pending, failed or missing exits 66 and names --original. A document \
                opens its copy. xdg-open starts in a session of its own and is not waited for.
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: EntryReference.help("The id of the link or document to open"))
        var entry: EntryReference

        @Flag(help: "Open the saved page (page.html) rather than the reader view.")
        var page = false

        @Flag(help: "Open the live URL instead of the archive.")
        var original = false

        @Flag(name: .customLong("print"), help: "Print the path (or, with --original, the URL) instead of opening it.")
        var printOnly = false

        func validate() throws {
            if page && original { throw ValidationError("--page and --original exclude each other") }
        }

        func run() throws {
            let store = try global.openStore()
            let id = try entry.id(in: store)
            let target = try OpenTarget.find(id: id, in: store, page: page, original: original)
            if printOnly {
                Output.standard.write(target + "\n")
                try Output.standard.flushOrThrow()
                return
            }
            guard let opener = Spawn.findExecutable("xdg-open") else {
                throw CopypastaExit.unavailable("xdg-open is not installed (xdg-utils); open --print \(id) prints the path")
            }
            // Its own session, no pipes, not waited for: a browser that stays open keeps
            // nothing of this command, and init reaps it.
            _ = try Spawn.start([opener, target], environment: [:], stdin: false, stdout: false, stderr: false, newSession: true)
        }
    }
}
