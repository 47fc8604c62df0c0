import ArgumentParser
import CopypastaCore
import CopypastaStore
import Glibc

extension Copypasta {
    /// `copypasta ai summarize|tags|ask|clear`: the optional AI assistance (docs/DESIGN.md "AI assistance").
    ///
    /// Only `clear` runs here. The others exec `copypasta-ai`, found next to this executable as
    /// `pick` finds `copypasta-picker`, so that the HTTP library never loads into `copypasta` or
    /// its daemon; ids are resolved here, and the key is read there, never passed on.
    struct AI: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "ai",
            abstract: "Summaries, tag suggestions and answers from an AI provider you configured, with your own key.",
            discussion: "Nothing is sent unless you run one of these (or set ai-auto). See copypasta(1) for the setup.",
            subcommands: [Summarize.self, Tags.self, Ask.self, Clear.self])

        /// `ai summarize ID…`.
        struct Summarize: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "summarize", abstract: "Summarize entries (a summary and key points), stored with them.")

            @OptionGroup var global: GlobalOptions
            @Flag(help: "Print the request that would be sent, the key masked, and send nothing.")
            var dryRun = false
            @Argument(help: EntryReference.helpMany("The entries to summarize"))
            var entries: [EntryReference]

            func run() throws { try AI.exec(global, "summarize", dryRun: dryRun, entries) }
        }

        /// `ai tags ID… [--apply]`.
        struct Tags: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "tags", abstract: "Suggest tags for entries, preferring your existing tags; --apply adds them.")

            @OptionGroup var global: GlobalOptions
            @Flag(help: "Add the suggested tags to the entries.")
            var apply = false
            @Flag(help: "Print the request that would be sent, the key masked, and send nothing.")
            var dryRun = false
            @Argument(help: EntryReference.helpMany("The entries to suggest tags for"))
            var entries: [EntryReference]

            func run() throws { try AI.exec(global, "tags", dryRun: dryRun, entries, extra: apply ? ["--apply"] : []) }
        }

        /// `ai ask ID QUESTION`.
        struct Ask: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "ask", abstract: "Ask a question about one entry; the answer is printed, not stored.")

            @OptionGroup var global: GlobalOptions
            @Flag(help: "Print the request that would be sent, the key masked, and send nothing.")
            var dryRun = false
            @Argument(help: EntryReference.help("The entry"))
            var entry: EntryReference
            @Argument(help: "The question.")
            var question: String

            func run() throws { try AI.exec(global, "ask", dryRun: dryRun, [entry], question: question) }

            func validate() throws {
                if question.allSatisfy(\.isWhitespace) { throw ValidationError("the question is empty") }
            }
        }

        /// `ai clear ID…`.
        struct Clear: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "clear", abstract: "Remove the stored AI results (summary, key points, suggested tags) of entries.")

            @OptionGroup var global: GlobalOptions
            @Argument(help: EntryReference.helpMany("The entries"))
            var entries: [EntryReference]

            func run() throws {
                let store = try global.openStore()
                for id in try EntryReference.ids(entries, in: store) { try store.clearAIResult(id: id) }
            }
        }

        /// Replaces this process with `copypasta-ai VERB` over the resolved ids.
        static func exec(
            _ global: GlobalOptions, _ verb: String, dryRun: Bool, _ entries: [EntryReference], extra: [String] = [],
            question: String? = nil
        ) throws -> Never {
            let store = try global.openStoreForReading()
            let ids = try EntryReference.ids(entries, in: store)
            let program = try executable()
            let paths = global.paths()
            var argv = [program, "--db", paths.database, "--config", paths.configFile, verb] + extra
            if dryRun { argv.append("--dry-run") }
            argv += ids.map(String.init)
            if let question { argv.append(question) }
            let cStrings = argv.map { strdup($0) } + [nil]
            defer { cStrings.forEach { free($0) } }
            execv(program, cStrings)
            throw CopypastaExit.unavailable("cannot start \(program): \(String(cString: strerror(errno)))")
        }

        /// `copypasta-ai` next to this executable.
        private static func executable() throws -> String {
            let path = Restore.executablePath()
            let directory = path.lastIndex(of: "/").map { String(path[...$0]) } ?? "./"
            let program = directory + "copypasta-ai"
            guard access(program, X_OK) == 0 else {
                throw CopypastaExit.unavailable(
                    "\(program) is missing: the AI assistance is installed with copypasta (make install)")
            }
            return program
        }
    }
}
