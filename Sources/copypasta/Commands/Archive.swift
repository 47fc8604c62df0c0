import ArgumentParser
import CopypastaClient
import CopypastaCore
import CopypastaStore

extension Copypasta {
    /// `copypasta archive retry ID…|--failed`: the archive queue (docs/DESIGN.md "Link archives").
    struct ArchiveCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "archive", abstract: "Manage link archives.", subcommands: [Retry.self])

        /// `archive retry`.
        struct Retry: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "retry",
                abstract: "Queue the archives of links again (attempts start from zero); the daemon archives them.")

            @OptionGroup var global: GlobalOptions

            @Argument(help: EntryReference.helpMany("The ids of the links to archive again"))
            var entries: [EntryReference] = []

            @Flag(help: "Queue every failed archive again.")
            var failed = false

            func validate() throws {
                if failed == !entries.isEmpty { throw ValidationError("give link ids or --failed (not both)") }
            }

            func run() throws {
                let config = try global.loadConfig()
                let store = try global.openStore()
                let ids = failed ? nil : try EntryReference.ids(entries, in: store)
                let queued = try store.retryArchives(ids: ids)
                if config.library.archiveLinks == .off {
                    Terminal.warn("archive-links is off: the queued links wait until it is added or all")
                }
                ArchiveKick.send(global)
                Output.standard.write("\(queued) queued\n")
                try Output.standard.flushOrThrow()
            }
        }
    }
}

/// Tells a running daemon that links were queued for archiving or library items added
/// (`archive-kick`), so that it starts its workers now (the archive, and `ai-auto`'s). Best
/// effort: without a daemon, they run when it starts.
enum ArchiveKick {
    /// Sends `archive-kick` if the daemon runs.
    static func send(_ global: GlobalOptions) {
        _ = try? DaemonClient.sendIfRunning(.archiveKick, socketPath: global.paths().socket)
    }
}
