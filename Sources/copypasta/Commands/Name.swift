import ArgumentParser
import CopypastaCore

extension Copypasta {
    /// `copypasta name ID TITLE` and `name --clear ID`: make an entry a snippet, or stop it being one.
    struct Name: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "name",
            abstract: "Give an entry a title, making it a pinned snippet (--clear takes the title away; the pin stays).",
            discussion: """
                A title is one word of ASCII letters, digits, '-', '_' and '.', unique without regard to case; a \
                title another entry has exits 65 naming it. @TITLE then names the entry wherever an id is accepted.
                """)

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Take the title away instead.")
        var clear = false

        @Argument(help: EntryReference.help("The entry's id"))
        var entry: EntryReference

        @Argument(help: ArgumentHelp("The title.", valueName: "title"))
        var title: String?

        func validate() throws {
            if clear && title != nil { throw ValidationError("--clear takes no title") }
            if !clear && title == nil { throw ValidationError("give a title, or --clear") }
        }

        func run() throws {
            if let title, let problem = SnippetTitle.problem(title) { throw CoreError.data("\(problem); nothing was changed") }
            try global.changeHistory { store, config in
                try SnippetWriteBack.name(store, config: config, id: entry.id(in: store), title: clear ? nil : title)
            }
        }
    }
}
