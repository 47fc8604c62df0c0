import ArgumentParser
import CopypastaCore
import CopypastaStore

/// An entry as named on the command line: its id, or `@TITLE` for a snippet.
///
/// Every command that takes an id takes this, so `@TITLE` works everywhere an id does; the
/// title is looked up when the command runs (an unknown one exits 66, as an unknown id does).
enum EntryReference: ExpressibleByArgument, Sendable {
    case id(Int64)
    case title(String)

    /// `42` or `@sig`; anything else is a usage error that says what an id looks like.
    init?(argument: String) {
        if argument.hasPrefix("@") {
            let title = String(argument.dropFirst())
            guard SnippetTitle.problem(title) == nil else { return nil }
            self = .title(title)
        } else if let id = Int64(argument) {
            self = .id(id)
        } else {
            return nil
        }
    }

    /// The id this names in `store`.
    func id(in store: HistoryStore) throws(StoreError) -> Int64 {
        switch self {
        case let .id(id): id
        case let .title(title): try store.id(forTitle: title)
        }
    }

    /// The id this names, opening the database only for a title (an id given as a number
    /// goes to the daemon as it is, without the cost of opening the database).
    func id(_ global: GlobalOptions) throws -> Int64 {
        switch self {
        case let .id(id): id
        case .title: try id(in: global.openStore())
        }
    }

    /// The ids `references` name, in order.
    static func ids(_ references: [EntryReference], in store: HistoryStore) throws(StoreError) -> [Int64] {
        var ids: [Int64] = []
        for reference in references { ids.append(try reference.id(in: store)) }
        return ids
    }

    /// The help text of an id argument.
    static func help(_ what: String) -> ArgumentHelp {
        ArgumentHelp("\(what), as list shows it, or @TITLE for a snippet.", valueName: "id")
    }

    /// The help text of a list of id arguments.
    static func helpMany(_ what: String) -> ArgumentHelp {
        ArgumentHelp("\(what), as list shows them, or @TITLE for snippets.", valueName: "id")
    }
}
