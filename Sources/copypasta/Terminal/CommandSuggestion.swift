import ArgumentParser

/// "did you mean" for a mistyped subcommand: `copypasta lsit` says `did you mean 'list'?`.
///
/// ArgumentParser reports an unknown subcommand as an unexpected argument of its parent, which
/// does not tell a user what they probably meant; main.swift asks here after a failed parse.
enum CommandSuggestion {
    /// The message for the first word that names no subcommand of a command that has
    /// subcommands, with the closest name when one is near (at most two edits); nil when every
    /// word of the command path is known, or an option comes first.
    static func message(for arguments: [String]) -> String? {
        var command: any ParsableCommand.Type = Copypasta.self
        var path: [String] = []
        for word in arguments {
            let subcommands = command.configuration.subcommands
            guard !subcommands.isEmpty, !word.hasPrefix("-") else { return nil }
            if let next = subcommands.first(where: { $0.configuration.commandName == word }) {
                command = next
                path.append(word)
                continue
            }
            let names = subcommands.compactMap { $0.configuration.commandName }
            let near = names.map { ($0, distance(word, $0)) }.filter { $0.1 <= min(2, word.count - 1) }
            let unknown = "unknown command '\((path + [word]).joined(separator: " "))'"
            guard let best = near.min(by: { $0.1 < $1.1 }) else { return unknown }
            return unknown + "; did you mean '\((path + [best.0]).joined(separator: " "))'?"
        }
        return nil
    }

    /// Edits (insert, delete, replace, swap of two neighbours) from `word` to `name`.
    static func distance(_ word: String, _ name: String) -> Int {
        let source = Array(word.lowercased()), target = Array(name)
        guard !source.isEmpty else { return target.count }
        var rows = [Array(0...target.count)]
        for index in 1...source.count {
            var row = [index] + Array(repeating: 0, count: target.count)
            for column in stride(from: 1, through: target.count, by: 1) {
                let cost = source[index - 1] == target[column - 1] ? 0 : 1
                row[column] = min(rows[index - 1][column] + 1, row[column - 1] + 1, rows[index - 1][column - 1] + cost)
                if index > 1, column > 1, source[index - 1] == target[column - 2], source[index - 2] == target[column - 1] {
                    row[column] = min(row[column], rows[index - 2][column - 2] + 1)
                }
            }
            rows.append(row)
        }
        return rows[source.count][target.count]
    }
}
