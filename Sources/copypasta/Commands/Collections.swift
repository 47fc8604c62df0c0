import ArgumentParser
import CopypastaCore
import CopypastaStore

extension Copypasta {
    /// `copypasta collections`: the collections with their counts.
    struct Collections: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "collections",
            abstract: "List the collections (tags collection:NAME) as 'NAME<TAB>COUNT' lines, sorted by name.",
            discussion: """
                An entry is in collection NAME when it has the tag collection:NAME (tag ID --collection NAME); \
                names keep their casing and match without case. list, pick --collection NAME and search \
                collection:NAME select one.
                """)

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let counts = try global.openStoreForReading().tagCounts().compactMap { count in
                CollectionTag.name(ofTag: count.name).map { ($0, count.count) }
            }
            Output.standard.write(Array(counts.map { "\($0.0)\t\($0.1)\n" }.joined().utf8))
            Output.standard.flush()
        }
    }
}
