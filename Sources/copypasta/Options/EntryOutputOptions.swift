import ArgumentParser
import CopypastaCore
import CopypastaStore

/// The output formats `list`, `search` and `pick` share (copypasta(1) COMMANDS).
///
/// `list` and `search` declare the two flags themselves, with the names and help below, and make
/// this value with `init(json:null:)` (see `GlobalOptions`).
struct EntryOutputOptions: ParsableArguments {
    /// The name of `--json` (see `GlobalOptions.dbName`).
    static let jsonName = NameSpecification.customLong("json")
    /// The help of `--json`.
    static let jsonHelp = ArgumentHelp("Print JSON Lines: one object per entry with every field.")
    /// The names of `--null`.
    static let nullNames: NameSpecification = [.customShort("0"), .customLong("null")]
    /// The help of `--null`.
    static let nullHelp = ArgumentHelp("Print the full texts, each ending in a NUL byte (for fzf --read0, xargs -0).")

    /// JSON Lines output.
    @Flag(name: EntryOutputOptions.jsonName, help: EntryOutputOptions.jsonHelp)
    var json = false

    /// NUL-terminated full texts.
    @Flag(name: EntryOutputOptions.nullNames, help: EntryOutputOptions.nullHelp)
    var null = false

    /// Refuses two output formats at once.
    func validate() throws {
        if json && null { throw ValidationError("--json and --null cannot be combined; pick one output format") }
    }

    /// `entry` with its stored AI results when the format prints them (`--json`'s `ai` field);
    /// a result that cannot be read leaves the field out rather than failing the listing.
    func withAI(_ entry: Entry, store: HistoryStore) -> Entry {
        guard json else { return entry }
        var entry = entry
        entry.ai = try? store.aiResult(id: entry.id)
        return entry
    }

    /// Whether the format needs the full texts.
    var needsText: Bool { json || null }

    /// Prints entries in the chosen format.
    func print(_ entries: [Entry]) {
        let columns = Terminal.outputColumns()
        for entry in entries { print(entry, columns: columns) }
        Output.standard.flush()
    }

    /// Prints one entry in the chosen format; a long JSON line goes out in pieces as it is built.
    /// `badge` adds the sync state column to the human format.
    func print(_ entry: Entry, columns: Int, badge: Bool = false) {
        let out = Output.standard
        var bytes: [UInt8] = []
        append(entry, to: &bytes, columns: columns, badge: badge) { chunk in
            out.write(chunk)
            chunk.removeAll(keepingCapacity: true)
        }
        out.write(bytes)
    }

    /// Appends one entry in the chosen format: a JSON line, the full text ending in NUL, or `appendHumanLine`.
    ///
    /// With `idBeforeText` a full text is preceded by its id and a tab, so that a launcher's choice
    /// names the entry (`pick --null`). `flush` receives the bytes built so far of a long JSON line.
    func append(
        _ entry: Entry, to bytes: inout [UInt8], columns: Int, idBeforeText: Bool = false, badge: Bool = false,
        flush: (inout [UInt8]) -> Void = { _ in }
    ) {
        if json {
            JSONLines.appendLine(entry, to: &bytes, flushAt: 1 << 20, flush: flush)
        } else if null {
            if idBeforeText { bytes += "\(entry.id)\t".utf8 }
            // A secure entry's text is never printed by a listing: its placeholder and names stand in.
            bytes += (entry.secure ? entry.listingPreview : entry.text ?? "").utf8
            bytes.append(0)
        } else {
            Self.appendHumanLine(entry, to: &bytes, columns: columns, badge: badge)
            bytes.append(0x0A)
        }
    }

    /// `ID<TAB>preview`, or `ID<TAB>BADGE<TAB>preview` with the sync state's letter, cut so that the
    /// whole line fits in `columns` (a tab advances to the next multiple of 8). The preview is
    /// `Entry.listingPreview`: a snippet's title leads it.
    static func appendHumanLine(_ entry: Entry, to bytes: inout [UInt8], columns: Int, badge: Bool = false) {
        let id = String(entry.id)
        let previewStart = (id.count / 8 + 1) * 8 + (badge ? 8 : 0)
        bytes += id.utf8
        bytes.append(0x09)
        if badge {
            bytes += "\(entry.sync.badge)".utf8
            bytes.append(0x09)
        }
        Preview.appendLine(entry.listingPreview, columns: max(columns - previewStart, 1), to: &bytes)
    }
}

extension EntryOutputOptions {
    /// The flags as parsed by a command that declares them itself (the memberwise initializer
    /// would make unparsed definitions, not values).
    static func parsed(json: Bool, null: Bool) -> EntryOutputOptions {
        var options = EntryOutputOptions()
        options.json = json
        options.null = null
        return options
    }
}
