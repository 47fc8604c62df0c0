import ArgumentParser
import CopypastaCore
import CopypastaStore

extension Copypasta {
    /// `copypasta export`: every entry as JSON Lines on standard output.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write every entry as JSON Lines (the format of list --json) to standard output, newest first.")

        @OptionGroup var global: GlobalOptions

        @Flag(
            name: .customLong("include-secure"),
            help: "Also export secure entries, as ciphertext (a hex \"sealed\" field) that import cannot open.")
        var includeSecure = false

        @Option(
            help: ArgumentHelp(
                "Instead, copy the documents and link archives of the entries named to DIR.", valueName: "dir"))
        var files: String?

        @Argument(help: EntryReference.help("With --files, the entries whose files to copy (ids)"))
        var entries: [EntryReference] = []

        /// Entries are named with --files only, and --files needs them.
        func validate() throws {
            if (files == nil) != entries.isEmpty {
                throw ValidationError("export --files DIR needs the ids of the entries whose files to copy, and ids need --files")
            }
        }

        /// Secure entries are left out unless asked for; then their sealed bytes go out, never the text.
        func run() throws {
            let store = try global.openStoreForReading()
            if let files { return try exportFiles(store, to: files) }
            var line: [UInt8] = []
            var secure = 0
            try store.forEachEntry(EntryFilter(), withText: true) { entry in
                if entry.secure {
                    secure += 1
                    guard includeSecure else { return }
                }
                line.removeAll(keepingCapacity: true)
                JSONLines.appendLine(entry, to: &line, flushAt: 1 << 20) { chunk in
                    Output.standard.write(chunk)
                    chunk.removeAll(keepingCapacity: true)
                }
                if entry.secure, let sealed = try store.sealedText(id: entry.id) {
                    line.removeLast(2)
                    line += ",\"sealed\":\"\(Self.hex(sealed))\"}\n".utf8
                }
                Output.standard.write(line)
            }
            Output.standard.flush()
            if secure > 0 {
                Terminal.writeAll(
                    2,
                    Array(
                        (includeSecure
                            ? "copypasta: \(secure) secure entries exported as ciphertext only (\"sealed\"); import cannot open them\n"
                            : "copypasta: \(secure) secure entries left out (see --include-secure)\n").utf8))
            }
        }

        private static func hex(_ bytes: [UInt8]) -> String {
            let digits = Array("0123456789abcdef".utf8)
            return String(decoding: bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self)
        }
    }
}
