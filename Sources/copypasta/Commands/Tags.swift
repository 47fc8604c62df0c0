import ArgumentParser
import CopypastaCore
import CopypastaStore

extension Copypasta {
    /// `copypasta tags`: the plain tags with their counts.
    struct Tags: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "tags",
            abstract: "List the tags other than collections, as 'TAG<TAB>COUNT' lines, sorted by name.")

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let counts = try global.openStoreForReading().tagCounts().filter { CollectionTag.name(ofTag: $0.name) == nil }
            Output.standard.write(Array(counts.map { "\($0.name)\t\($0.count)\n" }.joined().utf8))
            Output.standard.flush()
        }
    }
}
