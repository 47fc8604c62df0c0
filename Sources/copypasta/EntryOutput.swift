import ArgumentParser
import CopypastaCore

/// The output formats `list`, `search` and `pick` share (SPEC §7).
struct EntryOutputOptions: ParsableArguments {
    /// JSON Lines output.
    @Flag(name: .long, help: "Print JSON Lines: one object per entry with every field.")
    var json = false

    /// NUL-terminated full texts.
    @Flag(name: [.customShort("0"), .customLong("null")], help: "Print the full texts, each ending in a NUL byte (for fzf --read0, xargs -0).")
    var null = false

    /// Refuses two output formats at once.
    func validate() throws {
        if json && null { throw ValidationError("--json and --null cannot be combined; pick one output format") }
    }

    /// Whether the format needs the full texts.
    var needsText: Bool { json || null }

    /// Prints entries in the chosen format.
    func print(_ entries: [Entry]) {
        let columns = Terminal.outputColumns()
        for entry in entries { print(entry, columns: columns) }
        Output.standard.flush()
    }

    /// Prints one entry in the chosen format.
    func print(_ entry: Entry, columns: Int) {
        let out = Output.standard
        if json {
            var line: [UInt8] = []
            JSONLines.appendLine(entry, to: &line, flushAt: 1 << 20) { chunk in
                out.write(chunk)
                chunk.removeAll(keepingCapacity: true)
            }
            out.write(line)
        } else if null {
            out.write(entry.text ?? "")
            out.write("\0")
        } else {
            out.write(Self.humanLine(entry, columns: columns))
            out.write("\n")
        }
    }

    /// `ID<TAB>preview`, cut so that the whole line fits in `columns` (a tab advances to the next multiple of 8).
    static func humanLine(_ entry: Entry, columns: Int) -> String {
        let id = String(entry.id)
        let previewStart = (id.count / 8 + 1) * 8
        return id + "\t" + Preview.line(entry.previewSource, columns: max(columns - previewStart, 1))
    }
}
