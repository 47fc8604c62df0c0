import ArgumentParser
import CopypastaCore
import CopypastaStore
import CopypastaSystem
import Glibc

extension Copypasta {
    /// `copypasta import [--from MANAGER] FILE`: JSON Lines or another manager's history in, de-duplicated.
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract:
                "Read entries from JSON Lines (as written by export; - reads standard input), another clipboard manager or a browser's bookmarks.",
            discussion: """
                Texts already in the history are skipped. Fields other than text are optional; a line without \
                source is stored as source import. Imported entries go below the existing history, the file's \
                first line newest. Entries are committed in small batches, so capture goes on meanwhile; a bad \
                line stops the import and names the line, and the entries before it stay imported. max-entries \
                applies as the entries are stored. An entry longer than max-bytes is skipped with a warning naming \
                its line, without being read into memory. --from clipmenu|greenclip|cliphist|copyq reads that \
                manager's history (FILE: its store when not in the usual place) whole before anything is stored: \
                a malformed store imports nothing. --from bookmarks FILE reads a bookmark file as browsers \
                export it, --from firefox|chromium [PROFILE] a browser's bookmarks: each becomes a link item \
                tagged with its folder as a collection and the browser's name, all or nothing.
                """)

        @OptionGroup var global: GlobalOptions

        @Option(
            help: ArgumentHelp(
                "Where the entries come from: jsonl (the default), clipmenu, greenclip, cliphist, copyq, "
                    + "bookmarks (a bookmark file), firefox or chromium.", valueName: "source"))
        var from: ForeignManager = .jsonl

        @Argument(
            help:
                "The file to read, or - for standard input; for --from, the other manager's store, the bookmark file or the browser's profile directory."
        )
        var file: String?

        @Flag(help: "Queue the archives of the imported bookmarks (--from bookmarks, firefox or chromium).")
        var archive = false

        /// JSON Lines and bookmark files need a file; --archive is for bookmarks.
        func validate() throws {
            if from == .jsonl && file == nil { throw ValidationError("name the file to import, or - for standard input") }
            if from == .bookmarks && file == nil { throw ValidationError("name the bookmark file to import") }
            if archive && !from.isBookmarks { throw ValidationError("--archive is for --from bookmarks, firefox or chromium") }
        }

        func run() throws {
            let config = try global.loadConfig()
            if from.isBookmarks { return try importBookmarks(config) }
            guard from == .jsonl, let file else { return try importForeign(config) }
            let fd = file == "-" ? 0 : open(file, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else {
                throw CoreError.data("cannot read \(file): \(SystemError.describe(errno))")
            }
            defer { if fd != 0 { close(fd) } }
            try global.changeHistory { store, _ in
                let progress = Progress(enabled: Terminal.isTerminal(2) && Self.isLarge(fd))
                var oversized = 0
                // Entries are committed in batches: after a bad line, the error says how many stay imported.
                var started: Importer?
                let summary: ImportSummary
                do {
                    summary = try store.importEntries(maxEntries: config.maxEntries, maxAgeSeconds: config.maxAgeSeconds) {
                        importer in
                        started = importer
                        let reader = LineReader(fd: fd, limit: LineReader.limit(forTextBytes: config.maxBytes))
                        try reader.forEachLine { lineNumber, line in
                            progress.update(lineNumber)
                            if try !Self.importLine(line, number: lineNumber, into: importer, maxBytes: config.maxBytes) {
                                oversized += 1
                                Terminal.warn(
                                    "line \(lineNumber): skipped, its text is longer than max-bytes (\(config.maxBytes) bytes)")
                            }
                        }
                    }
                } catch let failure as CopypastaFailure {
                    progress.finish()
                    throw CopypastaExit.stopped(failure, kept: started?.summary.imported ?? 0)
                }
                progress.finish()
                Terminal.warn(Self.note(summary, oversized: oversized, config: config))
            }
        }

        /// Imports one line; false when its entry is longer than max-bytes and was skipped.
        private static func importLine(_ line: LineReader.Line, number: Int, into importer: Importer, maxBytes: Int) throws
            -> Bool
        {
            guard case let .text(bytes) = line else { return false }
            guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return true }
            let record = try JSONLines.decode(bytes, lineNumber: number)
            guard record.text.utf8.count <= maxBytes else { return false }
            do {
                try importer.add(record)
            } catch {
                throw CopypastaExit.atLine(number, error)
            }
            return true
        }

        private static func note(_ summary: ImportSummary, oversized: Int, config: Config) -> String {
            var note = "imported \(summary.imported) entries, skipped \(summary.duplicates) duplicates"
            if oversized > 0 { note += ", skipped \(oversized) entries longer than max-bytes" }
            if let maxAge = config.maxAgeSeconds, summary.tooOld > 0 {
                note += ", skipped \(summary.tooOld) entries older than max-age (\(ConfigValue.showAge(maxAge)))"
            }
            if summary.removedByRetention > 0 {
                note += ", removed \(summary.removedByRetention) old entries (max-entries = \(config.maxEntries))"
            }
            return note
        }

        /// A regular file over 4 MiB is large enough to show progress.
        static func isLarge(_ fd: Int32) -> Bool {
            var stats = stat()
            return fstat(fd, &stats) == 0 && (stats.st_mode & S_IFMT) == S_IFREG && stats.st_size > 4 << 20
        }
    }
}

/// A `lines read: N` note on stderr, rewritten in place, for long imports on a terminal.
final class Progress {
    private let enabled: Bool
    private var shown = 0

    /// A progress note that prints only when `enabled`.
    init(enabled: Bool) {
        self.enabled = enabled
    }

    /// Shows the line count, at most once per thousand lines.
    func update(_ lines: Int) {
        guard enabled, lines - shown >= 1000 else { return }
        shown = lines
        Terminal.writeAll(2, Array("\rcopypasta: import: \(lines) lines read…".utf8))
    }

    /// Erases the note.
    func finish() {
        if enabled && shown > 0 { Terminal.writeAll(2, Array("\r\u{1B}[K".utf8)) }
    }
}
